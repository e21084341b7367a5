package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;

import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * when_to_transfer_output = ON_EXIT_OR_EVICT, as HTCondor has it: a vacated job's files go to
 * the scheduler's spool, not its Iwd, and come back into its sandbox when it next starts, so
 * it carries on with them; at its exit they reach Iwd. The real scheduler and startd of
 * {@link FileTransferBusTest}'s fixture (another FileSystemDomain: a sandbox, files over the bus).
 *
 * <p>The job counts its runs in {@code count} (and a line per run in {@code progress}), notes the
 * run in a control directory given as its argument, and on its first run waits to be vacated.
 */
@Timeout(120)
class EvictedFilesBusTest {
    static final String JOB = """
            #!/bin/sh
            n=0; [ -f count ] && n=$(cat count)
            n=$((n+1)); echo $n > count
            echo "run $n" >> progress
            echo $n > "$1/at"
            [ $n -ge 2 ] && exit 0
            exec sleep 100
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
        Path script = grid.iwd.resolve("run.sh");
        Files.writeString(script, JOB);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterEach
    void stop() {
        grid.stop();
    }

    @Test
    void aVacatedJobsFilesWaitInTheSpoolAndComeBackIntoItsNextSandbox() throws Exception {
        String id = grid.submit(Map.of("Args", ctl.toString(), "WhenToTransferOutput", "ON_EXIT_OR_EVICT"));
        grid.match();
        Await.until("the first run", Duration.ofSeconds(60), () -> Files.exists(ctl.resolve("at")));

        grid.call("VacateJob", Map.of("Id", id));
        grid.awaitAd(id, ad -> Long.valueOf(1).equals(ad.get("JobStatus")), "went back to Idle");
        FileTransferBusTest.awaitEmpty(grid.execute);
        Path spooled = dir.resolve("spool").resolve(id.replace('.', '/')).resolve("evicted");
        assertEquals("1\n", Files.readString(spooled.resolve("count")), "the eviction's files are in the spool");
        assertEquals("run 1\n", Files.readString(spooled.resolve("progress")));
        assertFalse(Files.exists(grid.iwd.resolve("count")), "not in Iwd: the job has not finished");

        grid.match();
        Map<String, Object> done = grid.awaitAd(id, ad -> Long.valueOf(4).equals(ad.get("JobStatus")), "completed");
        assertEquals(0L, done.get("ExitCode"));
        assertEquals(2L, done.get("NumJobStarts"));
        assertEquals("2\n", Files.readString(grid.iwd.resolve("count")), "the second run found the first one's count");
        assertEquals("run 1\nrun 2\n", Files.readString(grid.iwd.resolve("progress")));
        FileTransferBusTest.awaitEmpty(grid.execute);
    }

    @Test
    void withoutOnExitOrEvictAVacatedJobSendsNothingAndStartsAfresh() throws Exception {
        String id = grid.submit(Map.of("Args", ctl.toString()));
        grid.match();
        Await.until("the first run", Duration.ofSeconds(60), () -> Files.exists(ctl.resolve("at")));
        grid.call("VacateJob", Map.of("Id", id));
        grid.awaitAd(id, ad -> Long.valueOf(1).equals(ad.get("JobStatus")), "went back to Idle");
        FileTransferBusTest.awaitEmpty(grid.execute);
        assertFalse(Files.exists(dir.resolve("spool").resolve(id.replace('.', '/')).resolve("evicted")));
        Files.delete(ctl.resolve("at"));
        grid.match();
        Await.until("the second run", Duration.ofSeconds(60), () -> Files.exists(ctl.resolve("at")));
        assertEquals("1", Files.readString(ctl.resolve("at")).strip(), "it started from nothing again");
        grid.call("Remove", Map.of("Id", id));
    }
}
