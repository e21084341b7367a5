package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;

import org.harrier.bus.QmfException;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints over the bus, end to end on an embedded broker: the real scheduler service and a
 * startd in another FileSystemDomain ({@link FileTransferBusTest}'s fixture), so the job runs in
 * a sandbox and its checkpoints travel as CheckpointOut/CheckpointIn transfers. A
 * self-checkpointing shell job checkpoints in its sandbox and is restarted there, is vacated one
 * step past its checkpoint, twice (the test), and on each next run (a new sandbox)
 * resumes from the checkpoint that came back over the bus; its result is right and the job's
 * byte counts show the checkpoint files travelling.
 *
 * <p>The job (in its sandbox) reads its step from {@code count}, exits with 85 every third
 * step, and waits at the other steps for a file {@code go.N} in a control directory given as
 * its argument, where it also notes where it is ({@code at}) and each start ({@code progress.log}).
 */
@Timeout(120)
class CheckpointTransferBusTest {
    static final String JOB = """
            #!/bin/sh
            ctl="$1"
            n=0; [ -f count ] && n=$(cat count)
            echo "start $n" >> "$ctl/progress.log"
            while [ $n -lt 9 ]; do
              n=$((n+1)); echo $n > count; echo $n > "$ctl/at"
              [ $((n % 3)) -eq 0 ] && exit 85
              while [ ! -e "$ctl/go.$n" ]; do sleep 0.05; done
            done
            echo $n > result
            exit 0
            """;

    @TempDir
    Path dir;
    FileTransferBusTest grid;
    Path ctl;

    @BeforeEach
    void start() throws IOException {
        grid = new FileTransferBusTest();
        grid.dir = dir;
        grid.start();
        ctl = Files.createDirectories(dir.resolve("ctl"));
    }

    @AfterEach
    void stop() {
        grid.stop();
    }

    @Test
    void aSandboxedJobEvictedTwiceResumesFromTheCheckpointsThatTravelledOverTheBus() throws Exception {
        Path script = grid.iwd.resolve("run.sh");
        Files.writeString(script, JOB);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        go(1, 2);
        String id = grid.submit(Map.of("Args", ctl.toString(), "TransferOutput", "result",
                "TransferCheckpoint", "count"));
        setInteger(id, "CheckpointExitCode", 85);
        grid.match();
        awaitAt(id, 4, 1);
        Path spooled = dir.resolve("spool").resolve(id.replace('.', '/'));
        assertEquals("3", Files.readString(spooled.resolve("checkpoint/count")).strip(),
                "checkpoint 1 came over the bus into the scheduler's spool");

        vacate(id);
        go(4, 5);
        grid.match();
        awaitAt(id, 7, 2);
        assertEquals("6", Files.readString(spooled.resolve("checkpoint/count")).strip(), "checkpoint 2, saved after the resume");
        vacate(id);
        go(7, 8);
        grid.match();
        Map<String, Object> done = grid.awaitAd(id, ad -> Long.valueOf(4).equals(ad.get("JobStatus")), "completed");

        assertEquals(0L, done.get("ExitCode"));
        assertEquals("9", Files.readString(grid.iwd.resolve("result")).strip());
        assertEquals("start 0\nstart 3\nstart 3\nstart 6\nstart 6\nstart 9\n", Files.readString(ctl.resolve("progress.log")),
                "restarted in its sandbox after each checkpoint, and after each eviction resumed from the last checkpoint "
                        + "(3, 6), not from 0 nor from its unsaved step (4, 7)");
        assertEquals(3L, done.get("NumCkpts"));
        assertEquals(3L, done.get("NumJobStarts"));
        assertEquals(3 * Files.size(script) + 2 + 2, done.get("BytesRecvd"),
                "the executable three times and checkpoints 1 and 2 (\"3\\n\", \"6\\n\") restored");
        assertEquals(3 * 2L + 2, done.get("BytesSent"), "checkpoints 1 to 3 and the result, 2 bytes each (Out and Err empty)");
        FileTransferBusTest.awaitEmpty(grid.execute);
    }

    @Test
    void aStarterCannotReadOrStageCheckpointsOfAJobNotOnItsClaim() throws Exception {
        grid.script();
        String id = grid.submit(Map.of());
        QmfException read = assertThrows(QmfException.class, () -> grid.call("BeginTransfer", Map.of("Id", id,
                "ClaimId", "forged", "Direction", "CheckpointIn", "Name", "count", "CheckpointNumber", 1L)));
        assertEquals(QmfException.WRONG_STATE, read.code());
        QmfException list = assertThrows(QmfException.class,
                () -> grid.call("GetCheckpoint", Map.of("Id", id, "ClaimId", "forged")));
        assertEquals(QmfException.WRONG_STATE, list.code());
    }

    /** condor_vacate_job: the job goes back to Idle and its sandbox is removed. */
    private void vacate(String id) throws Exception {
        grid.call("VacateJob", Map.of("Id", id));
        grid.awaitAd(id, ad -> Long.valueOf(1).equals(ad.get("JobStatus")), "went back to Idle");
        FileTransferBusTest.awaitEmpty(grid.execute);
    }

    private void setInteger(String id, String name, long value) {
        grid.call("SetAttribute", Map.of("Id", id, "Name", name, "Value", Long.toString(value)));
    }

    private void go(int... steps) throws IOException {
        for (int n : steps) {
            Files.writeString(ctl.resolve("go." + n), "");
        }
    }

    /** Waits until the job runs, waiting at {@code step}, with {@code checkpoints} checkpoints recorded. */
    private void awaitAt(String id, int step, long checkpoints) throws Exception {
        Path at = ctl.resolve("at");
        grid.awaitAd(id, ad -> Long.valueOf(checkpoints).equals(ad.get("NumCkpts")), "recorded checkpoint " + checkpoints);
        Await.until("job " + id + " to wait at step " + step, Duration.ofSeconds(60),
                () -> Files.exists(at) && Files.readString(at).strip().equals(Integer.toString(step)),
                () -> "at " + (Files.exists(at) ? read(at) : "nothing"));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).strip();
        } catch (IOException e) {
            return "unreadable: " + e.getMessage();
        }
    }
}
