package org.harrier.exec.run.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spool layout: saves replace the checkpoint whole, restores copy it back. */
class SpoolCheckpointStoreTest {
    @TempDir
    Path spool;
    @TempDir
    Path work;
    final SpoolCheckpointStore store = new SpoolCheckpointStore();

    CheckpointPlan plan(long saved) {
        return new CheckpointPlan("7.2", 85, List.of(), spool, saved);
    }

    @Test
    void aSaveBecomesTheCurrentCheckpointAndTheNextReplacesIt() throws Exception {
        Files.writeString(work.resolve("a"), "first");
        Files.createDirectories(work.resolve("d"));
        Files.writeString(work.resolve("d/b"), "xy");
        CheckpointSaved one = store.save(plan(0), work, List.of(Path.of("a"), Path.of("d/b")));
        assertEquals(1, one.number());
        assertEquals(2, one.files());
        assertEquals(7, one.bytes());
        assertEquals("xy", Files.readString(spool.resolve("7/2/checkpoint/d/b")));

        Files.writeString(work.resolve("a"), "second");
        CheckpointSaved two = store.save(plan(1), work, List.of(Path.of("a")));
        assertEquals(2, two.number());
        assertEquals("second", Files.readString(spool.resolve("7/2/checkpoint/a")));
        assertFalse(Files.exists(spool.resolve("7/2/checkpoint/d/b")), "a checkpoint is replaced whole, not merged");
        assertFalse(Files.exists(spool.resolve("7/2/checkpoint.1")), "the previous one is deleted");
    }

    @Test
    void aSaveThatCrashedHalfwayLeavesThePreviousCheckpointAndIsClearedByTheNext() throws Exception {
        Files.writeString(work.resolve("a"), "good");
        store.save(plan(0), work, List.of(Path.of("a")));
        Path half = Files.createDirectories(spool.resolve("7/2/checkpoint.2"));
        Files.writeString(half.resolve("a"), "tor"); // a crash before the link moved

        Path back = Files.createTempDirectory(work, "back");
        store.restore(plan(1), back);
        assertEquals("good", Files.readString(back.resolve("a")));

        store.save(plan(1), work, List.of(Path.of("a")));
        assertEquals("good", Files.readString(spool.resolve("7/2/checkpoint/a")));
        try (var list = Files.list(spool.resolve("7/2"))) {
            assertEquals(2, list.count(), "checkpoint and checkpoint.2 only");
        }
    }

    @Test
    void aRestoreReplacesTheWorkingFilesAndWithoutACheckpointRestoresNothing() throws Exception {
        assertEquals(0, store.restore(plan(0), work));
        Files.writeString(work.resolve("a"), "saved");
        store.save(plan(0), work, List.of(Path.of("a")));
        Files.writeString(work.resolve("a"), "progress lost with the eviction");
        assertEquals(5, store.restore(plan(1), work));
        assertEquals("saved", Files.readString(work.resolve("a")));
    }

    @Test
    void aSaveWhileTheJobsCountLagsNumbersPastTheCurrentCheckpointInsteadOfOverwritingIt() throws Exception {
        Files.writeString(work.resolve("a"), "one");
        store.save(plan(0), work, List.of(Path.of("a")));
        Files.writeString(work.resolve("a"), "two");
        store.save(plan(1), work, List.of(Path.of("a")));
        Files.writeString(work.resolve("a"), "three");
        CheckpointSaved third = store.save(plan(1), work, List.of(Path.of("a"))); // NumCkpts still said 1
        assertEquals(3, third.number());
        assertEquals("three", Files.readString(spool.resolve("7/2/checkpoint/a")));
        assertEquals(3, SpoolCheckpointStore.current(spool.resolve("7/2")));
    }

    @Test
    void aSpoolDirThatDoesNotExistHereIsNotCreated() {
        Path elsewhere = spool.resolve("on-the-submit-machine");
        CheckpointException e = assertThrows(CheckpointException.class,
                () -> store.save(new CheckpointPlan("7.2", 85, List.of(), elsewhere, 0), work, List.of()));
        assertTrue(e.getMessage().contains("does not share the scheduler's file system"), e.getMessage());
        assertFalse(Files.exists(elsewhere));
        assertThrows(CheckpointException.class,
                () -> store.restore(new CheckpointPlan("7.2", 85, List.of(), elsewhere, 1), work));
    }

    @Test
    void aJobWithoutSpoolDirCannotBeCheckpointedHere() {
        CheckpointException e = assertThrows(CheckpointException.class,
                () -> store.save(new CheckpointPlan("7.2", 85, List.of(), null, 0), work, List.of()));
        assertTrue(e.getMessage().contains("SpoolDir"), e.getMessage());
    }
}
