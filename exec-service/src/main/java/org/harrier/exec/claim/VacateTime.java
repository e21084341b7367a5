package org.harrier.exec.claim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Value;

/**
 * How long a vacated job has between its KillSig and SIGKILL (HTCondor's
 * {@code Resource::evalMaxVacateTime}): the machine's MAXVACATETIME, evaluated with the slot as
 * MY and the job as TARGET, cut down by the job's own JobMaxVacateTime ({@code job_max_vacate_time},
 * evaluated with the job as MY and the slot as TARGET) when that is smaller. A job can only
 * shorten its vacate time (HTCondor would lengthen it out of unused retirement; not here).
 *
 * <p>Either expression that is not a number of seconds, or is negative, counts as 0 (the job is
 * killed at once), as HTCondor's startd does when EvalInteger fails ("Failed to evaluate ... as
 * an integer"); {@link Grant#notes()} says so, for the log. Pure.
 */
public final class VacateTime {
    private static final double MAX_SECONDS = 1e9;

    private VacateTime() {
    }

    /** The time granted and what went wrong on the way (empty when both expressions made sense). */
    record Grant(Duration time, List<String> notes) {
        Grant {
            if (time == null || time.isNegative()) {
                throw new IllegalArgumentException("a vacate time is zero or positive, got " + time);
            }
            notes = List.copyOf(notes);
        }
    }

    /**
     * The vacate time {@code job} gets on {@code slotAd}. {@code machine} is MAXVACATETIME's
     * expression, or null when it is not configured: then the machine grants {@code killGrace}
     * (the startd's --kill-grace).
     */
    public static Grant granted(Expr machine, Duration killGrace, ClassAd slotAd, ClassAd job, EvalContext context) {
        Objects.requireNonNull(killGrace, "killGrace");
        List<String> notes = new ArrayList<>();
        Duration time = killGrace;
        if (machine != null) {
            time = seconds(context.evaluate(machine, slotAd, job), "MAXVACATETIME " + machine, notes);
        }
        Expr own = job.lookup("JobMaxVacateTime");
        if (own != null) {
            Duration asked = seconds(context.evaluate(own, job, slotAd), "the job's JobMaxVacateTime " + own, notes);
            if (asked.compareTo(time) < 0) {
                time = asked;
            }
        }
        return new Grant(time, notes);
    }

    /**
     * MAXVACATETIME's time when it is a constant (the kill grace for Deactivate and shutdown
     * too), empty when it refers to attributes; IllegalArgumentException when the constant is
     * not a number of seconds >= 0, so that a startd never starts with a nonsense vacate time.
     */
    public static Optional<Duration> constant(Expr machine) {
        if (!machine.references().isEmpty()) {
            return Optional.empty();
        }
        List<String> notes = new ArrayList<>();
        Duration d = seconds(machine.evaluate(), "", notes);
        if (!notes.isEmpty()) {
            throw new IllegalArgumentException("MAXVACATETIME = " + machine
                    + " is not a number of seconds (0 or more) or an expression");
        }
        return Optional.of(d);
    }

    private static Duration seconds(Value v, String what, List<String> notes) {
        double s = v instanceof IntegerValue i ? i.value() : v instanceof RealValue r ? r.value() : Double.NaN;
        if (!(s >= 0)) {
            notes.add(what + " evaluates to " + v + ", not a number of seconds >= 0: it counts as 0 (as in HTCondor)");
            return Duration.ZERO;
        }
        // Capped so that the starter's timer (nanoseconds) never overflows: 30 years is forever here.
        return Duration.ofMillis((long) (Math.min(s, MAX_SECONDS) * 1000));
    }
}
