package org.harrier.exec.claim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The partitionable slot's match notices not yet claimed (the negotiator's {@code slot.Match},
 * sent when NEGOTIATOR_INFORM_STARTD is true; HTCondor's MATCH_INFO) and the State they give the
 * slot: pure decisions, applied by {@link SlotMatches} (docs/protocols.md "Match notices").
 *
 * <p>HTCondor's machine states: Unclaimed becomes Matched on a notice; Matched becomes Claimed
 * when the scheduler claims, and goes back (Owner, then Unclaimed if START allows) when START
 * turns false or MATCH_TIMEOUT passes without a claim. A partitionable slot takes many claims
 * and carves a dynamic slot (State Claimed) for each, so here it shows Matched only while it has
 * a notice neither claimed nor expired and nothing carved; once a claim has carved a dynamic
 * slot it shows Unclaimed again, as it always does with claims. A claim answers the oldest
 * notice of its scheduler; a claim nobody announced answers none.
 */
public record MatchNotices(List<Notice> pending) {
    /** At most this many notices wait at once; beyond it the oldest are forgotten (a flood cannot grow the list). */
    public static final int MOST = 256;
    public static final MatchNotices NONE = new MatchNotices(List.of());
    public static final String MATCHED = "Matched";
    public static final String OWNER = "Owner";

    /** A notice from {@code scheduler} (its agent name, as its Claim will give it), received at {@code atMillis}. */
    public record Notice(String scheduler, long atMillis) {
        public Notice {
            Objects.requireNonNull(scheduler, "scheduler");
            if (scheduler.isBlank()) {
                throw new IllegalArgumentException("a match notice names the scheduler whose claim is to come");
            }
        }
    }

    public MatchNotices {
        pending = List.copyOf(Objects.requireNonNull(pending, "pending"));
        if (pending.size() > MOST) {
            throw new IllegalArgumentException("at most " + MOST + " match notices wait, got " + pending.size());
        }
    }

    /** After a notice from {@code scheduler} at {@code nowMillis}; the oldest is forgotten if {@link #MOST} wait already. */
    public MatchNotices noticed(String scheduler, long nowMillis) {
        List<Notice> next = new ArrayList<>(pending);
        next.add(new Notice(scheduler, nowMillis));
        return new MatchNotices(next.size() > MOST ? next.subList(next.size() - MOST, next.size()) : next);
    }

    /** After a claim of {@code scheduler} was granted: its oldest notice is answered. */
    public MatchNotices claimed(String scheduler) {
        for (int i = 0; i < pending.size(); i++) {
            if (pending.get(i).scheduler().equals(scheduler)) {
                List<Notice> next = new ArrayList<>(pending);
                next.remove(i);
                return new MatchNotices(next);
            }
        }
        return this;
    }

    /** Without the notices that waited {@code timeout} (MATCH_TIMEOUT) or longer by {@code nowMillis}; this if none did. */
    public MatchNotices expired(long nowMillis, Duration timeout) {
        List<Notice> left = pending.stream().filter(n -> nowMillis - n.atMillis() < timeout.toMillis()).toList();
        return left.size() == pending.size() ? this : new MatchNotices(left);
    }

    /**
     * The partitionable slot's State: Owner whenever the owner has it ({@code ownerState}, START
     * without a job is false), Matched with a notice waiting and no dynamic slot, else
     * {@code ownerState} (Unclaimed).
     */
    public String state(String ownerState, int dynamicSlots) {
        if (OWNER.equals(ownerState)) {
            return OWNER;
        }
        return !pending.isEmpty() && dynamicSlots == 0 ? MATCHED : ownerState;
    }
}
