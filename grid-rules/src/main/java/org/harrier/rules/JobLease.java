package org.harrier.rules;

import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Value;

/**
 * How long a running job's claim outlives silence (HTCondor's JobLeaseDuration): the one rule
 * the scheduler, which gives the claim up, and the startd, which kills the job, both apply, so
 * that the scheduler never reruns a job the startd still runs (docs/protocols.md, Claim leases).
 */
public final class JobLease {
    /** condor_submit's JobLeaseDuration when the submit file names none. */
    public static final long DEFAULT_SECONDS = 2400;

    private JobLease() {
    }

    /** The job's JobLeaseDuration in whole seconds, or the default when it has none that is positive. */
    public static long secondsOf(ClassAd job) {
        Value v = job.evaluate("JobLeaseDuration");
        long seconds = v instanceof IntegerValue i ? i.value() : v instanceof RealValue r ? (long) r.value() : 0;
        return seconds > 0 ? seconds : DEFAULT_SECONDS;
    }
}
