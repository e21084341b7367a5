package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One job's cgroup (version 1: a memory and a freezer cgroup of the same name; version 2: one
 * cgroup). The job is in it before its program starts, born there ({@link CgroupBirth}) or
 * entering through a shell ({@link #entry}), so everything it starts is inside: usage, the
 * memory limit, freezing and killing reach every process, even one that left the process tree.
 * Removed once the job's processes are gone.
 *
 * <p>Files used (kernel cgroup-v1 memory.rst and freezer-subsystem.rst, cgroup-v2.rst):
 * v1 memory.limit_in_bytes (and memory.memsw.limit_in_bytes where swap is accounted),
 * memory.max_usage_in_bytes, memory.oom_control's oom_kill, freezer.state, cpuacct.stat; v2
 * memory.max, memory.swap.max, memory.peak, memory.events' oom_kill, cgroup.freeze, cgroup.kill,
 * cpu.stat.
 *
 * <p>A cgroup may serve several jobs of one slot, one after another ({@link CgroupShelf}): each
 * job gets its own {@code JobCgroup} over the same directories, which counts CPU time and OOM
 * kills from what they were when the job before it ended ({@link #emptiedForNextJob}).
 *
 * <p>Thread-safe: immutable but for its open files ({@link CgroupFiles}, which lock); every
 * operation is a file read or write.
 */
final class JobCgroup {
    private static final long SELF = ProcessHandle.current().pid();
    /** Compiled once: {@link #keyed} reads files at every job's end. */
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final byte[] ZERO = {'0'};
    private final boolean v2;
    private final Path memory;
    private final Path freezer;
    private final Optional<Path> cpuacct;
    /** The memory limit it was made with (0: none). */
    private final long limitBytes;
    /** CPU time and OOM kills of the jobs it served before this one, counted off this job's. */
    private final CpuTime cpuBefore;
    private final long oomKillsBefore;
    /** Its files every job reads or writes, kept open ({@link CgroupFiles}), shared by the jobs it serves one after another. */
    private final CgroupFiles files;

    private JobCgroup(boolean v2, Path memory, Path freezer, Optional<Path> cpuacct, long limitBytes,
            CpuTime cpuBefore, long oomKillsBefore, CgroupFiles files) {
        this.v2 = v2;
        this.memory = memory;
        this.freezer = freezer;
        this.cpuacct = cpuacct;
        this.limitBytes = limitBytes;
        this.cpuBefore = cpuBefore;
        this.oomKillsBefore = oomKillsBefore;
        this.files = files != null ? files : new CgroupFiles(threadDirs());
    }

    /** A job cgroup made earlier (by a startd that is gone), to empty and remove it. */
    static JobCgroup existing(boolean v2, Path memory, Path freezer, Optional<Path> cpuacct) {
        return new JobCgroup(v2, memory, freezer, cpuacct, 0, CpuTime.ZERO, 0, null);
    }

    /**
     * Kills every process still in the cgroup (thawed first: a frozen process takes SIGKILL
     * only when thawed), waits up to {@code patience} for them to go, and removes the cgroup.
     * Returns how many processes it killed; IllegalStateException if the cgroup stays.
     */
    int killAllAndRemove(Duration patience) {
        List<Long> pids = new ArrayList<>();
        for (Path p : dirs()) {
            pids.addAll(procs(p));
        }
        if (!pids.isEmpty()) {
            try {
                freeze(false);
            } catch (IllegalStateException e) {
                // no freezer state to write (gone already): nothing is frozen there
            }
            ProcessTree.sendPids("KILL", pids);
        }
        long deadline = System.nanoTime() + patience.toNanos();
        long unseenUntil = Long.MAX_VALUE;
        while (!remove()) {
            // Busy for a second with no process this startd can see: they live in another pid
            // namespace (a startd there shares the freezer hierarchy), not ours to wait for.
            List<Long> still = new ArrayList<>();
            dirs().forEach(p -> still.addAll(procs(p)));
            ProcessTree.sendPids("KILL", still); // a child forked before its parent died
            boolean unseen = still.isEmpty();
            unseenUntil = !unseen ? Long.MAX_VALUE
                    : unseenUntil == Long.MAX_VALUE ? System.nanoTime() + 1_000_000_000L : unseenUntil;
            if (System.nanoTime() > Math.min(deadline, unseenUntil)) {
                throw new IllegalStateException("processes " + procs(memory) + " are still in " + memory + " after SIGKILL");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while emptying " + memory);
            }
        }
        return (int) pids.stream().distinct().count();
    }

    /** {@code cpuacct}: v1's cpuacct cgroup when it is writable too (v2: the same directory as memory). */
    static JobCgroup create(boolean v2, Path memory, Path freezer, Optional<Path> cpuacct, long limitBytes) {
        JobCgroup c = new JobCgroup(v2, memory, freezer, cpuacct, limitBytes, CpuTime.ZERO, 0, null);
        try {
            Files.createDirectories(memory);
            Files.createDirectories(freezer);
            if (cpuacct.isPresent()) {
                Files.createDirectories(cpuacct.get());
            }
            if (limitBytes > 0) {
                if (v2) {
                    write(memory.resolve("memory.max"), Long.toString(limitBytes));
                    optional(memory.resolve("memory.swap.max"), "0");
                } else {
                    write(memory.resolve("memory.limit_in_bytes"), Long.toString(limitBytes));
                    // With swap accounted the job would swap instead of meeting its limit.
                    optional(memory.resolve("memory.memsw.limit_in_bytes"), Long.toString(limitBytes));
                }
            }
        } catch (IOException e) {
            c.remove();
            throw new IllegalStateException("cannot make the job's cgroup " + memory + ": " + e.getMessage());
        }
        return c;
    }

    /**
     * The command line that runs {@code commandLine} inside this cgroup: a shell writes its own
     * pid into each cgroup.procs, then execs the job's program in its place (same pid). The
     * paths hold only characters {@link JobControls} allows, so single quotes are safe.
     */
    List<String> entry(List<String> commandLine) {
        StringBuilder script = new StringBuilder();
        for (Path p : dirs()) {
            script.append("echo $$ > '").append(p.resolve("cgroup.procs")).append("' 2>/dev/null; ");
        }
        script.append("exec \"$@\"");
        List<String> line = new ArrayList<>(List.of("/bin/sh", "-c", script.toString(), "harrier-job"));
        line.addAll(commandLine);
        return line;
    }

    /** Peak memory in bytes since the cgroup was made (0 where the kernel does not say). */
    long peakBytes() {
        return number(memory.resolve(v2 ? "memory.peak" : "memory.max_usage_in_bytes"));
    }

    /** How many processes the OOM killer killed in this cgroup. */
    long oomKills() {
        try {
            return Math.max(0, keyed(files.read(memory.resolve(v2 ? "memory.events" : "memory.oom_control")), "oom_kill")
                    - oomKillsBefore);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * Freezes or thaws every process in the cgroup; IllegalStateException if the kernel refuses.
     * Freezing returns once the kernel says the cgroup is frozen (v1 passes through FREEZING,
     * v2 reports "frozen 1" in cgroup.events), or after two seconds.
     */
    void freeze(boolean frozen) {
        try {
            if (v2) {
                files.write(freezer.resolve("cgroup.freeze"), ascii(frozen ? "1" : "0"));
            } else {
                files.write(freezer.resolve("freezer.state"), ascii(frozen ? "FROZEN" : "THAWED"));
            }
        } catch (IOException e) {
            throw new IllegalStateException((frozen ? "freezing " : "thawing ") + freezer + " failed: " + e.getMessage());
        }
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (frozen && !frozen() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private boolean frozen() {
        try {
            return v2 ? keyed(files.read(freezer.resolve("cgroup.events")), "frozen") == 1
                    : files.read(freezer.resolve("freezer.state")).strip().equals("FROZEN");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The pids in the cgroup now. */
    List<Long> procs() {
        return procs(memory);
    }

    /**
     * The pids in {@code dir}, never the startd's own: its thread is there while it starts the job
     * ({@link CgroupBirth}), and would stay if it failed to step out; a kill of the job must not
     * reach the startd.
     */
    private static List<Long> procs(Path dir) {
        List<Long> pids = new ArrayList<>();
        try {
            // Opened afresh, not through CgroupFiles: a v1 cgroup.procs kept open answers from the
            // pid list it made at its first read for as long as it is read again within a second.
            for (String line : Files.readAllLines(dir.resolve("cgroup.procs"))) {
                long pid = line.isBlank() ? SELF : Long.parseLong(line.strip());
                if (pid != SELF) {
                    pids.add(pid);
                }
            }
        } catch (IOException | RuntimeException e) {
            return pids;
        }
        return pids;
    }

    /** Sends {@code signal} (kill(1)'s name) to every process in the cgroup; a frozen one gets it when thawed. */
    void signal(String signal) {
        if (signal.equals("KILL") && v2 && Files.exists(memory.resolve("cgroup.kill"))) {
            try {
                write(memory.resolve("cgroup.kill"), "1");
                return;
            } catch (IOException e) {
                // fall through to one signal per process
            }
        }
        ProcessTree.sendPids(signal, procs());
    }

    /**
     * The CPU time of everything that ran in the cgroup, exited processes included (v1
     * cpuacct.stat in USER_HZ ticks, v2 cpu.stat in microseconds); empty without cpuacct.
     */
    Optional<CpuTime> cpu() {
        if (cpuacct.isEmpty()) {
            return Optional.empty();
        }
        try {
            if (v2) {
                String stat = files.read(cpuacct.get().resolve("cpu.stat"));
                return Optional.of(new CpuTime(keyed(stat, "user_usec") / 1e6, keyed(stat, "system_usec") / 1e6).minus(cpuBefore));
            }
            String stat = files.read(cpuacct.get().resolve("cpuacct.stat"));
            return Optional.of(new CpuTime(keyed(stat, "user") / ProcStat.TICKS_PER_SECOND,
                    keyed(stat, "system") / ProcStat.TICKS_PER_SECOND).minus(cpuBefore));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The directories a thread joins to start the job inside ({@link CgroupBirth}): v1's memory,
     * freezer and cpuacct if there is one; none for v2, which places processes, not threads.
     */
    List<Path> threadDirs() {
        return v2 ? List.of() : dirs();
    }

    /** Its open files, whose tasks files are {@link #threadDirs}'s. */
    CgroupFiles files() {
        return files;
    }

    /** The directories the job joins: v1 memory, freezer and cpuacct if there is one; v2 its one cgroup. */
    private List<Path> dirs() {
        List<Path> dirs = new ArrayList<>(v2 ? List.of(memory) : List.of(memory, freezer));
        if (!v2) {
            cpuacct.ifPresent(dirs::add);
        }
        return dirs;
    }

    /** Removes the cgroup and closes its open files; false while processes are still in it (try again later). */
    boolean remove() {
        boolean gone = true;
        for (Path p : dirs()) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                gone = false;
            }
        }
        if (gone) {
            files.close();
        }
        return gone;
    }

    Path path() {
        return memory;
    }

    /** The memory limit it was made with, in bytes (0: none). */
    long limitBytes() {
        return limitBytes;
    }

    /**
     * For the next job of the same slot, after this one's end (cgroup version 1): the same
     * directories, counting from what this job's were at its end ({@code counted}, its
     * {@link #counts} read then), when nothing of this job is left in them, nothing is
     * frozen, and the memory cgroup still holds at most {@code maxChargedBytes}. Its peak
     * (memory.max_usage_in_bytes) is reset, so the next job's starts at what the kernel still
     * charges. Empty when it cannot serve again; the caller then removes it.
     */
    Optional<JobCgroup> emptiedForNextJob(long maxChargedBytes, Counts counted) {
        if (v2 || !procs(memory).isEmpty() || !procs(freezer).isEmpty()
                || cpuacct.isPresent() && counted.cpu().isEmpty()) {
            return Optional.empty();
        }
        try {
            if (!files.read(freezer.resolve("freezer.state")).strip().equals("THAWED")
                    || number(memory.resolve("memory.usage_in_bytes")) > maxChargedBytes) {
                return Optional.empty();
            }
            files.write(memory.resolve("memory.max_usage_in_bytes"), ZERO);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(new JobCgroup(v2, memory, freezer, cpuacct, limitBytes,
                cpuBefore.plus(counted.cpu().orElse(CpuTime.ZERO)), oomKillsBefore + counted.oomKills(), files));
    }

    /** What the cgroup counted for its job so far: CPU time (empty without cpuacct, or unreadable) and OOM kills. */
    record Counts(Optional<CpuTime> cpu, long oomKills) {
    }

    Counts counts() {
        return new Counts(cpu(), oomKills());
    }

    /** The value of {@code key} in a flat keyed file ("oom_kill 3" lines); 0 when absent. */
    static long keyed(String text, String key) {
        for (String line : text.split("\n")) {
            String[] f = SPACES.split(line.trim());
            if (f.length == 2 && f[0].equals(key)) {
                return Long.parseLong(f[1]);
            }
        }
        return 0;
    }

    private long number(Path file) {
        try {
            return Long.parseLong(files.read(file).strip());
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static byte[] ascii(String value) {
        return value.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value);
    }

    private static void optional(Path file, String value) {
        try {
            if (Files.exists(file)) {
                Files.writeString(file, value);
            }
        } catch (IOException e) {
            // not every kernel accounts swap; the limit on memory alone still holds without swap
        }
    }
}
