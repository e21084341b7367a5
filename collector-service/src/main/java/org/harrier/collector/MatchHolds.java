package org.harrier.collector;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.harrier.collector.negotiation.PlannedMatch;
import org.harrier.rules.Resources;
import org.harrier.collector.negotiation.SlotOffer;

/**
 * Slots handed out by a cycle whose ads have not changed since. Until the startd re-advertises
 * (after the claim, normally milliseconds later), the collector still holds the ad from before
 * the match; without a hold the next cycle would hand the same slot, or the same cores of a
 * partitionable slot, to another job and the claim would be refused. A hold is dropped as soon
 * as a newer version of the ad arrives (the store's revision changes; not one that only shows
 * the slot Matched, see {@link #echoed}) or the ad goes away, and given back when the scheduler
 * could not be told of the match.
 *
 * <p>Not thread-safe: owned by the central manager's thread, like the store.
 */
final class MatchHolds {
    private record Hold(long revision, boolean whole, Resources carved) {
    }

    private Map<AdKey, Hold> holds = new HashMap<>();

    /**
     * The slot ads as the next plan should see them: wholly held slots left out, partitionable
     * slots with what their holds carved taken off. Prunes holds on ads that changed or went away.
     */
    List<SlotOffer> offers(List<StoredAd> slots) {
        Map<AdKey, Hold> kept = new HashMap<>();
        List<SlotOffer> out = new java.util.ArrayList<>(slots.size());
        for (StoredAd slot : slots) {
            SlotOffer offer = CycleTrigger.offer(slot);
            Hold h = echoed(holds.get(slot.key()), slot, offer);
            if (h == null || h.revision != slot.revision()) {
                out.add(offer);
                continue;
            }
            kept.put(slot.key(), h);
            Resources advertised = Resources.advertisedBy(slot.ad());
            if (!h.whole && advertised.covers(h.carved)) {
                out.add(new SlotOffer(offer.id(), offer.startd(), advertised.minus(h.carved).appliedTo(slot.ad())));
            }
        }
        holds = kept;
        return out;
    }

    /**
     * The hold carried over a newer ad in State Matched: that version is the startd's answer to
     * the match notice (NEGOTIATOR_INFORM_STARTD), not to the claim, so what the match took is
     * still advertised as free and stays held until the claim (or MATCH_TIMEOUT) changes the ad.
     */
    private static Hold echoed(Hold h, StoredAd slot, SlotOffer offer) {
        if (h != null && h.revision != slot.revision() && "Matched".equalsIgnoreCase(offer.state())) {
            return new Hold(slot.revision(), h.whole, h.carved);
        }
        return h;
    }

    /** Holds the slots of {@code matches}, planned on the ad versions {@code revisions} gives. */
    void hold(List<PlannedMatch> matches, Map<AdKey, Long> revisions) {
        for (PlannedMatch m : matches) {
            AdKey key = key(m.slot());
            Long revision = revisions.get(key);
            if (revision == null) {
                continue;
            }
            boolean whole = !m.slot().partitionable();
            Hold h = holds.get(key);
            Resources before = h != null && h.revision == revision ? h.carved : Resources.NONE;
            holds.put(key, new Hold(revision, whole, before.plus(m.carved())));
        }
    }

    /** Gives back what {@code matches} held, if their ads have not changed since. */
    void release(List<PlannedMatch> matches, Map<AdKey, Long> revisions) {
        for (PlannedMatch m : matches) {
            AdKey key = key(m.slot());
            Hold h = holds.get(key);
            if (h == null || !revisions.containsKey(key) || h.revision != revisions.get(key)) {
                continue;
            }
            if (h.whole || !h.carved.covers(m.carved())) {
                holds.remove(key);
            } else {
                holds.put(key, new Hold(h.revision, false, h.carved.minus(m.carved())));
            }
        }
    }

    int size() {
        return holds.size();
    }

    private static AdKey key(SlotOffer slot) {
        return new AdKey(slot.id(), slot.startd());
    }
}
