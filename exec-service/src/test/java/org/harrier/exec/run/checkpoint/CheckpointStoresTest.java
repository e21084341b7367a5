package org.harrier.exec.run.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which way a job's checkpoints go, and the names a checkpoint travels under. */
class CheckpointStoresTest {
    @ParameterizedTest(name = "in Iwd {0}, spool here {1}, bus {2}: {3}")
    @CsvSource({
            "true, true, true, SPOOL", // the personal grid: copy straight into the shared spool
            "true, false, true, BUS", // Iwd shared, spool not: over the bus
            "false, true, true, BUS", // a sandbox: its files travel, so do its checkpoints
            "false, false, true, BUS",
            "true, true, false, SPOOL", // no file transfer: the spool copy (which fails when the spool is not here)
            "false, false, false, SPOOL",
    })
    void aJobUsesTheSpoolOnlyInItsIwdWithTheSpoolHere(boolean inIwd, boolean spoolHere, boolean bus,
            CheckpointStores.Route expected) {
        assertEquals(expected, CheckpointStores.route(inIwd, spoolHere, bus));
    }

    @ParameterizedTest(name = "{0} travels as {1}")
    @CsvSource({"state.txt, state.txt", "sub/dir/state.bin, sub/dir/state.bin"})
    void aRelativePathTravelsWithSlashes(String path, String wire) {
        assertEquals(wire, BusCheckpointStore.wireName(Path.of(path)));
    }

    @ParameterizedTest(name = "{0} is restored to {1}")
    @CsvSource({"state.txt, /sandbox/state.txt", "sub/state.bin, /sandbox/sub/state.bin", "..x, /sandbox/..x"})
    void restoredFilesLandInsideTheWorkingDirectory(String name, String path) {
        assertEquals(Path.of(path), BusCheckpointStore.inside(Path.of("/sandbox"), name));
    }

    @ParameterizedTest(name = "{0} is not restored")
    @CsvSource({"../escape, ", "/etc/passwd, ", "a/../../b, ", "., ", "'', "})
    void namesThatLeaveTheWorkingDirectoryAreRefused(String name) {
        assertThrows(CheckpointException.class, () -> BusCheckpointStore.inside(Path.of("/sandbox"), name));
    }
}
