package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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
 * <p>Immutable after {@link #detect} but for a counter of the cgroups made; any thread.
 */
public final class Cgroups {
    private static final Logger log = LoggerFactory.getLogger(Cgroups.class);
    static final String BASE = "harrier";

    private final boolean v2;
    private final Path memoryBase;
    private final Path freezerBase;
    private final Optional<Path> cpuacctBase;
    private final String description;
    private final CgroupBirth birth;
    /** How many job cgroups {@link #create} made: part of each one's name. */
    private final java.util.concurrent.atomic.AtomicLong made = new java.util.concurrent.atomic.AtomicLong();

    private Cgroups(boolean v2, Path memoryBase, Path freezerBase, Optional<Path> cpuacctBase, String description) {
        this.v2 = v2;
        this.memoryBase = memoryBase;
        this.freezerBase = freezerBase;
        this.cpuacctBase = cpuacctBase;
        this.description = description;
        if (memoryBase == null || v2) {
            this.birth = CgroupBirth.shellOnly(memoryBase == null ? "no cgroups" : "cgroup v2 places processes, not threads");
        } else {
            // The startd's own cgroups, in the order JobCgroup lists a job's: memory, freezer, cpuacct.
            List<Path> home = new ArrayList<>(List.of(memoryBase.getParent(), freezerBase.getParent()));
            cpuacctBase.ifPresent(p -> home.add(p.getParent()));
            this.birth = CgroupBirth.below(home);
        }
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

    /** True when job cgroups are version 1's, where a slot's jobs share one ({@link CgroupShelf}; tests). */
    boolean versionOne() {
        return usable() && !v2;
    }

    /** True when jobs' CPU time comes from their cgroup (v1 cpuacct writable, or v2). */
    boolean measuresCpu() {
        return cpuacctBase.isPresent();
    }

    /** Starts {@code pb}'s command inside {@code cgroup} (one of {@link #create}'s), born there where this host allows. */
    Process start(ProcessBuilder pb, JobCgroup cgroup) throws IOException {
        return birth.start(pb, cgroup);
    }

    /** Whether jobs are born inside their cgroups now rather than entering them through a shell (tests). */
    boolean bornInside() {
        return birth.bornInside();
    }

    /** Where job cgroups go, or why there are none. */
    public String description() {
        return description;
    }

    /**
     * Pure: which of the job cgroup names found under the bases ({@code <slot>@<startd>.<n>.<pid>},
     * {@link #create}, or {@code <slot>@<startd>_<job>.<pid>} as startds named them before a
     * slot's jobs shared one) were made for startd {@code startd} by a startd process that is gone
     * ({@code alive} false for its pid): leftovers of a startd killed with kill -9, which ran on
     * the same name. Another startd's cgroups, or a live one's, are not ours to touch (the
     * freezer hierarchy may be shared by every startd on the host).
     */
    static List<String> leftovers(Collection<String> names, String startd, LongPredicate alive) {
        Pattern ours = Pattern.compile("[A-Za-z0-9_]+@" + Pattern.quote(startd) + "(?:_[0-9]+\\.[0-9]+|\\.[0-9]+)\\.([0-9]+)");
        List<String> out = new ArrayList<>();
        for (String name : new TreeSet<>(names)) {
            Matcher m = ours.matcher(name);
            if (m.matches() && m.group(1).length() < 19 && !alive.test(Long.parseLong(m.group(1)))) {
                out.add(name);
            }
        }
        return out;
    }

    /**
     * At startd start: kills the processes left in the job cgroups of an earlier process of
     * startd {@code startd} that is gone, and removes those cgroups. Returns the names removed;
     * one that cannot be emptied is logged and left.
     */
    public List<String> removeLeftovers(String startd) {
        return removeLeftovers(startd, pid -> ProcessHandle.of(pid).isPresent());
    }

    /** As above, {@code alive} saying which startd pids are alive (tests). */
    List<String> removeLeftovers(String startd, LongPredicate alive) {
        if (!usable()) {
            return List.of();
        }
        Set<String> found = new TreeSet<>();
        for (Path base : bases()) {
            try (Stream<Path> children = Files.list(base)) {
                children.filter(Files::isDirectory).forEach(p -> found.add(p.getFileName().toString()));
            } catch (IOException | RuntimeException e) {
                log.warn("cannot list job cgroups in {}: {}", base, e.toString());
            }
        }
        List<String> removed = new ArrayList<>();
        for (String name : leftovers(found, startd, alive)) {
            try {
                int killed = JobCgroup.existing(v2, memoryBase.resolve(name), freezerBase.resolve(name),
                        cpuacctBase.map(p -> p.resolve(name))).killAllAndRemove(Duration.ofSeconds(10));
                log.info("removed job cgroup {} left by a startd process that is gone ({} processes killed)", name, killed);
                removed.add(name);
            } catch (IllegalStateException e) {
                log.warn("cannot remove leftover job cgroup {}: {}", name, e.getMessage());
            }
        }
        return removed;
    }

    private List<Path> bases() {
        Set<Path> bases = new java.util.LinkedHashSet<>(List.of(memoryBase, freezerBase));
        cpuacctBase.ifPresent(bases::add);
        return List.copyOf(bases);
    }

    /**
     * Makes a job cgroup for slot {@code name}, {@code harrier/<name>.<n>.<startd pid>}, with
     * {@code limitBytes} of memory (0: none); IllegalStateException if it cannot. {@code n}
     * counts the cgroups this startd made, so a new one never meets one still being emptied
     * for the same slot; the pid keeps two startds on one host apart even when they use the
     * same slot names (tests, personal grids side by side): the freezer hierarchy may be shared
     * by all of them.
     */
    JobCgroup create(String name, long limitBytes) {
        if (!usable()) {
            throw new IllegalStateException("no cgroups here: " + description);
        }
        String dir = name + "." + made.incrementAndGet() + "." + ProcessHandle.current().pid();
        return JobCgroup.create(v2, memoryBase.resolve(dir), freezerBase.resolve(dir),
                cpuacctBase.map(p -> p.resolve(dir)), limitBytes);
    }
}
