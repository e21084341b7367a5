package org.harrier.exec;

import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.harrier.exec.starter.ProcessOutcome;

/**
 * The end of a job's process on its claim, in order: a checkpoint exit is saved and the job
 * restarted ({@link Checkpointer#takes}); otherwise its outputs are sent when its files travel
 * ({@link StagedStarts#stageOut}); then the claim goes back to Idle (or ends, when it was
 * released or preempted) and the scheduler hears JobExited.
 *
 * <p>Threads: the startd's owner thread calls every method; the maps and sets are the startd's.
 */
final class RunEnds {
    /** What an end touches of the startd. */
    record Parts(ClaimBook book, Map<String, ClaimRun> running, Set<String> releasing, StartdLeases leases,
            Consumer<JobExited> report, Runnable publish, Runnable afterEnd, Clock clock) {
    }

    private final Parts p;
    private final Checkpointer checkpoints;
    private final StagedStarts staged;

    RunEnds(Parts parts, Checkpointer checkpoints, StagedStarts staged) {
        this.p = parts;
        this.checkpoints = checkpoints;
        this.staged = staged;
    }

    /**
     * A job's process ended. One that asks for a checkpoint (its CheckpointExitCode) is saved and
     * restarted by {@link Checkpointer#takes}, which calls {@link #finished} itself when it is not restarted.
     */
    void exited(String claimId, ProcessOutcome outcome) {
        if (!checkpoints.takes(claimId, outcome)) {
            finished(claimId, outcome);
        }
    }

    /** The job is done on its claim: its outputs are sent first when its files travel, then its end is reported. */
    void finished(String claimId, ProcessOutcome outcome) {
        if (!staged.stageOut(claimId, failure -> ended(claimId, outcome, failure))) {
            ended(claimId, outcome, null);
        }
    }

    /** The job's end, once its outputs are sent ({@code outputFailure} null) or could not be (why). */
    private void ended(String claimId, ProcessOutcome last, String outputFailure) {
        ClaimRun run = p.running().remove(claimId);
        if (run == null) {
            return;
        }
        // Runs before checkpoint restarts count too: the report covers the job's whole stay on the claim.
        ProcessOutcome outcome = last.after(run.earlier());
        long now = p.clock().instant().getEpochSecond();
        ClaimAttributes.Eviction eviction = p.book().claimed(claimId).claim().eviction();
        boolean released = p.releasing().remove(claimId);
        if (released || eviction != ClaimAttributes.Eviction.NONE) {
            // A preempted claim ends with its job, whether it retired in time or was vacated.
            p.book().release(claimId);
        } else {
            p.book().idle(claimId, now);
            p.leases().idle(claimId, now);
        }
        p.publish().run();
        JobExited report = eviction == ClaimAttributes.Eviction.VACATING || eviction == ClaimAttributes.Eviction.KILLING
                ? JobExited.evicted(run.jobId(), claimId, run.scheduler(), outcome)
                : JobExited.of(run.jobId(), claimId, run.scheduler(), outcome);
        p.report().accept(outputFailure == null || report.evicted() ? report : StagedStarts.outputFailed(report, outputFailure));
        p.afterEnd().run();
    }
}
