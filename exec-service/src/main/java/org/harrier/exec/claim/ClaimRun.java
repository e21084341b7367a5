package org.harrier.exec.claim;

import org.harrier.classad.ClassAd;
import org.harrier.exec.run.starter.ProcessOutcome;
import org.harrier.exec.run.starter.RunningJob;

/**
 * A job running on a claim: its id, the scheduler it reports to, its process and its ad, and
 * what its earlier processes on this claim used (a self-checkpointing job is restarted after
 * each checkpoint; {@link ProcessOutcome.Earlier#NONE} for the first).
 */
public record ClaimRun(String jobId, String scheduler, RunningJob process, ClassAd job, ProcessOutcome.Earlier earlier) {
    public ClaimRun(String jobId, String scheduler, RunningJob process, ClassAd job) {
        this(jobId, scheduler, process, job, ProcessOutcome.Earlier.NONE);
    }
}
