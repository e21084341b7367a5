package org.harrier.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The spool's checkpoint layout: names, and a staged checkpoint becoming the current one. */
class CheckpointLayoutTest {
    @TempDir
    Path jobDir;

    @ParameterizedTest(name = "{0} (staging: {1}) is checkpoint {2}")
    @CsvSource({
            "checkpoint.1, false, 1", "checkpoint.42, false, 42", "checkpoint.7.partial, true, 7",
            "checkpoint.7.partial, false, -1", "checkpoint.7, true, -1", "checkpoint, false, -1",
            "checkpoint.link, false, -1", "checkpoint., false, -1", "checkpoint.-3, false, -1",
            "checkpoint.1x, false, -1", "other.3, false, -1", "checkpoint.99999999999999999999, false, -1",
    })
    void entriesAreNumberedCheckpointsOrNot(String name, boolean staging, long expected) {
        OptionalLong n = CheckpointLayout.number(name, staging);
        assertEquals(expected, n.orElse(-1));
    }

    @Test
    void aStagedCheckpointBecomesCurrentAndTheOlderOnesGo() throws IOException {
        stage(1, "state.txt", "one");
        assertTrue(CheckpointLayout.commit(jobDir, 1));
        assertEquals(1, CheckpointLayout.current(jobDir));
        stage(2, "state.txt", "two");
        stage(3, "state.txt", "three (still travelling)");
        assertTrue(CheckpointLayout.commit(jobDir, 2));
        assertEquals(2, CheckpointLayout.current(jobDir));
        assertEquals("two", Files.readString(jobDir.resolve("checkpoint/state.txt")));
        assertEquals(List.of("checkpoint", "checkpoint.2", "checkpoint.3.partial"), entries(),
                "checkpoint 1 is gone; 3, staged after 2, is kept");
    }

    @Test
    void aRepeatedOrStaleCommitChangesNothing() throws IOException {
        stage(2, "a", "x");
        assertTrue(CheckpointLayout.commit(jobDir, 2));
        assertFalse(CheckpointLayout.commit(jobDir, 2), "nothing staged under 2 any more");
        stage(1, "a", "old");
        assertFalse(CheckpointLayout.commit(jobDir, 1), "not beyond the current checkpoint");
        assertFalse(CheckpointLayout.commit(jobDir, 5), "nothing staged");
        assertEquals(2, CheckpointLayout.current(jobDir));
        assertEquals("x", Files.readString(jobDir.resolve("checkpoint/a")));
    }

    private void stage(long n, String name, String text) throws IOException {
        Path f = CheckpointLayout.staging(jobDir, n).resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    private List<String> entries() throws IOException {
        try (Stream<Path> s = Files.list(jobDir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
