package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code scheduler.JobStarted}: job {@code id} started on claim {@code claimId} in the slot {@code remoteHost}. */
public record JobStarted(String id, String claimId, String remoteHost) implements Request<Done> {
    private static final Arg<String> REMOTE_HOST = Arg.sstr("RemoteHost");

    public static final Method<JobStarted, Done> METHOD = Method.<JobStarted, Done>of("scheduler", "JobStarted")
            .inputs(JobUsage.ID, JobUsage.CLAIM_ID, REMOTE_HOST)
            .request(a -> new JobStarted(a.get(JobUsage.ID), a.get(JobUsage.CLAIM_ID), a.get(REMOTE_HOST)),
                    q -> MethodArguments.writer().put(JobUsage.ID, q.id()).put(JobUsage.CLAIM_ID, q.claimId())
                            .put(REMOTE_HOST, q.remoteHost()))
            .done();

    public JobStarted {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(remoteHost, "remoteHost");
    }

    @Override
    public Method<JobStarted, Done> method() {
        return METHOD;
    }
}
