package org.harrier.collector;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.harrier.collector.negotiation.MatchPlan;

/**
 * The negotiator object's statistics: how many cycles have run, and what the last one did
 * (HTCondor's negotiator: Time, Duration, Matches, MatchRate, Rejections, CandidateSlots,
 * NumIdleJobs, NumSchedulers, Phase1..4Duration, ...). {@code rejections} counts requests
 * (autoclusters) left with idle jobs, as HTCondor counts one rejection per autocluster it
 * gives up on.
 */
public record CycleStatistics(long cycles, Instant time, Duration duration, MatchPlan plan, long schedulers,
                              long submitters, Phases phases) {
    public static final CycleStatistics NONE = new CycleStatistics(0, Instant.EPOCH, Duration.ZERO, MatchPlan.EMPTY, 0, 0,
            Phases.NONE);

    /** Seconds spent gathering requests, accounting, matchmaking and applying the plan. */
    public record Phases(double gather, double account, double match, double apply) {
        public static final Phases NONE = new Phases(0, 0, 0, 0);
    }

    public CycleStatistics {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(phases, "phases");
    }

    /** The statistics after one more cycle, which started at {@code started} and took {@code took}. */
    CycleStatistics next(Instant started, Duration took, MatchPlan plan, int schedulersAsked, int submitters, Phases phases) {
        return new CycleStatistics(cycles + 1, started, took, plan, schedulersAsked, submitters, phases);
    }

    public long matches() {
        return plan.matches().size();
    }

    public long rejections() {
        return plan.rejections().size();
    }

    public long candidateSlots() {
        return plan.candidateSlots();
    }

    public long idleJobs() {
        return plan.idleJobs();
    }

    public long preemptions() {
        return plan.preemptions();
    }

    public List<String> shareLimited() {
        return plan.shareLimited();
    }

    /** Matches per second of the last cycle; 0 for a cycle too short to measure. */
    public double matchRate() {
        double seconds = seconds();
        return seconds > 0 ? matches() / seconds : 0.0;
    }

    public double seconds() {
        return duration.toNanos() / 1e9;
    }
}
