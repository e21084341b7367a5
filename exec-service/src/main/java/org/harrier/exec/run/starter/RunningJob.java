package org.harrier.exec.run.starter;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One job process the {@link Starter} started, until it ends. Its tree's CPU time and memory
 * (and, every {@link #DISK_EVERY} samples, the files it wrote) are sampled on the starter's
 * timer thread; the end is seen on the JDK's process-reaper thread, which finishes the sample
 * bookkeeping, kills whatever the job left behind, reads its cgroup's peak and OOM kills,
 * and passes the {@link ProcessOutcome} to the callback (callers hand it on to their own thread).
 *
 * <p>With a {@link JobCgroup} the cgroup is what is frozen, signalled and killed; without one,
 * the {@link ProcessTree}.
 */
public final class RunningJob {
    static final int DISK_EVERY = 10;

    private final Process process;
    private final ProcessTree tree;
    private final long startNanos;
    private final long startMillis;
    private final ScheduledExecutorService timer;
    private final JobControls controls;
    private final JobCgroup cgroup;
    /** Where the cgroup waits for the slot's next job once this one ended (null: removed at the end). */
    private final CgroupShelf shelf;
    private final Path iwd;
    private final List<Path> outputs;
    private final AtomicBoolean killed = new AtomicBoolean();
    private final AtomicBoolean suspended = new AtomicBoolean();
    private final AtomicInteger samples = new AtomicInteger();
    private volatile CpuTime usage = CpuTime.ZERO;
    private volatile ResourceUsage resources = ResourceUsage.NONE;
    private volatile ScheduledFuture<?> sampler;

    /**
     * How the starter set a job up: its controls (KillSig, vacate time, memory limit), its cgroup
     * (null: none), its working directory (null: no DiskUsage), its Out and Err, and when it
     * started, for the files it writes there.
     */
    record Setup(JobControls controls, JobCgroup cgroup, CgroupShelf shelf, Path iwd, List<Path> outputs, long startMillis) {
        Setup {
            java.util.Objects.requireNonNull(controls, "controls");
            outputs = List.copyOf(outputs);
        }
    }

    RunningJob(Process process, ScheduledExecutorService timer, Setup setup) {
        this.process = process;
        this.tree = new ProcessTree(process.toHandle());
        this.startNanos = System.nanoTime();
        this.startMillis = setup.startMillis();
        this.timer = timer;
        this.controls = setup.controls();
        this.cgroup = setup.cgroup();
        this.shelf = setup.shelf();
        this.iwd = setup.iwd();
        this.outputs = setup.outputs();
    }

    void watch(long sampleNanos, Consumer<ProcessOutcome> onExit) {
        sampler = timer.scheduleAtFixedRate(this::periodicSample, sampleNanos, sampleNanos, TimeUnit.NANOSECONDS);
        process.onExit().thenAccept(p -> {
            double wall = (System.nanoTime() - startNanos) / 1e9;
            ScheduledFuture<?> s = sampler;
            if (s != null) {
                s.cancel(false);
            }
            ResourceUsage r = resources;
            Optional<String> hold = Optional.empty();
            try {
                // Whatever the job started and left running dies with it, as under HTCondor's starter.
                forceKill();
                if (cgroup != null) {
                    // Exact to the end, which the last /proc sample may have missed.
                    JobCgroup.Counts counted = cgroup.counts();
                    counted.cpu().ifPresent(c -> usage = usage.max(c));
                    r = r.withResidentAtLeast(cgroup.peakBytes());
                    hold = MemoryLimit.holdReason(counted.oomKills(), controls.memoryLimitMiB(), r.residentSetSizeKiB());
                    if (shelf == null || !shelf.put(controls.cgroupName(), cgroup, counted, System.nanoTime())) {
                        removeCgroup(0);
                    }
                }
                if (iwd != null) {
                    r = r.withDiskAtLeast(WrittenFiles.atExit(iwd, startMillis, outputs));
                }
            } catch (RuntimeException e) {
                // The exit must be reported whatever the last measurements did: with the figures so far.
            }
            onExit.accept(ProcessOutcome.fromStatus(p.exitValue(), usage, wall)
                    .with(r, hold.orElse(""), hold.isPresent() ? MemoryLimit.JOB_OUT_OF_RESOURCES : 0));
        });
    }

    private void periodicSample() {
        sample();
        if (iwd != null && samples.getAndIncrement() % DISK_EVERY == 0) {
            resources = resources.withDiskAtLeast(WrittenFiles.kib(iwd, startMillis));
        }
    }

    private void sample() {
        usage = usage.max(cgroup == null ? tree.usage() : cgroup.cpu().orElseGet(tree::usage));
        ResourceUsage r = resources.peak(tree.memory());
        resources = cgroup == null ? r : r.withResidentAtLeast(cgroup.peakBytes());
    }

    /** A cgroup is removed once its last process is gone, which may take the kernel a moment after the kill. */
    private void removeCgroup(int attempt) {
        if (cgroup.remove() || attempt >= 50) {
            return;
        }
        try {
            timer.schedule(() -> removeCgroup(attempt + 1), 100, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // the starter is closing; the empty cgroup stays until the next startd removes it
        }
    }

    public long pid() {
        return process.pid();
    }

    /** CPU time of the tree as last sampled. */
    public CpuTime usage() {
        return usage;
    }

    /** Memory and disk peaks as last sampled. */
    public ResourceUsage resources() {
        return resources;
    }

    /** Seconds since the job started. */
    public double wallClockSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** How this job is contained and stopped. */
    public JobControls controls() {
        return controls;
    }

    /** True when the job runs in its own cgroup. */
    public boolean contained() {
        return cgroup != null;
    }

    /**
     * Vacates the job: its KillSig (SIGTERM unless the job asked for another) to every process
     * now, SIGKILL to whatever is left after its max vacate time (the smaller of the machine's
     * and the job's, {@link JobControls}). Idempotent; the exit is reported through the callback.
     */
    public void kill() {
        kill(controls.maxVacateTime());
    }

    /** {@link #kill()} with {@code vacateTime} between the KillSig and SIGKILL (the startd's decision at vacate). */
    public void kill(java.time.Duration vacateTime) {
        if (!killed.compareAndSet(false, true)) {
            return;
        }
        sample();
        if (cgroup != null && !cgroup.procs().isEmpty()) {
            cgroup.signal(controls.killSignal());
        } else {
            tree.signal(controls.killSignal());
        }
        if (suspended.getAndSet(false)) {
            // A stopped or frozen process acts on the signal only once it runs again.
            thaw();
        }
        long grace = vacateTime.toNanos();
        if (grace == 0) {
            forceKill();
            return;
        }
        timer.schedule(() -> {
            if (tree.alive() || cgroup != null && !cgroup.procs().isEmpty()) {
                forceKill();
            }
        }, grace, TimeUnit.NANOSECONDS);
    }

    /**
     * Kills the whole tree at once (SIGKILL, no grace: HTCondor's Killing activity), also
     * when a graceful {@link #kill} is under way. The exit is reported through the callback.
     */
    public void killNow() {
        killed.set(true);
        sample();
        forceKill();
        suspended.set(false);
    }

    private void forceKill() {
        tree.signal(true);
        if (cgroup != null) {
            cgroup.signal("KILL");
            if (suspended.get()) {
                try {
                    // A frozen process dies of SIGKILL only once thawed (v1 freezer).
                    cgroup.freeze(false);
                } catch (IllegalStateException e) {
                    // the cgroup is gone with its processes; nothing is left to thaw
                }
            }
        }
    }

    private void thaw() {
        if (cgroup != null) {
            cgroup.freeze(false);
        } else {
            tree.resume();
        }
    }

    /**
     * Stops the whole job until {@link #resume}: its cgroup frozen, or SIGSTOP to its tree; the
     * process keeps its memory and open files, the claim stays. A no-op when it is stopped
     * already or being killed.
     */
    public void suspend() {
        if (!killed.get() && suspended.compareAndSet(false, true)) {
            try {
                if (cgroup != null) {
                    cgroup.freeze(true);
                } else {
                    tree.stop();
                }
            } catch (IllegalStateException e) {
                suspended.set(false);
                thaw();
                throw e;
            }
        }
    }

    /** Lets a suspended job run again (thaw, or SIGCONT); a no-op when it is not suspended. */
    public void resume() {
        if (suspended.compareAndSet(true, false)) {
            try {
                thaw();
            } catch (IllegalStateException e) {
                suspended.set(true);
                throw e;
            }
        }
    }

    /** True once {@link #kill} or {@link #killNow} was called: whoever did wants the job gone, not restarted. */
    public boolean killRequested() {
        return killed.get();
    }

    public boolean suspended() {
        return suspended.get();
    }

    public boolean alive() {
        return process.isAlive();
    }
}
