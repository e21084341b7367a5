package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** checkpoint_exit_code and transfer_checkpoint_files in a submit file. */
class CheckpointSubmitTest {
    @TempDir
    Path dir;

    ClassAd job(String commands) {
        return SubmitFile.parse("ckpt.sub", "executable = /bin/sh\n" + commands + "\nqueue\n")
                .jobs(TestContexts.alice(dir), 7).get(0);
    }

    @Test
    void theCommandsBecomeCheckpointExitCodeAndTransferCheckpoint() {
        ClassAd ad = job("checkpoint_exit_code = 85\ntransfer_checkpoint_files = state.dat, out/ ,log/steps");
        assertEquals(Expr.parse("85"), ad.lookup("CheckpointExitCode"));
        assertEquals(Expr.parse("\"state.dat,out/,log/steps\""), ad.lookup("TransferCheckpoint"));
    }

    @Test
    void aJobWithoutThemHasNeither() {
        ClassAd ad = job("");
        assertNull(ad.lookup("CheckpointExitCode"));
        assertNull(ad.lookup("TransferCheckpoint"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "checkpoint_exit_code = 300|is not an exit status (0 to 255)",
        "checkpoint_exit_code = often|is not an integer",
        "transfer_checkpoint_files = /etc/passwd|must be a relative path inside the job's working directory",
        "transfer_checkpoint_files = ../up|must be a relative path inside the job's working directory",
        "transfer_checkpoint_files = ,|names no file"})
    void badCheckpointCommandsAreRefusedNamingTheProblem(String command, String problem) {
        SubmitException e = assertThrows(SubmitException.class, () -> job(command));
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }
}
