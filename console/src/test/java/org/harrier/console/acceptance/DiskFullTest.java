package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.harrier.console.grid.PersonalGrid;
import org.harrier.testing.SmallDisk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A personal grid whose data directory fills up: a submission is refused while the disk is full,
 * the grid serves again once space returns, and no acknowledged job is lost. The data directory
 * is a small tmpfs of its own, which needs root (CI runs as root); elsewhere the test is skipped.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class DiskFullTest {
    @TempDir
    Path dir;
    private SmallDisk disk;
    private Path mount;

    @BeforeEach
    void mountASmallFileSystem() throws Exception {
        disk = SmallDisk.mount(dir.resolve("small"), "160m");
        assumeTrue(disk != null, "mounting a tmpfs needs root");
        mount = disk.path();
    }

    @AfterEach
    void unmount() throws Exception {
        if (disk != null) {
            disk.close();
        }
    }

    @Test
    void aFullDiskRefusesSubmissionsAndTheGridServesAgainWhenSpaceReturnsWithNothingLost() throws Exception {
        try (PersonalGrid grid = PersonalGrid.start(new PersonalGrid.Settings(mount.resolve("data"), 0, Duration.ofSeconds(1)))) {
            GridUser user = new GridUser(grid.clientUrl(), Files.createDirectories(dir.resolve("work")));
            String job = "executable = /bin/sleep\narguments = 600\nqueue\n";
            long before = user.submit("before.sub", job);

            Path filler = mount.resolve("filler");
            SmallDisk.fill(filler);
            Files.writeString(user.workDir().resolve("full.sub"), job);
            // Each submission either fails, saying why, or is acknowledged, and then must not be lost:
            // a small append can still fit in a file's last block, and the journal's files are
            // allocated ahead, so which of the two happens depends on where the bytes land.
            List<Long> acknowledged = new ArrayList<>(List.of(before));
            int refusals = 0;
            for (int i = 0; i < 5; i++) {
                org.harrier.console.Run r = user.harrier("submit", "--json", "full.sub");
                if (r.status() == 0) {
                    acknowledged.add(GridUser.json(r).get("ClusterId").asLong());
                } else {
                    assertTrue(!r.err().isBlank(), "a refused submission says why");
                    refusals++;
                }
            }
            assertEquals(5, refusals + acknowledged.size() - 1, "five submissions on a full disk");

            Files.delete(filler);
            Eventually.await("the grid to take submissions again", Eventually.PATIENCE,
                    () -> user.harrier("submit", "full.sub").status() == 0, () -> "");
            for (long cluster : acknowledged) {
                org.harrier.console.Run q = user.harrier("q", Long.toString(cluster), "-af", "ClusterId");
                assertEquals(0, q.status(), q.err());
                assertEquals(Long.toString(cluster), q.out().strip(), () -> "job " + cluster + ", acknowledged, is lost; the queue:\n"
                        + user.harrier("q", "-af", "ClusterId", "ProcId", "JobStatus").out() + "history:\n"
                        + user.harrier("history", "-af", "ClusterId", "ProcId", "JobStatus").out());
            }
        }
    }
}
