package org.harrier.exec.claim;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The partitionable slot's State with the negotiator's match notices applied ({@link MatchNotices}
 * decides): a notice makes the slot Matched and is published at once; a granted claim answers
 * its scheduler's oldest notice; MATCH_TIMEOUT after a notice, a timer takes it away if no
 * claim did; START turning false (the owner state, as the last poll found it) forgets them all.
 * The State's times (EnteredCurrentState, TotalTimeMatchedIdle, ...) are kept in {@link #stay}.
 *
 * <p>Threads: {@link #notice} may be called from any thread and hands its work to the startd's
 * owner thread, which owns {@code notices} and runs every other method; {@link #stay} is a
 * volatile snapshot readable from any thread.
 */
public final class SlotMatches {
    private static final Logger log = LoggerFactory.getLogger(SlotMatches.class);
    /** The timer fires this much after MATCH_TIMEOUT, so the clock has surely passed it. */
    private static final long TIMER_MARGIN_MILLIS = 50;

    private final OwnerThread thread;
    private final Supplier<PartitionableSlot> slot;
    private final Supplier<String> ownerState;
    private final Duration timeout;
    private final Clock clock;
    private final Executor owner;
    private final Runnable publish;
    private MatchNotices notices = MatchNotices.NONE;
    private volatile PartitionableStay stay;

    /**
     * {@code ownerState}: Owner or Unclaimed as the owner policy last judged it; {@code publish}:
     * re-advertises the slots (and calls {@link #restate} first).
     */
    public SlotMatches(OwnerThread thread, Supplier<String> ownerState, Duration timeout, Runnable publish) {
        this.thread = thread;
        this.slot = () -> thread.table().slot();
        this.ownerState = Objects.requireNonNull(ownerState, "ownerState");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.clock = thread.clock();
        this.owner = thread.executor();
        this.publish = Objects.requireNonNull(publish, "publish");
        this.stay = PartitionableStay.since(ownerState.get(), clock.instant().getEpochSecond());
    }

    /**
     * The negotiator's notice that {@code scheduler} (an agent name, already checked) was matched
     * with the partitionable slot. Completes with whether the slot took it: not while its owner
     * has it (State Owner), which is logged and changes nothing.
     */
    public CompletableFuture<Boolean> notice(String scheduler) {
        return thread.call(() -> noticed(scheduler));
    }

    private boolean noticed(String scheduler) {
        restate();
        if (MatchNotices.OWNER.equals(stay.state())) {
            log.info("match notice for {} ignored: the slot is in State Owner (START is false)", scheduler);
            return false;
        }
        notices = notices.noticed(scheduler, clock.millis());
        CompletableFuture.delayedExecutor(timeout.toMillis() + TIMER_MARGIN_MILLIS, TimeUnit.MILLISECONDS, owner)
                .execute(this::expire);
        publish.run();
        return true;
    }

    /** A claim of {@code scheduler} was granted: it answers that scheduler's oldest notice. Owner thread. */
    public void claimed(String scheduler) {
        notices = notices.claimed(scheduler);
    }

    private void expire() {
        MatchNotices left = notices.expired(clock.millis(), timeout);
        if (left != notices) {
            log.info("{} match notice(s) expired without a claim (MATCH_TIMEOUT {} s)",
                    notices.pending().size() - left.pending().size(), timeout.toSeconds());
            notices = left;
            publish.run();
        }
    }

    /**
     * Moves the stay to the State the owner and the notices give the slot now: START false
     * forgets every notice (Matched becomes Owner), expired ones go. Owner thread: before every
     * publication and after every poll.
     */
    public void restate() {
        String ownerNow = ownerState.get();
        notices = MatchNotices.OWNER.equals(ownerNow) ? MatchNotices.NONE : notices.expired(clock.millis(), timeout);
        stay = stay.movedTo(notices.state(ownerNow, slot.get().dynamicSlots().size()), clock.instant().getEpochSecond());
    }

    /** The partitionable slot's State (Owner, Unclaimed or Matched) and its times; any thread. */
    public PartitionableStay stay() {
        return stay;
    }
}
