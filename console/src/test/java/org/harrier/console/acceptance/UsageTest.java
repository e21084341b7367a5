package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.harrier.console.Run;
import org.harrier.exec.run.starter.Cgroups;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Usage on a personal grid, as a user sees it with {@code harrier q}: a running job's memory
 * and disk while it runs (the personal grid reports usage every update interval), a job over its
 * request_memory held with HTCondor's reason and code 34 (where cgroups are writable: root
 * here), and a removed job getting its kill_sig first.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class UsageTest {
    private GridSession grid;
    private GridUser user;

    @BeforeAll
    void startGrid(@TempDir Path dir) throws IOException {
        grid = GridSession.start(dir);
        user = grid.user();
    }

    @AfterAll
    void stopGrid() {
        grid.close();
    }

    private void script(String name, String body) throws IOException {
        Path p = user.write(name, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private String q(long cluster, String... attributes) {
        String[] args = new String[attributes.length + 3];
        args[0] = "q";
        args[1] = cluster + ".0";
        args[2] = "-af";
        System.arraycopy(attributes, 0, args, 3, attributes.length);
        Run r = user.harrier(args);
        return r.out().strip();
    }

    private static long number(String text) {
        return text.matches("[0-9]+") ? Long.parseLong(text) : -1;
    }

    @Test
    void harrierQShowsARunningJobsMemoryAndDisk() throws IOException {
        script("hold-memory.sh", "head -c 1000000 /dev/urandom > written.$1\n"
                + "x=$(head -c 30000000 /dev/zero | tr -c x x)\ntouch running.$1\nwhile [ ! -e gate.$1 ]; do sleep 0.1; done");
        long cluster = user.submit("usage.sub", """
                executable = hold-memory.sh
                arguments  = usage
                queue
                """);
        Eventually.await("MemoryUsage of the running job", Eventually.PATIENCE,
                () -> q(cluster, "JobStatus").equals("2") && number(q(cluster, "MemoryUsage")) >= 25
                        && number(q(cluster, "DiskUsage")) >= 977,
                () -> q(cluster, "JobStatus", "MemoryUsage", "ResidentSetSize", "ImageSize", "DiskUsage"));
        user.write("gate.usage", "");
        Run waited = user.harrier("wait", cluster + ".0", "--json", "--timeout", "60");
        assertEquals(0, waited.status(), waited::err);
        var ad = GridUser.json(waited).get(0);
        assertAll(() -> assertEquals(4, ad.get("JobStatus").asInt(), ad::toString),
                () -> assertTrue(ad.get("MemoryUsage").asLong() >= 25, ad::toString),
                () -> assertTrue(ad.get("ResidentSetSize").asLong() >= 25 * 1024, ad::toString),
                () -> assertTrue(ad.get("RemoteWallClockTime").asDouble() > 0, ad::toString));
    }

    @Test
    void aJobOverItsRequestMemoryIsHeldWithTheReason() throws IOException {
        Cgroups cgroups = Cgroups.detect();
        assumeTrue(cgroups.usable(), cgroups.description());
        script("hog.sh", "head -c 300000000 /dev/zero | tail > /dev/null");
        long cluster = user.submit("hog.sub", """
                executable     = hog.sh
                request_memory = 48
                queue
                """);
        Eventually.await("the job held", Eventually.PATIENCE, () -> q(cluster, "JobStatus").equals("5"),
                () -> q(cluster, "JobStatus", "HoldReasonCode", "HoldReason"));
        String reason = q(cluster, "HoldReason");
        assertAll(() -> assertEquals("34", q(cluster, "HoldReasonCode")),
                () -> assertTrue(reason.startsWith("Job has gone over cgroup memory limit of 128 megabytes."),
                        "48 MiB in HTCondor's 128 MiB steps: " + reason),
                () -> assertTrue(number(q(cluster, "MemoryUsage")) >= 120, q(cluster, "MemoryUsage")));
        user.harrier("rm", cluster + ".0");
    }

    @Test
    void aRemovedJobGetsItsKillSigFirst() throws IOException {
        script("trapper.sh", "trap 'echo USR1 > got-signal; exit 0' USR1\ntouch trapping\n"
                + "while true; do sleep 0.1; done");
        long cluster = user.submit("trap.sub", """
                executable = trapper.sh
                kill_sig   = SIGUSR1
                job_max_vacate_time = 30
                queue
                """);
        Eventually.await("the trap set", Eventually.PATIENCE, () -> Files.exists(user.workDir().resolve("trapping")),
                () -> q(cluster, "JobStatus"));
        assertTrue(q(cluster, "KillSig").contains("SIGUSR1"), q(cluster, "KillSig"));
        Run rm = user.harrier("rm", cluster + ".0");
        assertEquals(0, rm.status(), rm::err);
        Eventually.await("the signal recorded", Eventually.PATIENCE,
                () -> Files.exists(user.workDir().resolve("got-signal")), () -> "no got-signal file");
        assertEquals("USR1", user.read("got-signal").strip());
    }
}
