package org.harrier.exec.run.starter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A job's process and everything it started. Java gives no process-group or cgroup control,
 * so the tree is what {@link ProcessHandle#descendants()} finds, plus every descendant seen at
 * an earlier look (remembered so that a process orphaned when its parent died, and so
 * re-parented away from the tree, is still killed). ProcessHandle checks a process's start
 * time before signalling it, so a recycled pid is never hit.
 *
 * <p>Known limit: a process started and orphaned between two looks (every usage sample and
 * every kill) escapes. Where the startd can make cgroups, {@link JobCgroup} closes that hole
 * (HTCondor's answer too); this tree is what is left where it cannot.
 *
 * <p>Suspension is SIGSTOP/SIGCONT to every member where the job has no cgroup (docs/protocols.md,
 * "Usage": the freezer where it can be written, else SIGSTOP; {@link JobCgroup} freezes).
 *
 * <p>Thread-safe: sampled on the starter's timer thread, killed from the timer or the owner.
 */
final class ProcessTree {
    /** kill(1) from procps; every Linux has it at /bin/kill (usrmerge: also /usr/bin/kill). */
    private static final String KILL = java.nio.file.Files.isExecutable(java.nio.file.Path.of("/bin/kill")) ? "/bin/kill" : "kill";

    private final ProcessHandle root;
    private final Map<Long, ProcessHandle> seen = new ConcurrentHashMap<>();

    ProcessTree(ProcessHandle root) {
        this.root = root;
    }

    private List<ProcessHandle> members() {
        List<ProcessHandle> all = new ArrayList<>();
        // A process's children are re-parented the moment it exits, so a dead root has no
        // descendants to find, only those seen earlier; and looking costs a read of every
        // process on the machine (/proc), on every job's exit.
        if (root.isAlive()) {
            all.add(root);
            root.descendants().forEach(p -> {
                seen.putIfAbsent(p.pid(), p);
                all.add(p);
            });
        }
        for (ProcessHandle p : seen.values()) {
            if (p.isAlive()) {
                if (!all.contains(p)) {
                    all.add(p);
                }
            } else {
                seen.remove(p.pid(), p);
            }
        }
        return all;
    }

    /** CPU time of the tree now: own and waited-for children's time of every live member. */
    CpuTime usage() {
        CpuTime total = CpuTime.ZERO;
        for (ProcessHandle p : members()) {
            total = total.plus(ProcStat.read(p.pid()));
        }
        return total;
    }

    /** Virtual size and resident set of the tree now: the sums over its live members (see {@link ProcStatus}). */
    ResourceUsage memory() {
        long image = 0;
        long resident = 0;
        for (ProcessHandle p : members()) {
            ResourceUsage u = ProcStatus.read(p.pid());
            image += u.imageSizeKiB();
            resident += u.residentSetSizeKiB();
        }
        return new ResourceUsage(image, resident, 0);
    }

    /**
     * Sends {@code signal} (kill(1)'s name: TERM, USR1, ...) to every member: the job's KillSig
     * when it is vacated. TERM and KILL go through ProcessHandle, which checks start times.
     */
    void signal(String signal) {
        switch (signal) {
            case "TERM" -> signal(false);
            case "KILL" -> signal(true);
            default -> send(signal, members());
        }
    }

    /**
     * Signals every member: SIGTERM, or SIGKILL when {@code force}. All members are listed
     * before any is signalled, so children of a parent that dies first are still on the list.
     */
    void signal(boolean force) {
        for (ProcessHandle p : members()) {
            if (force) {
                p.destroyForcibly();
            } else {
                p.destroy();
            }
        }
    }

    /**
     * Stops every member with SIGSTOP, the parent first so it cannot react to a stopped child;
     * then looks again and stops what was started in between (a few rounds at most).
     */
    void stop() {
        Set<Long> stopped = new HashSet<>();
        for (int round = 0; round < 5; round++) {
            List<ProcessHandle> fresh = new ArrayList<>();
            for (ProcessHandle p : members()) {
                if (stopped.add(p.pid())) {
                    fresh.add(p);
                }
            }
            if (fresh.isEmpty()) {
                return;
            }
            send("STOP", fresh);
        }
    }

    /** Lets every member run again (SIGCONT). */
    void resume() {
        send("CONT", members());
    }

    /**
     * Sends {@code signal} with kill(1): the JDK can send only SIGTERM and SIGKILL. A member that
     * ended after it was listed makes kill exit non-zero, which is harmless; unlike
     * ProcessHandle, kill cannot check a pid's start time, so a pid recycled within these few
     * milliseconds could be hit (the same window HTCondor's starter has without cgroups).
     */
    private static void send(String signal, List<ProcessHandle> targets) {
        sendPids(signal, targets.stream().map(ProcessHandle::pid).toList());
    }

    /** Sends {@code signal} to {@code pids} with kill(1) (the members of a job's cgroup). */
    static void sendPids(String signal, java.util.Collection<Long> pids) {
        if (pids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of(KILL, "-s", signal, "--"));
        for (long pid : pids) {
            command.add(Long.toString(pid));
        }
        try {
            Process kill = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!kill.waitFor(5, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                throw new IllegalStateException("kill -s " + signal + " did not finish in 5 s");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + KILL + " to send SIG" + signal + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + signal);
        }
    }

    /** True while any member lives. */
    boolean alive() {
        return !members().isEmpty();
    }
}
