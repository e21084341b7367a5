package org.harrier.exec.run;

import java.time.Clock;

import org.harrier.exec.claim.ClaimTable;
import org.harrier.exec.claim.OwnerThread;
import org.harrier.exec.run.starter.ProcessOutcome;

/**
 * The end of a job's process on its claim, in order: a checkpoint exit is saved and the job
 * restarted ({@link Checkpointer#takes}); otherwise its outputs are sent when its files travel
 * ({@link JobStarts#stageOut}); then the claim table takes the end ({@link ClaimTable#ended}:
 * Idle again, or ended when it was released or preempted, and JobExited for the scheduler).
 *
 * <p>Threads: the startd's owner thread calls every method. No state of its own.
 */
public final class RunEnds {
    private final OwnerThread thread;
    private final java.util.function.Consumer<String> afterEnd;
    private final Clock clock;
    private final Checkpointer checkpoints;
    private final JobStarts staged;

    /** {@code afterEnd}: runs after each end with its claim (the startd's queued activation, and its shutdown, wait on it). */
    public RunEnds(OwnerThread thread, java.util.function.Consumer<String> afterEnd, Checkpointer checkpoints, JobStarts staged) {
        this.thread = thread;
        this.afterEnd = afterEnd;
        this.clock = thread.clock();
        this.checkpoints = checkpoints;
        this.staged = staged;
    }

    private ClaimTable table() {
        return thread.table();
    }

    /**
     * A job's process ended. One that asks for a checkpoint (its CheckpointExitCode) is saved and
     * restarted by {@link Checkpointer#takes}, which calls {@link #finished} itself when it is not restarted.
     */
    public void exited(String claimId, ProcessOutcome outcome) {
        if (!checkpoints.takes(claimId, outcome)) {
            finished(claimId, outcome);
        }
    }

    /** The job is done on its claim: its outputs are sent first when its files travel, then its end is reported. */
    public void finished(String claimId, ProcessOutcome outcome) {
        if (!staged.stageOut(claimId, failure -> ended(claimId, outcome, failure))) {
            ended(claimId, outcome, null);
        }
    }

    /** The job's end, once its outputs are sent ({@code outputFailure} null) or could not be (why). */
    private void ended(String claimId, ProcessOutcome last, String outputFailure) {
        if (table().run(claimId) == null) {
            return;
        }
        thread.commit(table().ended(claimId, last, outputFailure, clock.instant().getEpochSecond()));
        afterEnd.accept(claimId);
    }
}
