package org.harrier.exec;

import java.time.Duration;

import org.harrier.exec.claim.VacateTime;

/**
 * The startd's clocks, part of {@link ExecSettings}. updateInterval: how often slot ads are
 * republished (HTCondor UPDATE_INTERVAL; 5 s in a personal grid). killGrace: how long a vacated
 * job has between its KillSig and SIGKILL when MAXVACATETIME is not an expression (a job's
 * smaller JobMaxVacateTime wins; {@link VacateTime}). usageInterval: how often a running job's
 * CPU time is sampled from /proc. matchTimeout: HTCondor's MATCH_TIMEOUT, how long a match notice
 * keeps the slot Matched without a claim.
 */
public record StartdTimings(Duration updateInterval, Duration killGrace, Duration usageInterval, Duration matchTimeout) {
    public StartdTimings {
        positive(matchTimeout, "matchTimeout (MATCH_TIMEOUT)");
        positive(updateInterval, "updateInterval");
        if (killGrace == null || killGrace.isNegative()) {
            throw new IllegalArgumentException("killGrace must be zero or positive, got " + killGrace);
        }
        positive(usageInterval, "usageInterval");
    }

    private static void positive(Duration d, String what) {
        if (d == null || d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(what + " must be positive, got " + d);
        }
    }
}
