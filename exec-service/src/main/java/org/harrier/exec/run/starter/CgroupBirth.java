package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Starting a job's process inside its cgroups from its first instruction (cgroup version 1).
 * Version 1 places threads, not processes, and a forked process is born in the cgroups of the
 * thread that forked it. So the starting thread steps into the job's cgroups (its own thread id
 * into each {@code tasks} file, kept open: {@link CgroupFiles}), starts the process, and steps
 * back into the startd's own. That is six cgroup moves of this thread; the other way in, a
 * shell that writes its pid into the cgroups and then execs the job ({@link JobCgroup#entry}),
 * costs a second exec for every job, about as much CPU as the job's own exec
 * (benchmarks/README.md, "Where one job's CPU goes").
 *
 * <p>The first cgroup move after a quiet spell waits for an RCU grace period in the kernel
 * (the cgroup threadgroup lock's slow path: about 8 ms here), and the kernel stays on the fast
 * path for a while after any move (16 to 32 ms measured here, 0.03 ms a move). So a job is born
 * inside only when a move was made less than {@link #WARM} ago; after a quiet spell it enters
 * through the shell, whose child pays that wait without holding the startd's thread, and warms
 * the path for the jobs that follow it. Under load every job is born inside; an idle grid's
 * job starts as soon as before (Submit to Running on an idle grid was 24 ms with the shell
 * entry, 36 ms with every job born inside).
 *
 * <p>The shell entry stays for version 2, which places processes (every thread of the startd
 * would move), and for every job after stepping in or out failed once: that is logged, and the
 * startd goes on as before. A thread that could not step out would sit in a job's cgroup;
 * {@link JobCgroup} never signals the startd's own process, so removing that cgroup fails
 * (logged) instead of killing the startd.
 *
 * <p>Memory: while the thread is inside, what it faults in is charged to the job's memory
 * cgroup, whose OOM killer could pick the startd's process. The window is one fork and exec,
 * tens of microseconds, and a job's limit is at least 128 MiB ({@link MemoryLimit}'s quantum),
 * far more than a fork, an exec and the job's first instructions touch in that time. The CPU the
 * fork and exec cost this thread is counted to the job, as the shell's was.
 *
 * <p>Thread-safe: each call moves only the calling thread.
 */
final class CgroupBirth {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(CgroupBirth.class);
    private static final ThreadLocal<byte[]> THREAD_ID = ThreadLocal.withInitial(
            () -> readThreadId().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    /** How recent a cgroup move keeps the kernel's moves fast: below the 16 ms measured. */
    static final long WARM = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(10);

    /** The startd's own cgroups' tasks files, one per job cgroup directory ({@link JobCgroup#threadDirs}), in the same order. */
    private final CgroupFiles home;
    /** Why jobs enter through the shell from now on; null while stepping in works. */
    private volatile String shellOnly;
    /** How recent a move must be for the next job to be born inside. */
    private final long warmNanos;
    /** When a job last moved into its cgroups, this thread or a shell's child (System.nanoTime); MIN_VALUE: never. */
    private volatile long lastMove = Long.MIN_VALUE;

    private CgroupBirth(List<Path> home, String shellOnly, long warmNanos) {
        this.home = new CgroupFiles(home);
        this.shellOnly = shellOnly;
        this.warmNanos = warmNanos;
    }

    /** Births in the cgroups below {@code home} (the startd's own version-1 memory, freezer and cpuacct cgroups). */
    static CgroupBirth below(List<Path> home) {
        return below(home, WARM);
    }

    /** As above, a job born inside when a move was made less than {@code warmNanos} before (tests). */
    static CgroupBirth below(List<Path> home, long warmNanos) {
        return new CgroupBirth(home, null, warmNanos);
    }

    /** Every job enters through the shell (version 2, or no cgroups). */
    static CgroupBirth shellOnly(String why) {
        return new CgroupBirth(List.of(), why, 0);
    }

    /** Whether jobs may be born inside (a start right after another is), rather than all entering through the shell. */
    boolean bornInside() {
        return shellOnly == null;
    }

    /** Starts {@code pb}'s command inside {@code cgroup}: born there, or through the shell entry. */
    Process start(ProcessBuilder pb, JobCgroup cgroup) throws IOException {
        CgroupFiles inside = cgroup.files();
        long now = System.nanoTime();
        boolean warm = lastMove != Long.MIN_VALUE && now - lastMove < warmNanos;
        lastMove = now;
        if (shellOnly != null || inside.placesIn() != home.placesIn() || !warm) {
            pb.command(cgroup.entry(pb.command()));
            return pb.start();
        }
        byte[] thread = null;
        try {
            thread = THREAD_ID.get();
            inside.place(thread);
        } catch (IOException | RuntimeException e) {
            if (thread != null) {
                stepOut(thread);
            }
            giveUp("stepping into " + cgroup.path() + " failed: " + e.getMessage());
            pb.command(cgroup.entry(pb.command()));
            return pb.start();
        }
        try {
            return pb.start();
        } finally {
            stepOut(thread);
        }
    }

    private void stepOut(byte[] thread) {
        try {
            home.place(thread);
        } catch (IOException | RuntimeException e) {
            String id = new String(thread, java.nio.charset.StandardCharsets.US_ASCII);
            log.error("the startd's thread {} could not step back into its own cgroups ({}): {}", id, home, e.toString());
            giveUp("stepping out failed");
        }
    }

    private void giveUp(String why) {
        if (shellOnly == null) {
            shellOnly = why;
            log.warn("jobs enter their cgroups through a shell from now on: {}", why);
        }
    }

    /** The kernel's id of the calling thread: /proc/thread-self links to {@code <pid>/task/<tid>}. */
    private static String readThreadId() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalStateException("cannot read /proc/thread-self: " + e.getMessage(), e);
        }
    }
}
