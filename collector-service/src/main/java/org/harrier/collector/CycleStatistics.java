package org.harrier.collector;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import org.harrier.collector.negotiation.MatchPlan;

/**
 * The negotiator object's statistics: how many cycles have run, and what the last one did
 * (HTCondor's negotiator: Time, Duration, Matches, MatchRate, Rejections, CandidateSlots,
 * NumIdleJobs, NumSchedulers). {@code rejections} counts requests (autoclusters) left with idle
 * jobs, as HTCondor counts one rejection per autocluster it gives up on.
 */
public record CycleStatistics(long cycles, Instant time, Duration duration, long matches, long rejections,
                              long candidateSlots, long idleJobs, long schedulers) {
    public static final CycleStatistics NONE = new CycleStatistics(0, Instant.EPOCH, Duration.ZERO, 0, 0, 0, 0, 0);

    public CycleStatistics {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(duration, "duration");
    }

    /** The statistics after one more cycle, which started at {@code started} and took {@code took}. */
    CycleStatistics next(Instant started, Duration took, MatchPlan plan, int schedulersAsked) {
        return new CycleStatistics(cycles + 1, started, took, plan.matches().size(), plan.rejections().size(),
                plan.candidateSlots(), plan.idleJobs(), schedulersAsked);
    }

    /** Matches per second of the last cycle; 0 for a cycle too short to measure. */
    public double matchRate() {
        double seconds = seconds();
        return seconds > 0 ? matches / seconds : 0.0;
    }

    public double seconds() {
        return duration.toNanos() / 1e9;
    }
}
