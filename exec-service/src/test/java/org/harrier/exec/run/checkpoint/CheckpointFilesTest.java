package org.harrier.exec.run.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which files make up a checkpoint. */
class CheckpointFilesTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultIsEveryFileButWhatTheJobDidNotWriteForItself() {
        List<Path> listing = List.of(Path.of("job.sh"), Path.of("state"), Path.of("out.txt"), Path.of("sub/part"));
        assertEquals(List.of(Path.of("state"), Path.of("sub/part")),
                CheckpointFiles.chosen(listing, dir, List.of(dir.resolve("job.sh"), Path.of("out.txt"), Path.of("/dev/null"))));
    }

    @Test
    void namedFilesAndDirectoriesAreTakenWholeAndAMissingOneFailsTheCheckpoint() throws Exception {
        Files.writeString(dir.resolve("state"), "1");
        Files.createDirectories(dir.resolve("d/e"));
        Files.writeString(dir.resolve("d/e/f"), "2");
        Files.writeString(dir.resolve("other"), "3");
        CheckpointPlan plan = new CheckpointPlan("1.0", 85, List.of("state", "d"), null, 0);
        assertEquals(List.of(Path.of("d/e/f"), Path.of("state")), CheckpointFiles.select(plan, dir, List.of()));

        CheckpointPlan missing = new CheckpointPlan("1.0", 85, List.of("nope"), null, 0);
        assertThrows(CheckpointException.class, () -> CheckpointFiles.select(missing, dir, List.of()));
    }
}
