package org.harrier.exec.claim;

import java.util.Objects;

/**
 * The partitionable slot's State (Owner while START is false without a job; Matched while a
 * match notice waits for its claim, see {@link MatchNotices}; else Unclaimed; its Activity is
 * always Idle) and the time it has spent in each, for HTCondor's EnteredCurrentState and
 * TotalTimeOwnerIdle / TotalTimeUnclaimedIdle / TotalTimeMatchedIdle. The owner's part moves at
 * the startd's polls, when the machine is measured; the match notices' at once.
 */
public record PartitionableStay(String state, StateTimes times) {
    static final String IDLE = "Idle";

    public PartitionableStay {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(times, "times");
    }

    static PartitionableStay since(String state, long now) {
        return new PartitionableStay(state, StateTimes.since(now));
    }

    /** The stay after a look that found the slot in {@code next} at {@code now}; unchanged if it was already. */
    PartitionableStay movedTo(String next, long now) {
        return next.equals(state) ? this : new PartitionableStay(next, times.moved(state, IDLE, next, IDLE, now));
    }
}
