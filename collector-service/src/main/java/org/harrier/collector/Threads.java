package org.harrier.collector;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Where the central manager's work runs and what time it is: {@code owner} is the one thread
 * that touches the ad store and the negotiator's state; {@code planner} runs match planning on
 * frozen snapshots so a long cycle does not hold up ad updates and queries.
 */
record Threads(ScheduledExecutorService owner, Executor planner, Clock clock) {
    Threads {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(planner, "planner");
        Objects.requireNonNull(clock, "clock");
    }
}
