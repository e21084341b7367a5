package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.JobCheckpointed}: job {@code id} on claim {@code claimId} saved checkpoint
 * {@code checkpointNumber} of {@code size} bytes in {@code duration} seconds (docs/protocols.md,
 * "Checkpoints and vacate").
 */
public record JobCheckpointed(String id, String claimId, long checkpointNumber, long size, double duration)
        implements Request<Done> {
    private static final Arg<Long> CHECKPOINT_NUMBER = Arg.int64("CheckpointNumber");
    private static final Arg<Long> SIZE = Arg.int64("Size");
    private static final Arg<Double> DURATION = Arg.real("Duration");

    public static final Method<JobCheckpointed, Done> METHOD = Method.<JobCheckpointed, Done>of("scheduler", "JobCheckpointed")
            .inputs(JobUsage.ID, JobUsage.CLAIM_ID, CHECKPOINT_NUMBER, SIZE, DURATION)
            .request(a -> new JobCheckpointed(a.get(JobUsage.ID), a.get(JobUsage.CLAIM_ID), a.get(CHECKPOINT_NUMBER),
                    a.get(SIZE), a.get(DURATION)),
                    q -> MethodArguments.writer().put(JobUsage.ID, q.id()).put(JobUsage.CLAIM_ID, q.claimId())
                            .put(CHECKPOINT_NUMBER, q.checkpointNumber()).put(SIZE, q.size()).put(DURATION, q.duration()))
            .done();

    public JobCheckpointed {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(claimId, "claimId");
    }

    @Override
    public Method<JobCheckpointed, Done> method() {
        return METHOD;
    }
}
