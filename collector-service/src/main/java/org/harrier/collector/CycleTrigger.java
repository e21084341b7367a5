package org.harrier.collector;

import org.harrier.rules.Resources;
import org.harrier.collector.negotiation.SlotOffer;

/**
 * Which ad updates make a negotiation cycle worth starting (docs/protocols.md "Negotiation"):
 * a submitter (or scheduler) reporting more idle jobs than before, or a scheduler with idle jobs
 * reporting new submissions (an ad sent every 100 ms carries only the newest counts, so a job
 * submitted just after another was matched can leave TotalIdleJobs where it was, and would
 * otherwise wait a whole NEGOTIATOR_INTERVAL); a slot that can take work
 * appearing; a slot becoming able to take work (Unclaimed again); a partitionable slot getting
 * resources back (a claim released, or its match notices timed out). Anything else, including the periodic re-advertisement of
 * an unchanged ad and a claimed dynamic slot appearing, waits for NEGOTIATOR_INTERVAL.
 */
final class CycleTrigger {
    private CycleTrigger() {
    }

    static boolean startsCycle(AdUpdate update) {
        if (update.kind() != AdUpdate.Kind.ADDED && update.kind() != AdUpdate.Kind.REPLACED) {
            return false;
        }
        StoredAd now = update.current();
        StoredAd before = update.previous();
        return switch (now.type()) {
            case SUBMITTER -> more(now, before, "IdleJobs");
            case SCHEDULER -> more(now, before, "TotalIdleJobs") || now.count("TotalIdleJobs") > 0 && more(now, before, "JobsSubmitted");
            case SLOT -> slotOpened(now, before);
        };
    }

    private static boolean more(StoredAd now, StoredAd before, String attribute) {
        return now.count(attribute) > (before == null ? 0 : before.count(attribute));
    }

    private static boolean slotOpened(StoredAd now, StoredAd before) {
        SlotOffer offer = offer(now);
        if (!offer.available()) {
            return false;
        }
        if (before == null || !offer(before).available()) {
            return true;
        }
        if (!offer.partitionable()) {
            return false;
        }
        Resources was = Resources.advertisedBy(before.ad());
        Resources is = Resources.advertisedBy(now.ad());
        return !was.covers(is) || matchTimedOut(offer(before), offer, was, is);
    }

    /**
     * A partitionable slot leaving State Matched with nothing carved: its match notices expired
     * (MATCH_TIMEOUT) without a claim, so what their matches held is free again.
     */
    private static boolean matchTimedOut(SlotOffer before, SlotOffer now, Resources was, Resources is) {
        return "Matched".equalsIgnoreCase(before.state()) && !"Matched".equalsIgnoreCase(now.state()) && is.covers(was);
    }

    static SlotOffer offer(StoredAd slot) {
        return new SlotOffer(slot.id(), slot.agent(), slot.ad());
    }
}
