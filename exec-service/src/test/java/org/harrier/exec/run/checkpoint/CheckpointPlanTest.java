package org.harrier.exec.run.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading a job's checkpoint plan, and which ends ask for a checkpoint (pure). */
class CheckpointPlanTest {
    static ClassAd ad(String text) {
        return ClassAd.parse(text);
    }

    @Test
    void aJobWithoutCheckpointExitCodeHasNoPlan() {
        assertTrue(CheckpointPlan.of("1.0", ad("[ Cmd = \"x\" ]")).isEmpty());
        assertTrue(CheckpointPlan.of("1.0", ad("[ CheckpointExitCode = \"85\" ]")).isEmpty(), "not an integer");
    }

    @Test
    void thePlanReadsCodeFilesSpoolAndCheckpointsSoFar() {
        CheckpointPlan p = CheckpointPlan.of("3.1", ad("[ CheckpointExitCode = 85; TransferCheckpoint = \"state.dat, out/ , more\";"
                + " SpoolDir = \"/var/spool\"; NumCkpts = 4 ]")).orElseThrow();
        assertEquals(85, p.exitCode());
        assertEquals(List.of("state.dat", "out/", "more"), p.files());
        assertEquals(Path.of("/var/spool"), p.spool());
        assertEquals(4, p.saved());
    }

    @Test
    void withoutTransferCheckpointTheFilesAreTheDefaultAndWithoutSpoolDirThereIsNoSpool() {
        CheckpointPlan p = CheckpointPlan.of("3.1", ad("[ CheckpointExitCode = 85 ]")).orElseThrow();
        assertEquals(List.of(), p.files());
        assertEquals(null, p.spool());
        assertEquals(0, p.saved());
    }

    @ParameterizedTest(name = "TransferCheckpoint {0} is refused")
    @CsvSource(delimiter = '|', value = {"\"/etc/passwd\"", "\"../outside\"", "42"})
    void filesOutsideTheWorkingDirectoryAreRefused(String files) {
        assertThrows(IllegalArgumentException.class,
                () -> CheckpointPlan.of("1.0", ad("[ CheckpointExitCode = 85; TransferCheckpoint = " + files + " ]")));
    }

    @ParameterizedTest(name = "exit by signal {0}, code {1}: checkpoint {2}")
    @CsvSource({"false, 85, true", "false, 0, false", "false, 1, false", "true, 0, false"})
    void onlyAnExitWithTheCodeAsksForACheckpoint(boolean bySignal, int code, boolean checkpoint) {
        CheckpointPlan p = new CheckpointPlan("1.0", 85, List.of(), null, 0);
        assertEquals(checkpoint, p.isCheckpoint(bySignal, code));
    }
}
