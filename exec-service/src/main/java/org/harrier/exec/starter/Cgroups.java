package org.harrier.exec.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the starter may make job cgroups, found once when the startd starts: a directory
 * {@code harrier} below the startd's own memory and freezer cgroups (version 1), or below its
 * own unified cgroup when that delegates the memory controller to its children (version 2).
 * When neither is writable (not root, no delegation, no cgroupfs) jobs run without: the startd
 * says so once in its log, usage comes from /proc, suspension is SIGSTOP and no memory limit is
 * enforced.
 *
 * <p>Immutable after {@link #detect}; any thread.
 */
public final class Cgroups {
    private static final Logger log = LoggerFactory.getLogger(Cgroups.class);
    static final String BASE = "harrier";

    private final boolean v2;
    private final Path memoryBase;
    private final Path freezerBase;
    private final Optional<Path> cpuacctBase;
    private final String description;

    private Cgroups(boolean v2, Path memoryBase, Path freezerBase, Optional<Path> cpuacctBase, String description) {
        this.v2 = v2;
        this.memoryBase = memoryBase;
        this.freezerBase = freezerBase;
        this.cpuacctBase = cpuacctBase;
        this.description = description;
    }

    /** Jobs run without cgroups. */
    public static Cgroups none(String why) {
        return new Cgroups(false, null, null, Optional.empty(), why);
    }

    /** Looks at this host and says in the log what it found. */
    public static Cgroups detect() {
        Cgroups c = find();
        if (c.usable()) {
            log.info("jobs run in their own cgroups under {}", c.description);
        } else {
            log.warn("jobs run without cgroups ({}): usage is measured from /proc, suspension is SIGSTOP, "
                    + "request_memory is not enforced", c.description);
        }
        return c;
    }

    private static Cgroups find() {
        CgroupLayout layout;
        try {
            layout = CgroupLayout.parse(Files.readString(Path.of("/proc/self/mounts")),
                    Files.readString(Path.of("/proc/self/cgroup")));
        } catch (IOException | RuntimeException e) {
            return none("cannot read /proc/self/mounts or /proc/self/cgroup: " + e.getMessage());
        }
        Optional<Path> memory = layout.v1("memory");
        Optional<Path> freezer = layout.v1("freezer");
        if (memory.isPresent() && freezer.isPresent()) {
            Path m = memory.get().resolve(BASE);
            Path f = freezer.get().resolve(BASE);
            if (writable(m) && writable(f)) {
                // cpuacct is a bonus: the job's exact CPU time, which /proc samples miss the end of.
                Optional<Path> cpu = layout.v1("cpuacct").map(p -> p.resolve(BASE)).filter(Cgroups::writable);
                return new Cgroups(false, m, f, cpu, "cgroup v1 " + m + " and " + f + cpu.map(p -> " and " + p).orElse(""));
            }
        }
        if (layout.v2().isPresent()) {
            Path own = layout.v2().get();
            Path base = own.resolve(BASE);
            if (delegates(own) && writable(base) && delegates(base)) {
                return new Cgroups(true, base, base, Optional.of(base), "cgroup v2 " + base);
            }
        }
        return none("no writable memory and freezer cgroup below this process's own (v1 "
                + memory.map(Path::toString).orElse("memory not mounted") + ", v2 "
                + layout.v2().map(p -> p + " without the memory controller delegated").orElse("not mounted") + ")");
    }

    /** Creates {@code dir} if needed and checks that a child can be made in it. */
    private static boolean writable(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createDirectory(dir.resolve("probe-" + ProcessHandle.current().pid()));
            Files.delete(probe);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** A v2 cgroup whose children get the memory controller (asking for it if it is offered). */
    private static boolean delegates(Path dir) {
        try {
            if (!Files.readString(dir.resolve("cgroup.controllers")).contains("memory")) {
                return false;
            }
            if (!Files.readString(dir.resolve("cgroup.subtree_control")).contains("memory")) {
                Files.writeString(dir.resolve("cgroup.subtree_control"), "+memory");
            }
            return Files.readString(dir.resolve("cgroup.subtree_control")).contains("memory");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    public boolean usable() {
        return memoryBase != null;
    }

    /** True when jobs' CPU time comes from their cgroup (v1 cpuacct writable, or v2). */
    boolean measuresCpu() {
        return cpuacctBase.isPresent();
    }

    /** Where job cgroups go, or why there are none. */
    public String description() {
        return description;
    }

    /**
     * Makes the cgroup of one job, {@code harrier/<name>.<startd pid>}, with {@code limitBytes}
     * of memory (0: none); IllegalStateException if it cannot. The pid keeps two startds on one
     * host apart even when they use the same slot names (tests, personal grids side by side):
     * the freezer hierarchy may be shared by all of them.
     */
    JobCgroup create(String name, long limitBytes) {
        if (!usable()) {
            throw new IllegalStateException("no cgroups here: " + description);
        }
        String dir = name + "." + ProcessHandle.current().pid();
        return JobCgroup.create(v2, memoryBase.resolve(dir), freezerBase.resolve(dir),
                cpuacctBase.map(p -> p.resolve(dir)), limitBytes);
    }
}
