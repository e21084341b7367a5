package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.EndTransfer}: finish a transfer with the SHA-256 of the whole file as the
 * starter saw it ({@code sha256}, hex), or give it up ({@code abort}, why); the scheduler
 * decides which of them it needs.
 */
public record EndTransfer(String transferId, String sha256, String abort) implements Request<EndTransfer.Ended> {
    private static final Arg<String> SHA256 = Arg.sstr("Sha256").optional();
    private static final Arg<String> ABORT = Arg.lstr("Abort").optional();
    private static final Arg<Long> BYTES = Arg.uint64("Bytes");

    public static final Method<EndTransfer, Ended> METHOD = Method.<EndTransfer, Ended>of("scheduler", "EndTransfer")
            .inputs(BeginTransfer.TRANSFER_ID, SHA256, ABORT)
            .outputs(BYTES)
            .request(a -> new EndTransfer(a.get(BeginTransfer.TRANSFER_ID), a.get(SHA256), a.get(ABORT)),
                    q -> MethodArguments.writer().put(BeginTransfer.TRANSFER_ID, q.transferId()).put(SHA256, q.sha256())
                            .put(ABORT, q.abort()))
            .answer(a -> new Ended(a.get(BYTES)), r -> MethodArguments.writer().put(BYTES, r.bytes()))
            .build();

    public EndTransfer {
        Objects.requireNonNull(transferId, "transferId");
    }

    /** The file's length. */
    public record Ended(long bytes) {
    }

    @Override
    public Method<EndTransfer, Ended> method() {
        return METHOD;
    }
}
