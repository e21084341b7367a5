package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.BeginTransfer}: open one file transfer of job {@code id} running on claim
 * {@code claimId} (docs/protocols.md, "File transfer"). {@code direction} is the wire's word
 * (Input, Output, CheckpointIn, ...), which the scheduler reads; {@code checkpointNumber} is
 * null where the direction takes none.
 */
public record BeginTransfer(String id, String claimId, String direction, String name, Long checkpointNumber)
        implements Request<BeginTransfer.Begun> {
    static final Arg<String> DIRECTION = Arg.sstr("Direction");
    private static final Arg<Long> CHECKPOINT_NUMBER = Arg.int64("CheckpointNumber").optional();
    private static final Arg<String> NAME = Arg.lstr("Name");
    static final Arg<String> TRANSFER_ID = Arg.sstr("TransferId");
    private static final Arg<Long> SIZE = Arg.uint64("Size");

    public static final Method<BeginTransfer, Begun> METHOD = Method.<BeginTransfer, Begun>of("scheduler", "BeginTransfer")
            .inputs(JobUsage.ID, JobUsage.CLAIM_ID, DIRECTION, CHECKPOINT_NUMBER, NAME)
            .outputs(TRANSFER_ID, SIZE)
            .request(a -> new BeginTransfer(a.get(JobUsage.ID), a.get(JobUsage.CLAIM_ID), a.get(DIRECTION), a.get(NAME),
                    a.get(CHECKPOINT_NUMBER)),
                    q -> MethodArguments.writer().put(JobUsage.ID, q.id()).put(JobUsage.CLAIM_ID, q.claimId())
                            .put(DIRECTION, q.direction()).put(CHECKPOINT_NUMBER, q.checkpointNumber()).put(NAME, q.name()))
            .answer(a -> new Begun(a.get(TRANSFER_ID), a.get(SIZE)),
                    r -> MethodArguments.writer().put(TRANSFER_ID, r.transferId()).put(SIZE, r.size()))
            .build();

    public BeginTransfer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(name, "name");
    }

    /** The transfer's id for ReadFile/WriteFile/EndTransfer; {@code size} the Input file's bytes. */
    public record Begun(String transferId, long size) {
    }

    @Override
    public Method<BeginTransfer, Begun> method() {
        return METHOD;
    }
}
