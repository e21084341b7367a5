package org.harrier.scheduler.policy;

import java.util.Objects;

/**
 * What the job policy decides when a job exits: it completes and leaves the queue, runs again
 * (on_exit_remove false), is held (on_exit_hold, periodic_hold, or an undefined expression), or
 * is removed (periodic_remove).
 */
public sealed interface ExitAction permits ExitAction.Complete, ExitAction.Requeue, PolicyAction.Hold,
        PolicyAction.Remove {

    /** The job completes (on_exit_remove true, its default). */
    enum Complete implements ExitAction {
        INSTANCE
    }

    /** Back to Idle to run again; {@code reason} names the expression, as the user log's eviction says. */
    record Requeue(String reason) implements ExitAction {
        public Requeue {
            if (Objects.requireNonNull(reason, "reason").isBlank()) {
                throw new IllegalArgumentException("a requeue needs a reason");
            }
        }
    }
}
