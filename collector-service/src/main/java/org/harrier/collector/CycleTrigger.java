package org.harrier.collector;

import java.util.List;
import java.util.function.BooleanSupplier;

import org.harrier.rules.Resources;
import org.harrier.collector.negotiation.Preemption;
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
 *
 * <p>New work (more idle jobs, new submissions) starts a cycle only while the pool has room for
 * a job ({@link #roomForWork}): a slot offered to the planner, or a running one some job could
 * preempt. Without either a cycle cannot match anything: the planner places a job only on an
 * available slot (Unclaimed, or partitionable with resources left, less what earlier matches
 * hold) or by preempting (by the slot's Rank, or by priority when PREEMPTION_REQUIREMENTS is
 * not False), and a slot whose match timed out or whose claim ended announces itself with an
 * ad of its own, which starts a cycle then and asks every scheduler with idle jobs. Neither
 * GetRequests nor a cycle that matches nothing changes anything the accountant's own
 * UPDATE_INTERVAL tick does not; what is lost is the negotiator ad's statistics of such a cycle,
 * which NEGOTIATOR_INTERVAL's cycle still brings up to date. While Submits stream into a pool
 * whose slots are all claimed and reused by their schedulers, every scheduler and submitter ad
 * (each sent every 100 ms, its idle count or JobsSubmitted higher) ran a cycle and a
 * GetRequests round trip to no end.
 */
final class CycleTrigger {
    private CycleTrigger() {
    }

    /** {@code room} says whether the pool has room for a job now; asked only about new work. */
    static boolean startsCycle(AdUpdate update, BooleanSupplier room) {
        if (update.kind() != AdUpdate.Kind.ADDED && update.kind() != AdUpdate.Kind.REPLACED) {
            return false;
        }
        StoredAd now = update.current();
        StoredAd before = update.previous();
        return switch (now.type()) {
            case SUBMITTER -> more(now, before, "IdleJobs") && room.getAsBoolean();
            case SCHEDULER -> (more(now, before, "TotalIdleJobs")
                    || now.count("TotalIdleJobs") > 0 && more(now, before, "JobsSubmitted")) && room.getAsBoolean();
            case SLOT -> slotOpened(now, before);
        };
    }

    /**
     * Whether a cycle could place a job on {@code offers} (the slots as the next plan sees them,
     * match holds applied): one is available, or one runs a job that {@code preemption} or its
     * Rank lets another job take over.
     */
    static boolean roomForWork(List<SlotOffer> offers, Preemption preemption) {
        for (SlotOffer offer : offers) {
            if (offer.available() || offer.runningJob() && offer.preemptible(preemption)) {
                return true;
            }
        }
        return false;
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
