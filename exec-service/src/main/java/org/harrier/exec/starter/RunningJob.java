package org.harrier.exec.starter;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One job process the {@link Starter} started, until it ends. Its tree's CPU time is sampled on
 * the starter's timer thread; the end is seen on the JDK's process-reaper thread, which
 * finishes the sample bookkeeping, kills whatever the job left behind, and passes the
 * {@link ProcessOutcome} to the callback (callers hand it on to their own thread).
 */
public final class RunningJob {
    private final Process process;
    private final ProcessTree tree;
    private final long startNanos;
    private final ScheduledExecutorService timer;
    private final long killGraceNanos;
    private final AtomicBoolean killed = new AtomicBoolean();
    private final AtomicBoolean suspended = new AtomicBoolean();
    private volatile CpuTime usage = CpuTime.ZERO;
    private volatile ScheduledFuture<?> sampler;

    RunningJob(Process process, ScheduledExecutorService timer, long killGraceNanos) {
        this.process = process;
        this.tree = new ProcessTree(process.toHandle());
        this.startNanos = System.nanoTime();
        this.timer = timer;
        this.killGraceNanos = killGraceNanos;
    }

    void watch(long sampleNanos, Consumer<ProcessOutcome> onExit) {
        sampler = timer.scheduleAtFixedRate(this::sample, sampleNanos, sampleNanos, TimeUnit.NANOSECONDS);
        process.onExit().thenAccept(p -> {
            double wall = (System.nanoTime() - startNanos) / 1e9;
            ScheduledFuture<?> s = sampler;
            if (s != null) {
                s.cancel(false);
            }
            // Whatever the job started and left running dies with it, as under HTCondor's starter.
            tree.signal(true);
            onExit.accept(ProcessOutcome.fromStatus(p.exitValue(), usage, wall));
        });
    }

    private void sample() {
        CpuTime now = tree.usage();
        usage = usage.max(now);
    }

    public long pid() {
        return process.pid();
    }

    /** CPU time of the tree as last sampled. */
    public CpuTime usage() {
        return usage;
    }

    /**
     * Kills the whole tree: SIGTERM now, SIGKILL to whatever is left after the kill grace.
     * Idempotent; the exit is reported through the callback as usual.
     */
    public void kill() {
        if (!killed.compareAndSet(false, true)) {
            return;
        }
        sample();
        tree.signal(false);
        if (suspended.getAndSet(false)) {
            // A stopped process acts on the SIGTERM only once it runs again.
            tree.resume();
        }
        if (killGraceNanos == 0) {
            tree.signal(true);
            return;
        }
        timer.schedule(() -> {
            if (tree.alive()) {
                tree.signal(true);
            }
        }, killGraceNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Kills the whole tree at once (SIGKILL, no grace: HTCondor's Killing activity), also
     * when a graceful {@link #kill} is under way. The exit is reported through the callback.
     */
    public void killNow() {
        killed.set(true);
        sample();
        tree.signal(true);
        suspended.set(false);
    }

    /**
     * Stops the whole tree (SIGSTOP) until {@link #resume}; the process keeps its memory and
     * open files, the claim stays. A no-op when it is stopped already or being killed.
     */
    public void suspend() {
        if (!killed.get() && suspended.compareAndSet(false, true)) {
            try {
                tree.stop();
            } catch (IllegalStateException e) {
                suspended.set(false);
                tree.resume();
                throw e;
            }
        }
    }

    /** Lets a suspended tree run again (SIGCONT); a no-op when it is not suspended. */
    public void resume() {
        if (suspended.compareAndSet(true, false)) {
            try {
                tree.resume();
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
