package org.harrier.exec;

import java.util.Objects;

/** Job {@code jobId} started on claim {@code claimId}, in dynamic slot {@code remoteHost}; for {@code scheduler}. */
public record RunStarted(String jobId, String claimId, String scheduler, String remoteHost) {
    public RunStarted {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(remoteHost, "remoteHost");
    }
}
