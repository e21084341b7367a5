package org.harrier.exec.run.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** How a file is cut into chunks: whole chunks from 0, the last shorter, none for an empty file. */
class ChunkPlanTest {
    static Stream<Arguments> plans() {
        return Stream.of(
                Arguments.of(0L, 4, List.of()),
                Arguments.of(1L, 4, List.of(new ChunkPlan.Chunk(0, 1))),
                Arguments.of(4L, 4, List.of(new ChunkPlan.Chunk(0, 4))),
                Arguments.of(5L, 4, List.of(new ChunkPlan.Chunk(0, 4), new ChunkPlan.Chunk(4, 1))),
                Arguments.of(12L, 4, List.of(new ChunkPlan.Chunk(0, 4), new ChunkPlan.Chunk(4, 4), new ChunkPlan.Chunk(8, 4))),
                Arguments.of(3_000_000L, 1 << 20, List.of(new ChunkPlan.Chunk(0, 1 << 20),
                        new ChunkPlan.Chunk(1 << 20, 1 << 20), new ChunkPlan.Chunk(2 << 20, 3_000_000 - (2 << 20)))));
    }

    @ParameterizedTest(name = "{0} bytes in chunks of {1}")
    @MethodSource("plans")
    void chunksCoverTheFileInOrder(long size, int chunk, List<ChunkPlan.Chunk> expected) {
        ChunkPlan plan = new ChunkPlan(size, chunk, 4);
        assertEquals(expected, plan.chunks());
        assertEquals(expected.size(), plan.count());
    }

    @ParameterizedTest(name = "size {0}, chunk {1}, window {2} is refused")
    @CsvSource({"-1, 4, 1", "10, 0, 1", "10, 4194305, 1", "10, 4, 0"})
    void nonsenseIsRefused(long size, int chunk, int window) {
        assertThrows(IllegalArgumentException.class, () -> new ChunkPlan(size, chunk, window));
    }

    @ParameterizedTest(name = "a 4 GiB file: chunk {0} at {1}")
    @CsvSource({"0, 0, 1048576", "4095, 4293918720, 1048576", "4096, 4294967296, 5"})
    void offsetsBeyondTwoGigabytesAreLongs(long index, long offset, int length) {
        ChunkPlan plan = new ChunkPlan((4L << 30) + 5, 1 << 20, 4);
        assertEquals(new ChunkPlan.Chunk(offset, length), plan.chunk(index));
    }
}
