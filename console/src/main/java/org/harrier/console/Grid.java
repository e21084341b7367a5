package org.harrier.console;

import java.time.Duration;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.console.submit.ClusterSubmission;

/**
 * What the harrier commands ask of a running grid, in domain terms. The one implementation
 * over the bus lives in {@code org.harrier.console.grid}, the only package that talks AMQP
 * (STYLE.md §5). Failures are {@link ConsoleFailure}s with a message for the user.
 */
public interface Grid extends AutoCloseable {
    /** Queues {@code cluster} (one SubmitCluster call); returns the cluster id and count. */
    Submitted submit(ClusterSubmission cluster);

    /** The job ads in the scheduler's queue. */
    List<ClassAd> queue();

    /** Slot ads the collector holds that satisfy {@code constraint} (ClassAd text; null for all). */
    List<ClassAd> slots(String constraint);

    /** Removes job {@code id} ("cluster.proc") or every job of cluster {@code id} ("cluster"). */
    void remove(String id, String reason);

    /**
     * Waits until job {@code id} is Completed or Removed and returns its last ad; a
     * {@link ConsoleFailure} if {@code timeout} passes first or the job is unknown.
     */
    ClassAd awaitFinished(String id, Duration timeout);

    @Override
    void close();

    /** A queued cluster: its id and how many procs it has. */
    record Submitted(long cluster, int count) {
    }
}
