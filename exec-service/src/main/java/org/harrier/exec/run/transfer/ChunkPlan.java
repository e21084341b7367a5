package org.harrier.exec.run.transfer;

import java.util.ArrayList;
import java.util.List;

/**
 * How a file of {@code size} bytes is moved: chunks of {@code chunkSize} from offset 0, the
 * last one shorter, none for an empty file. At most {@code window} chunks are in flight at
 * once, so neither side holds more than window × chunkSize bytes of a file in memory.
 */
public record ChunkPlan(long size, int chunkSize, int window) {
    public ChunkPlan {
        if (size < 0) {
            throw new IllegalArgumentException("a file size cannot be negative, got " + size);
        }
        if (chunkSize < 1 || chunkSize > 4 << 20) {
            throw new IllegalArgumentException("a chunk must be 1 byte to 4 MiB, got " + chunkSize);
        }
        if (window < 1) {
            throw new IllegalArgumentException("the window must allow at least one chunk in flight, got " + window);
        }
    }

    /** One chunk: {@code length} bytes at {@code offset}. */
    public record Chunk(long offset, int length) {
    }

    public long count() {
        return (size + chunkSize - 1) / chunkSize;
    }

    public Chunk chunk(long index) {
        if (index < 0 || index >= count()) {
            throw new IllegalArgumentException("chunk " + index + " of " + count());
        }
        long offset = index * chunkSize;
        return new Chunk(offset, (int) Math.min(chunkSize, size - offset));
    }

    /** Every chunk, in order (for tests and small files; transfers walk {@link #chunk} instead). */
    public List<Chunk> chunks() {
        List<Chunk> out = new ArrayList<>();
        for (long i = 0; i < count(); i++) {
            out.add(chunk(i));
        }
        return out;
    }
}
