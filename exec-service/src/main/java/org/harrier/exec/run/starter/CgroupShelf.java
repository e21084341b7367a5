package org.harrier.exec.run.starter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Emptied job cgroups kept for their slot's next job (cgroup version 1). Making a job's memory,
 * freezer and cpuacct cgroups and removing them again cost the kernel about 0.4 ms of the
 * machine per job: three mkdirs that populate each cgroup's files, three rmdirs, and the
 * kworker that frees a memory cgroup afterwards (benchmarks/README.md, "Ninth pass"), a tenth
 * of what a short job costs the whole machine. A slot runs one job at a time, so the cgroup its
 * last job ended in, once empty, serves its next job, as HTCondor keeps one cgroup per slot.
 *
 * <p>What a reused cgroup keeps from the job before ({@link JobCgroup#emptiedForNextJob}):
 * nothing running (it is shelved only once every process in it is gone), nothing frozen, the
 * same memory limit (only a job with the same limit takes it; another limit gets a new cgroup),
 * and what the kernel still charges its memory cgroup, which the next job's peak starts from:
 * it is shelved only when that is at most {@link #MAX_CHARGED_BYTES}. What a short job leaves
 * is kernel objects: 150 to 950 KiB over 600 {@code /bin/true} runs in one cgroup here, not
 * growing. A job that leaves more (the page cache of files it wrote) has its cgroup removed:
 * reclaiming it (memory.force_empty) costs more than a new cgroup, since the kernel then also
 * tries to shrink what it cannot free (10% of the machine in GridBenchmark, tried). CPU time
 * and OOM kills are counted from where they were when it was shelved.
 *
 * <p>A shelved cgroup unused for {@link #IDLE} is removed (the starter's timer looks every few
 * seconds), and every one when the starter closes; a startd killed with kill -9 leaves them to
 * its next start ({@link Cgroups#removeLeftovers}), as it leaves its jobs' cgroups.
 *
 * <p>Thread-safe (this object's lock): jobs end on the JDK's threads and start on the startd's.
 */
final class CgroupShelf {
    /** How long a slot's emptied cgroup waits for the slot's next job. */
    static final long IDLE = TimeUnit.SECONDS.toNanos(10);
    /** More charged when a job ends (the page cache of its files) and its cgroup goes instead of serving the next. */
    static final long MAX_CHARGED_BYTES = 1L << 20;

    private record Shelved(JobCgroup cgroup, long sinceNanos) {
    }

    private final Map<String, Shelved> bySlot = new HashMap<>();
    private boolean cleared;

    /** The cgroup {@code slot}'s last job left, if it was made with {@code limitBytes}; taken off the shelf. */
    synchronized Optional<JobCgroup> take(String slot, long limitBytes) {
        Shelved s = bySlot.get(slot);
        if (s == null || s.cgroup().limitBytes() != limitBytes) {
            return Optional.empty();
        }
        bySlot.remove(slot);
        return Optional.of(s.cgroup());
    }

    /**
     * Keeps {@code used}, whose job on {@code slot} has ended having {@code counted} (read at its
     * end), for the slot's next job if it can serve one; false when it cannot or the shelf was
     * cleared (the starter closed), and the caller removes it. A cgroup already on the shelf for
     * the slot is removed.
     */
    boolean put(String slot, JobCgroup used, JobCgroup.Counts counted, long nowNanos) {
        Optional<JobCgroup> next = used.emptiedForNextJob(MAX_CHARGED_BYTES, counted);
        if (next.isEmpty()) {
            return false;
        }
        Shelved displaced;
        synchronized (this) {
            if (cleared) {
                return false;
            }
            displaced = bySlot.put(slot, new Shelved(next.get(), nowNanos));
        }
        if (displaced != null) {
            displaced.cgroup().remove();
        }
        return true;
    }

    /** Takes off the shelf every cgroup shelved {@code idleNanos} or more before {@code nowNanos}, for the caller to remove. */
    synchronized List<JobCgroup> idle(long nowNanos, long idleNanos) {
        List<JobCgroup> out = new ArrayList<>();
        for (Iterator<Shelved> it = bySlot.values().iterator(); it.hasNext();) {
            Shelved s = it.next();
            if (nowNanos - s.sinceNanos() >= idleNanos) {
                out.add(s.cgroup());
                it.remove();
            }
        }
        return out;
    }

    /** Takes every cgroup off the shelf, for the caller to remove, and shelves none after. */
    synchronized List<JobCgroup> clear() {
        cleared = true;
        List<JobCgroup> out = new ArrayList<>();
        bySlot.values().forEach(s -> out.add(s.cgroup()));
        bySlot.clear();
        return out;
    }
}
