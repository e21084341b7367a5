package org.harrier.scheduler;

import java.util.Objects;

/** One owner's jobs in this scheduler: the {@code submitter} object's statistics. */
public record SubmitterCounts(String owner, int idleJobs, int runningJobs, int heldJobs, int totalJobs) {
    public SubmitterCounts {
        Objects.requireNonNull(owner, "owner");
        if (idleJobs < 0 || runningJobs < 0 || heldJobs < 0 || totalJobs < idleJobs + runningJobs + heldJobs) {
            throw new IllegalArgumentException("inconsistent counts for " + owner + ": idle " + idleJobs
                    + ", running " + runningJobs + ", held " + heldJobs + ", total " + totalJobs);
        }
    }

    /** True once the owner has no job left in the queue: its submitter object goes away. */
    public boolean isGone() {
        return totalJobs == 0;
    }
}
