package org.harrier.scheduler.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.harrier.classad.ClassAd;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which names a starter may read and write for a job: only what the ad names, only into Iwd. */
class TransferNamesTest {
    static final ClassAd JOB = ClassAd.parse("[ClusterId = 3; ProcId = 0; Iwd = \"/home/u/run\"; Cmd = \"bin/sim\";"
            + " In = \"in.dat\"; Out = \"out.txt\"; Err = \"/var/log/u/err.txt\";"
            + " TransferInput = \"a.cfg, /data/big.bin,sub/c.txt,https://example.org/x\"]");
    static final ClassAd NO_EXE = ClassAd.parse("[ClusterId = 3; ProcId = 1; Iwd = \"/home/u/run\"; Cmd = \"/bin/sim\";"
            + " TransferExecutable = false; TransferOutput = \"result.txt,logs/summary.csv\"]");

    @ParameterizedTest(name = "input {0} is read from {1}")
    @CsvSource({
            "bin/sim, /home/u/run/bin/sim",
            "in.dat, /home/u/run/in.dat",
            "a.cfg, /home/u/run/a.cfg",
            "/data/big.bin, /data/big.bin",
            "sub/c.txt, /home/u/run/sub/c.txt",
    })
    void inputsTheAdNamesAreReadRelativeToIwd(String name, String path) {
        assertEquals(Path.of(path), TransferNames.input(JOB, name));
    }

    @ParameterizedTest(name = "input {0} is refused")
    @CsvSource({
            "/etc/passwd", "../run/a.cfg", "a.cfg/../../../etc/shadow", "big.bin", "out.txt", "''",
            "https://example.org/x",
    })
    void anythingElseIsRefused(String name) {
        assertThrows(ScheddFailure.Refused.class, () -> TransferNames.input(JOB, name));
    }

    @ParameterizedTest(name = "an executable not transferred is not readable: {0}")
    @CsvSource({"/bin/sim"})
    void executableIsNotReadableWhenNotTransferred(String name) {
        assertThrows(ScheddFailure.Refused.class, () -> TransferNames.input(NO_EXE, name));
    }

    @ParameterizedTest(name = "output {0} is written to {1}")
    @CsvSource({
            "_condor_stdout, /home/u/run/out.txt",
            "_condor_stderr, /var/log/u/err.txt",
            "anything.new, /home/u/run/anything.new",
            "..hidden, /home/u/run/..hidden",
    })
    void outputsGoToOutErrOrIntoIwd(String name, String path) {
        assertEquals(Path.of(path), TransferNames.output(JOB, name));
    }

    @ParameterizedTest(name = "output {0} is refused")
    @CsvSource({
            "../escape", "sub/dir.txt", "/etc/passwd", ".", "..", "''", ".harrier-transfer-1.0-abc",
    })
    void outputsOutsideIwdAreRefused(String name) {
        assertThrows(ScheddFailure.Refused.class, () -> TransferNames.output(JOB, name));
    }

    @ParameterizedTest(name = "with TransferOutput, output {0} allowed: {1}")
    @CsvSource({
            "result.txt, true", "summary.csv, true", "other.txt, false", "_condor_stdout, false",
    })
    void transferOutputListsTheOnlyOutputs(String name, boolean allowed) {
        if (allowed) {
            assertTrue(TransferNames.output(NO_EXE, name).startsWith("/home/u/run"));
        } else {
            assertThrows(ScheddFailure.Refused.class, () -> TransferNames.output(NO_EXE, name));
        }
    }

    @ParameterizedTest(name = "checkpoint file {1} of checkpoint {2} ({0}) is {3}")
    @CsvSource({
            "CheckpointOut, state.txt, 3, /spool/3/0/checkpoint.3.partial/state.txt",
            "CheckpointOut, sub/dir/state.bin, 1, /spool/3/0/checkpoint.1.partial/sub/dir/state.bin",
            "CheckpointIn, state.txt, 3, /spool/3/0/checkpoint.3/state.txt",
            "CheckpointIn, ..hidden, 2, /spool/3/0/checkpoint.2/..hidden",
    })
    void checkpointFilesLiveUnderTheirCheckpointInTheSpool(String direction, String name, long n, String path) {
        assertEquals(Path.of(path), TransferNames.checkpoint(Path.of("/spool/3/0"), Direction.parse(direction), n, name));
    }

    @ParameterizedTest(name = "checkpoint file {1} of checkpoint {2} ({0}) is refused")
    @CsvSource({
            "CheckpointOut, ../../4/0/checkpoint/state.txt, 3", "CheckpointOut, /etc/passwd, 3",
            "CheckpointOut, a/../../x, 3", "CheckpointOut, a//b, 3", "CheckpointOut, a/./b, 3",
            "CheckpointOut, dir/, 3", "CheckpointOut, '', 3", "CheckpointOut, state.txt, 0",
            "CheckpointIn, .., 1", "CheckpointIn, state.txt, -1", "CheckpointIn, .harrier-transfer-x, 1",
    })
    void checkpointFilesOutsideTheirCheckpointAreRefused(String direction, String name, long n) {
        assertThrows(ScheddFailure.Refused.class,
                () -> TransferNames.checkpoint(Path.of("/spool/3/0"), Direction.parse(direction), n, name));
    }

    static final ClassAd DIRS = ClassAd.parse("[ClusterId = 3; ProcId = 2; Iwd = \"/home/u/run\"; Cmd = \"sim\";"
            + " TransferInput = \"data, /shared/lib/, a.cfg\"; TransferOutput = \"results, r.txt\"]");
    static final ClassAd CONTENTS = ClassAd.parse("[ClusterId = 3; ProcId = 3; Iwd = \"/home/u/run\"; Cmd = \"sim\";"
            + " TransferOutput = \"out/\"]");

    @ParameterizedTest(name = "input {0} is {1} below {2}")
    @CsvSource({
            "data, /home/u/run/data, ''",
            "data/x/y.bin, /home/u/run/data, x/y.bin",
            "/shared/lib/, /shared/lib, ''",
            "/shared/lib/m.so, /shared/lib, m.so",
    })
    void filesInsideANamedInputDirectoryAreReadBelowIt(String name, String dir, String relative) {
        assertEquals(new TransferNames.Target(Path.of(dir), relative), TransferNames.inputTarget(DIRS, name));
    }

    @ParameterizedTest(name = "input {0} is refused")
    @CsvSource({"data/../a.cfg", "data/./x", "data//x", "data/", "/shared/lib/../../etc/passwd", "dat/x", "/shared/x"})
    void pathsThatLeaveANamedDirectoryOrNameNoneAreRefused(String name) {
        assertThrows(ScheddFailure.Refused.class, () -> TransferNames.inputTarget(DIRS, name));
    }

    @ParameterizedTest(name = "output {0} of {1} is written below Iwd as {2}")
    @CsvSource({
            "results/a/b.csv, DIRS, results/a/b.csv",
            "r.txt, DIRS, ''",
            "anything.txt, CONTENTS, ''",
            "deep/in/it.txt, CONTENTS, deep/in/it.txt",
    })
    void outputsInsideADirectoryTheJobSendsAreWrittenBelowIwd(String name, String job, String relative) {
        ClassAd ad = job.equals("DIRS") ? DIRS : CONTENTS;
        TransferNames.Target t = TransferNames.outputTarget(ad, name);
        assertEquals(relative, t.relative());
        assertEquals(Path.of("/home/u/run", name), t.path());
    }

    @ParameterizedTest(name = "output {0} of {1} is refused")
    @CsvSource({
            "other/x.txt, DIRS", "results/../../x, DIRS", "results//x, DIRS", "results/./x, DIRS", "x.txt, DIRS",
            "../x, CONTENTS", "a/../../x, CONTENTS", "sub/x, JOB",
    })
    void outputPathsOutsideTheSentDirectoriesAreRefused(String name, String job) {
        ClassAd ad = job.equals("DIRS") ? DIRS : job.equals("JOB") ? JOB : CONTENTS;
        assertThrows(ScheddFailure.Refused.class, () -> TransferNames.outputTarget(ad, name));
    }
}
