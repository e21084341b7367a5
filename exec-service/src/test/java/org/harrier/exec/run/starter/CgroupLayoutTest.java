package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Finding our own cgroups from /proc/self/mounts and /proc/self/cgroup, for the layouts hosts have. */
class CgroupLayoutTest {
    static final String HYBRID_MOUNTS = """
            tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0
            cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0
            cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0
            cgroup /sys/fs/cgroup/freezer cgroup rw,relatime,freezer 0 0
            cgroup /sys/fs/cgroup/systemd cgroup rw,relatime,name=systemd 0 0
            cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0
            proc /proc proc rw 0 0
            """;
    static final String HYBRID_SELF = """
            9:name=systemd:/
            6:freezer:/
            4:memory:/process_api/30fd
            1:cpu:/
            0::/
            """;

    @Test
    void aHybridHostHasVersionOneControllersAndAUnifiedTree() {
        CgroupLayout l = CgroupLayout.parse(HYBRID_MOUNTS, HYBRID_SELF);
        assertAll(() -> assertEquals(Optional.of(Path.of("/sys/fs/cgroup/memory/process_api/30fd")), l.v1("memory")),
                () -> assertEquals(Optional.of(Path.of("/sys/fs/cgroup/freezer")), l.v1("freezer")),
                () -> assertEquals(Optional.empty(), l.v1("pids"), "not mounted"),
                () -> assertEquals(Optional.of(Path.of("/sys/fs/cgroup/unified")), l.v2()));
    }

    @Test
    void aUnifiedOnlyHostHasNoVersionOneControllers() {
        CgroupLayout l = CgroupLayout.parse("cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid,nsdelegate 0 0\n",
                "0::/system.slice/harrier-exec.service\n");
        assertAll(() -> assertEquals(Optional.empty(), l.v1("memory")),
                () -> assertEquals(Optional.of(Path.of("/sys/fs/cgroup/system.slice/harrier-exec.service")), l.v2()));
    }

    @Test
    void controllersMountedTogetherShareADirectory() {
        CgroupLayout l = CgroupLayout.parse("cgroup /sys/fs/cgroup/cpu,cpuacct cgroup rw,cpu,cpuacct 0 0\n",
                "3:cpu,cpuacct:/job\n");
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/cpu,cpuacct/job")), l.v1("cpuacct"));
    }

    @Test
    void escapedSpacesInMountPointsAreRead() {
        CgroupLayout l = CgroupLayout.parse("cgroup /mnt/c\\040g cgroup rw,memory 0 0\n", "4:memory:/\n");
        assertEquals(Optional.of(Path.of("/mnt/c g")), l.v1("memory"));
    }

    @Test
    void withoutCgroupFilesystemsThereIsNothing() {
        assertEquals(CgroupLayout.NONE, CgroupLayout.parse("proc /proc proc rw 0 0\n", "0::/\n"));
    }
}
