package org.harrier.exec.claim;

import java.util.List;

import org.harrier.exec.RunExited;
import org.harrier.exec.run.starter.RunningJob;

/**
 * What a {@link ClaimTable} transition asks of the world once the table has changed: the table
 * decides, the startd's owner thread applies these in order ({@link OwnerThread#commit}). Nothing
 * here has happened yet when a transition returns.
 */
public sealed interface Effect {
    /** Re-advertise the slots: the table's slot changed. */
    record Publish() implements Effect {
    }

    /** Kill the job's process tree (its KillSig, SIGKILL after the kill grace); its exit comes back as an end. */
    record Kill(RunningJob process) implements Effect {
    }

    /** Stop fetching the claim's inputs (or checkpoint): the job it was for will not start. */
    record CancelStaging(String claimId) implements Effect {
    }

    /** Tell the job's scheduler it exited (or never started), one way and persistent. */
    record ReportExit(RunExited report) implements Effect {
    }

    Publish PUBLISH = new Publish();

    List<Effect> NONE = List.of();
}
