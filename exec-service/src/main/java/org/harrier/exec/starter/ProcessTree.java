package org.harrier.exec.starter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A job's process and everything it started. Java gives no process-group or cgroup control,
 * so the tree is what {@link ProcessHandle#descendants()} finds, plus every descendant seen at
 * an earlier look (remembered so that a process orphaned when its parent died, and so
 * re-parented away from the tree, is still killed). ProcessHandle checks a process's start
 * time before signalling it, so a recycled pid is never hit.
 *
 * <p>Known limit: a process started and orphaned between two looks (every usage sample and
 * every kill) escapes. HTCondor closes that hole with cgroups; a later issue can too.
 *
 * <p>Thread-safe: sampled on the starter's timer thread, killed from the timer or the owner.
 */
final class ProcessTree {
    private final ProcessHandle root;
    private final Map<Long, ProcessHandle> seen = new ConcurrentHashMap<>();

    ProcessTree(ProcessHandle root) {
        this.root = root;
    }

    private List<ProcessHandle> members() {
        List<ProcessHandle> all = new ArrayList<>();
        if (root.isAlive()) {
            all.add(root);
        }
        root.descendants().forEach(p -> {
            seen.putIfAbsent(p.pid(), p);
            all.add(p);
        });
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

    /** True while any member lives. */
    boolean alive() {
        return !members().isEmpty();
    }
}
