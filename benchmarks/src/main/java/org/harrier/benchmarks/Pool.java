package org.harrier.benchmarks;

import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Match;
import org.harrier.classad.Syntax;

/**
 * A pool to match in: job ads and machine ads, parsed, plus the same ads as baseline maps. A
 * cursor walks the job x machine pairs in the order a negotiator would (every machine for one
 * job, then the next job), so successive matches touch different ads.
 *
 * <p>Not thread-safe: one pool per benchmark thread.
 */
final class Pool {
    final ClassAd[] jobs;
    final ClassAd[] machines;
    final Map<String, Object>[] baselineJobs;
    final Map<String, Object>[] baselineMachines;
    private final EvalContext reusedContext = EvalContext.create();
    private int job;
    private int machine;

    @SuppressWarnings({"unchecked", "rawtypes"}) // arrays of maps, for the fastest baseline lookups
    Pool(int jobCount, int machineCount) {
        jobs = new ClassAd[jobCount];
        machines = new ClassAd[machineCount];
        baselineJobs = new Map[jobCount];
        baselineMachines = new Map[machineCount];
        for (int i = 0; i < jobCount; i++) {
            jobs[i] = ClassAd.parse(Workload.jobAd(i), Syntax.OLD);
            baselineJobs[i] = Baseline.literals(jobs[i]);
        }
        for (int i = 0; i < machineCount; i++) {
            machines[i] = ClassAd.parse(Workload.machineAd(i), Syntax.OLD);
            baselineMachines[i] = Baseline.literals(machines[i]);
        }
    }

    /** The pool the report and the JMH benchmarks use: 64 jobs x 1,000 machines. */
    static Pool standard() {
        return new Pool(64, 1_000);
    }

    private void advance() {
        if (++machine == machines.length) {
            machine = 0;
            if (++job == jobs.length) {
                job = 0;
            }
        }
    }

    /**
     * Matches the next {@code n} pairs as the negotiator does, with a fresh evaluation context
     * per match ({@link Match#symmetric(ClassAd, ClassAd)}); returns how many matched.
     */
    long match(long n) {
        long matched = 0;
        for (long i = 0; i < n; i++) {
            advance();
            if (Match.symmetric(jobs[job], machines[machine])) {
                matched++;
            }
        }
        return matched;
    }

    /** Like {@link #match}, reusing one evaluation context for every match of this thread. */
    long matchReusingContext(long n) {
        long matched = 0;
        for (long i = 0; i < n; i++) {
            advance();
            if (Match.symmetric(jobs[job], machines[machine], reusedContext)) {
                matched++;
            }
        }
        return matched;
    }

    /** Like {@link #match}, with the hand-written baseline predicate. */
    long baselineMatch(long n) {
        long matched = 0;
        for (long i = 0; i < n; i++) {
            advance();
            if (Baseline.symmetricMatch(baselineJobs[job], baselineMachines[machine])) {
                matched++;
            }
        }
        return matched;
    }

    /** One pair, for JMH: a fresh context per match. */
    boolean matchNext() {
        advance();
        return Match.symmetric(jobs[job], machines[machine]);
    }

    boolean matchNextReusingContext() {
        advance();
        return Match.symmetric(jobs[job], machines[machine], reusedContext);
    }

    boolean baselineMatchNext() {
        advance();
        return Baseline.symmetricMatch(baselineJobs[job], baselineMachines[machine]);
    }

    /**
     * Checks that the ClassAd match and the baseline agree on every pair, so both measure the
     * same decisions; returns the fraction of pairs that match.
     */
    double checkBaselineAgrees() {
        int matched = 0;
        for (int j = 0; j < jobs.length; j++) {
            for (int m = 0; m < machines.length; m++) {
                boolean classad = Match.symmetric(jobs[j], machines[m]);
                if (classad != Baseline.symmetricMatch(baselineJobs[j], baselineMachines[m])) {
                    throw new IllegalStateException("ClassAd and the baseline disagree on job ad " + j
                            + " and machine ad " + m + " (ClassAd says " + classad + "), so they would not measure"
                            + " the same work; do the built-in functions the ads use (ifThenElse) work?");
                }
                matched += classad ? 1 : 0;
            }
        }
        return matched / (double) (jobs.length * machines.length);
    }
}
