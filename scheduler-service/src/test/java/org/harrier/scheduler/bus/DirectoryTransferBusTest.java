package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Directories in transfer lists over the bus, as HTCondor's condor_submit has them: {@code data}
 * travels with its contents, {@code more/} only its contents; an output directory comes back
 * whole, {@code flat/} its contents into Iwd. A symbolic link in an input directory or in the
 * sandbox, and an output that climbs out with {@code ..}, hold the job and write nothing.
 * The real scheduler and startd of {@link FileTransferBusTest}'s fixture.
 */
@Timeout(200)
class DirectoryTransferBusTest {
    @TempDir
    Path dir;
    FileTransferBusTest grid;

    @BeforeEach
    void start() throws IOException {
        grid = new FileTransferBusTest();
        grid.dir = dir;
        grid.start();
        Files.createDirectories(grid.iwd.resolve("data/sub/empty"));
        Files.writeString(grid.iwd.resolve("data/a.txt"), "a\n");
        Files.writeString(grid.iwd.resolve("data/sub/b.txt"), "b\n");
        Files.createDirectories(grid.iwd.resolve("more/deep"));
        Files.writeString(grid.iwd.resolve("more/m1.txt"), "m1\n");
        Files.writeString(grid.iwd.resolve("more/deep/m2.txt"), "m2\n");
        Files.createDirectories(grid.iwd.resolve("hollow"));
        Files.writeString(dir.resolve("secret"), "secret\n");
    }

    @AfterEach
    void stop() {
        grid.stop();
    }

    @Test
    void aDirectoryTravelsWithItsContentsAndATrailingSlashOnlyItsContents() throws Exception {
        script("mkdir -p results/nested flat/inner\n"
                + "find data m1.txt deep hollow | LC_ALL=C sort > results/listing.txt\n"
                + "cat data/sub/b.txt deep/m2.txt > results/nested/cat.txt\n"
                + "echo f > flat/inner/f.txt\necho top > flat/top.txt\n");
        String id = grid.submit(Map.of("TransferInput", "data,more/,hollow", "TransferOutput", "results,flat/"));
        grid.match();
        Map<String, Object> done = grid.awaitAd(id, ad -> Long.valueOf(4).equals(ad.get("JobStatus")), "completed");
        assertEquals(0L, done.get("ExitCode"));
        assertEquals("data\ndata/a.txt\ndata/sub\ndata/sub/b.txt\ndata/sub/empty\ndeep\ndeep/m2.txt\nhollow\nm1.txt\n",
                Files.readString(grid.iwd.resolve("results/listing.txt")), "the sandbox held both inputs as named");
        assertEquals("b\nm2\n", Files.readString(grid.iwd.resolve("results/nested/cat.txt")));
        assertEquals("f\n", Files.readString(grid.iwd.resolve("inner/f.txt")), "flat/'s contents land in Iwd");
        assertEquals("top\n", Files.readString(grid.iwd.resolve("top.txt")));
        assertFalse(Files.exists(grid.iwd.resolve("flat")));
        FileTransferBusTest.awaitEmpty(grid.execute);
    }

    @Test
    void aSymbolicLinkInAnInputDirectoryHoldsTheJobBeforeItRuns() throws Exception {
        script("echo ran > ran.txt\n");
        Files.createSymbolicLink(grid.iwd.resolve("data/sub/leak"), dir.resolve("secret"));
        String id = grid.submit(Map.of("TransferInput", "data"));
        grid.match();
        Map<String, Object> held = grid.awaitAd(id, ad -> Long.valueOf(5).equals(ad.get("JobStatus")), "was held");
        assertEquals(13L, held.get("HoldReasonCode"));
        String reason = String.valueOf(held.get("HoldReason"));
        assertTrue(reason.contains("symbolic link") && reason.contains("sub/leak"), reason);
        assertFalse(Files.exists(grid.iwd.resolve("ran.txt")));
        FileTransferBusTest.awaitEmpty(grid.execute);
    }

    @Test
    void aSymbolicLinkTheJobMadeInAnOutputDirectoryHoldsItAndNothingIsSent() throws Exception {
        script("mkdir results\necho r > results/r.txt\nln -s " + dir.resolve("secret") + " results/leak\n");
        String id = grid.submit(Map.of("TransferOutput", "results"));
        grid.match();
        Map<String, Object> held = grid.awaitAd(id, ad -> Long.valueOf(5).equals(ad.get("JobStatus")), "was held");
        assertEquals(12L, held.get("HoldReasonCode"));
        String reason = String.valueOf(held.get("HoldReason"));
        assertTrue(reason.contains("results/leak is a symbolic link"), reason);
        assertFalse(Files.exists(grid.iwd.resolve("results")), "no file of the refused directory was sent");
        FileTransferBusTest.awaitEmpty(grid.execute);
    }

    @Test
    void anOutputThatClimbsOutOfTheSandboxHoldsTheJob() throws Exception {
        script("echo r > r.txt\n");
        String id = grid.submit(Map.of("TransferOutput", "r.txt,../../escape.txt"));
        grid.match();
        Map<String, Object> held = grid.awaitAd(id, ad -> Long.valueOf(5).equals(ad.get("JobStatus")), "was held");
        assertEquals(12L, held.get("HoldReasonCode"));
        String reason = String.valueOf(held.get("HoldReason"));
        assertTrue(reason.contains("../../escape.txt is outside the sandbox"), reason);
        assertFalse(Files.exists(dir.resolve("escape.txt")));
        assertFalse(Files.exists(grid.iwd.resolve("escape.txt")));
        FileTransferBusTest.awaitEmpty(grid.execute);
    }

    private void script(String body) throws IOException {
        Path script = grid.iwd.resolve("run.sh");
        Files.writeString(script, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
