package org.harrier.exec.run.starter;

import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Job cgroups emptied by an exit and kept for the next job of the same starter, instead of
 * removing one and making another for every job: the three mkdirs of a version-1 job cgroup
 * (memory, freezer, cpuacct) took a third of the startd's start of a short job, and their rmdirs
 * the same again at its exit (benchmarks/README.md, "Where one job's CPU goes"). A spare is
 * reset before it is kept ({@link JobCgroup#recycle}): no process in it, thawed, no memory limit,
 * its peak and cached pages cleared; the next job takes baselines of the counters that cannot be
 * reset ({@link JobCgroup#reuse}). Only version 1 recycles; a version-2 cgroup's memory.peak
 * cannot be reset on most kernels, so it is removed as before.
 *
 * <p>A spare keeps the name of the job it was made for. The spares' names carry this startd's
 * pid like every job cgroup's, so a startd killed with kill -9 leaves them to the next one's
 * leftover sweep ({@link Cgroups#removeLeftovers}); a starter that closes removes them.
 *
 * <p>Threads: any; taken on the startd's thread, given back on exit threads.
 */
final class SpareCgroups {
    /** More spares than this are removed: enough for every slot of a big machine to reuse one. */
    static final int MAX = 64;

    private final Deque<JobCgroup> spare = new ConcurrentLinkedDeque<>();
    private final AtomicInteger count = new AtomicInteger();

    /** A spare set up for a job with {@code limitBytes} of memory (0: none), or null when there is none. */
    JobCgroup take(long limitBytes) {
        JobCgroup c;
        while ((c = spare.pollFirst()) != null) {
            count.decrementAndGet();
            if (c.reuse(limitBytes)) {
                return c;
            }
            c.remove(); // the kernel refused a reset limit: made anew instead
        }
        return null;
    }

    /** Keeps {@code c}, emptied by its job's exit, when it can be reset; false: the caller removes it. */
    boolean offer(JobCgroup c) {
        if (count.incrementAndGet() > MAX || !c.recycle()) {
            count.decrementAndGet();
            return false;
        }
        spare.addFirst(c);
        return true;
    }

    /** Removes every spare (the starter closing). */
    void removeAll() {
        JobCgroup c;
        while ((c = spare.pollFirst()) != null) {
            count.decrementAndGet();
            c.remove();
        }
    }
}
