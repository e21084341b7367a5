package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code scheduler.ReadFile}: {@code length} bytes of an Input transfer's file from {@code offset}; fewer only at the end. */
public record ReadFile(String transferId, long offset, long length) implements Request<ReadFile.Chunk> {
    private static final Arg<Long> OFFSET = Arg.uint64("Offset");
    private static final Arg<Long> LENGTH = Arg.uint32("Length");
    private static final Arg<byte[]> DATA = Arg.binary("Data");

    public static final Method<ReadFile, Chunk> METHOD = Method.<ReadFile, Chunk>of("scheduler", "ReadFile")
            .inputs(BeginTransfer.TRANSFER_ID, OFFSET, LENGTH)
            .outputs(DATA)
            .request(a -> new ReadFile(a.get(BeginTransfer.TRANSFER_ID), a.get(OFFSET), a.get(LENGTH)),
                    q -> MethodArguments.writer().put(BeginTransfer.TRANSFER_ID, q.transferId()).put(OFFSET, q.offset())
                            .put(LENGTH, q.length()))
            .answer(a -> new Chunk(a.get(DATA)), r -> MethodArguments.writer().put(DATA, r.data()))
            .build();

    public ReadFile {
        Objects.requireNonNull(transferId, "transferId");
    }

    public record Chunk(byte[] data) {
        public Chunk {
            Objects.requireNonNull(data, "data");
        }
    }

    @Override
    public Method<ReadFile, Chunk> method() {
        return METHOD;
    }
}
