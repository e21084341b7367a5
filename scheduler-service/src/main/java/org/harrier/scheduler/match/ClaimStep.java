package org.harrier.scheduler.match;

import org.harrier.scheduler.queue.JobId;

/**
 * What to do with a claim that just became free (granted, or its job ended): run the next idle
 * job of the autocluster it was matched for — claim reuse, what makes short jobs fast — or,
 * when there is none, release it so the slot's resources go back to the startd.
 */
public sealed interface ClaimStep {
    record Run(JobId job) implements ClaimStep {
    }

    record Release() implements ClaimStep {
    }

    /** The decision for free claim {@code claim} given the idle jobs now; pure. */
    static ClaimStep after(Claim claim, Autoclusters idle) {
        if (!claim.isFree()) {
            throw new IllegalArgumentException(claim + " is not free");
        }
        JobId next = idle.next(claim.key());
        return next == null ? new Release() : new Run(next);
    }
}
