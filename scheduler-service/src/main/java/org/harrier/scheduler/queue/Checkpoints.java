package org.harrier.scheduler.queue;

import java.util.Optional;
import org.harrier.classad.ClassAd;
import org.harrier.classad.RealValue;

/**
 * What a saved checkpoint writes into the job's ad (pure). HTCondor's names where it has them:
 * {@code NumCkpts} (checkpoints so far), {@code LastCkptTime} (epoch seconds of the last);
 * Harrier's {@code LastCheckpointSize} (bytes), {@code LastCheckpointDuration} (seconds the
 * save took) and {@code TotalCheckpointBytes} (all checkpoints together), which the issue's
 * "5 s/MB" comparison reads. No status change: the job keeps running (the starter restarted it).
 */
public final class Checkpoints {
    public static final String NUM_CKPTS = "NumCkpts";
    public static final String LAST_CKPT_TIME = "LastCkptTime";
    public static final String LAST_CHECKPOINT_SIZE = "LastCheckpointSize";
    public static final String LAST_CHECKPOINT_DURATION = "LastCheckpointDuration";
    public static final String TOTAL_CHECKPOINT_BYTES = "TotalCheckpointBytes";

    private Checkpoints() {
    }

    /**
     * The transaction recording {@code r} for a running (or suspended) job; empty when the job
     * is not running or already counts that checkpoint (a repeated report changes nothing).
     */
    public static Optional<Transaction> checkpointed(JobId id, ClassAd ad, CheckpointReport r, long now) {
        JobStatus status = JobQueue.status(ad);
        if ((status != JobStatus.RUNNING && status != JobStatus.SUSPENDED)
                || r.number() <= JobQueue.longOf(ad, NUM_CKPTS, 0)) {
            return Optional.empty();
        }
        return Optional.of(Transaction.builder()
                .set(id, NUM_CKPTS, r.number())
                .set(id, LAST_CKPT_TIME, now)
                .set(id, LAST_CHECKPOINT_SIZE, r.bytes())
                .set(id, LAST_CHECKPOINT_DURATION, new RealValue(r.seconds()))
                .set(id, TOTAL_CHECKPOINT_BYTES, JobQueue.longOf(ad, TOTAL_CHECKPOINT_BYTES, 0) + r.bytes())
                .build());
    }

    /** condor_vacate_job acts on running and suspended jobs only. */
    public static boolean vacatable(JobStatus status) {
        return status == JobStatus.RUNNING || status == JobStatus.SUSPENDED;
    }
}
