package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.harrier.testing.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Job cgroups a startd killed with kill -9 left: emptied and removed at the next start of the same startd, no others. */
class CgroupLeftoversTest {
    @Test
    void onlyThisStartdsCgroupsOfProcessesThatAreGoneAreLeftovers() {
        Set<Long> alive = Set.of(100L);
        assertEquals(List.of("slot1_1@node.5.300", "slot1_1@node_3.0.300", "slot1_2@node_12.4.7"), Cgroups.leftovers(List.of(
                "slot1_1@node_3.0.300", "slot1_1@node_3.1.100", "slot1_2@node_12.4.7", "slot1_1@node2_3.0.300",
                "slot1_1@othernode_3.0.300", "slot1_1@node_3.0", "probe-300", "slot1_1@node_3.0.x",
                "slot1_1@node.5.300", "slot1_1@node.6.100", "slot1_1@node.300", "slot1_1@node2.5.300",
                "slot1_1@node.5.300.1"), "node", alive::contains));
    }

    @Test
    void aNameWithPatternCharactersMatchesOnlyItself() {
        assertEquals(List.of("slot1_1@a.b.2.5", "slot1_1@a.b_1.0.5"), Cgroups.leftovers(List.of("slot1_1@a.b_1.0.5",
                "slot1_1@axb_1.0.5", "slot1_1@a.b.2.5", "slot1_1@axb.2.5"), "a.b", pid -> false));
    }

    @Test
    @Timeout(60)
    void theProcessesLeftInACgroupAreKilledEvenFrozenAndTheCgroupRemoved() throws Exception {
        Cgroups cgroups = Cgroups.detect();
        assumeTrue(cgroups.usable(), cgroups.description());
        JobCgroup left = cgroups.create("slot1_1@leftover-test", 0);
        Process job = new ProcessBuilder(left.entry(List.of("sleep", "300"))).start();
        Await.until("the job in its cgroup", Duration.ofSeconds(20), () -> left.procs().contains(job.pid()));
        left.freeze(true);
        String name = left.path().getFileName().toString();

        assertFalse(cgroups.removeLeftovers("leftover-test").contains(name), "its startd (this JVM) is alive");
        assertEquals(List.of(name), cgroups.removeLeftovers("leftover-test", pid -> false));
        assertTrue(job.waitFor(20, TimeUnit.SECONDS), "the job was killed");
        assertFalse(Files.exists(left.path()), "the cgroup is gone");
    }
}
