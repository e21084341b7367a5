package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code scheduler.WriteFile}: {@code data} written at {@code offset} of an Output transfer's file. */
public record WriteFile(String transferId, long offset, byte[] data) implements Request<Done> {
    private static final Arg<Long> OFFSET = Arg.uint64("Offset");
    private static final Arg<byte[]> DATA = Arg.binary("Data");

    public static final Method<WriteFile, Done> METHOD = Method.<WriteFile, Done>of("scheduler", "WriteFile")
            .inputs(BeginTransfer.TRANSFER_ID, OFFSET, DATA)
            .request(a -> new WriteFile(a.get(BeginTransfer.TRANSFER_ID), a.get(OFFSET), a.get(DATA)),
                    q -> MethodArguments.writer().put(BeginTransfer.TRANSFER_ID, q.transferId()).put(OFFSET, q.offset())
                            .put(DATA, q.data()))
            .done();

    public WriteFile {
        Objects.requireNonNull(transferId, "transferId");
        Objects.requireNonNull(data, "data");
    }

    @Override
    public Method<WriteFile, Done> method() {
        return METHOD;
    }
}
