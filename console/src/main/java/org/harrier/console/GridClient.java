package org.harrier.console;

import java.time.Duration;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.console.submit.ClusterSubmission;

/**
 * What the harrier commands ask of a running grid, in domain terms. The one implementation
 * over the bus lives in {@code org.harrier.console.grid}, the only package that talks AMQP
 * (docs/architecture.md). Failures are {@link ConsoleFailure}s with a message for the user.
 */
public interface GridClient extends AutoCloseable {
    /** Queues {@code cluster} (one SubmitCluster call); returns the cluster id and count. */
    Submitted submit(ClusterSubmission cluster);

    /** The job ads in the scheduler's queue, whole. */
    default List<ClassAd> queue() {
        List<ClassAd> all = new java.util.ArrayList<>();
        queue(null, null, null, all::addAll);
        return all;
    }

    /**
     * The queued jobs for which ClassAd expression {@code constraint} (new syntax; null: all) is
     * true, evaluated at the scheduler, each ad with only the attributes {@code attributes} names
     * (lower-cased; null: all) and those their expressions read, plus ClusterId and ProcId: what
     * condor_q shows, at a fraction of the bytes; the first {@code limit} of them (null: all;
     * condor_q -limit), cut at the scheduler. Handed to {@code pages} a page at a time, in job id
     * order, as the scheduler answers, so a caller can print a million jobs as they come; returns
     * after the last page.
     */
    void queue(String constraint, java.util.Set<String> attributes, Long limit,
            java.util.function.Consumer<List<ClassAd>> pages);

    /**
     * The queued jobs {@code ids} name ({@code "12"} a cluster, {@code "12.3"} a job), each looked
     * up at the scheduler rather than read with the whole queue (condor_q 12 13.2). A job that
     * has finished is not shown, nor, by a lookup of its id, one removed and still leaving.
     */
    List<ClassAd> queueOf(List<String> ids);

    /**
     * How many queued jobs {@code owners} have in each status (every owner's when empty), every
     * status present, from the counts the scheduler keeps (condor_q -totals), not a read of the queue.
     */
    java.util.Map<org.harrier.console.format.JobStatusCode, Integer> totals(List<String> owners);

    /** Slot ads the collector holds that satisfy {@code constraint} (ClassAd text; null for all). */
    List<ClassAd> slots(String constraint);

    /**
     * Job {@code id}'s ad ("cluster.proc"; the scheduler's GetAd): a queued job's, or its final
     * ad once it has left the queue. An unknown id is a {@link ConsoleFailure}.
     */
    ClassAd jobAd(String id);

    /**
     * The negotiator's accountant records (GetPriorities): one ad per submitter and accounting
     * group with Name, Priority, PriorityFactor, ResourcesUsed, AccumulatedUsage, ... as
     * GetStats answers them, best priority first.
     */
    List<ClassAd> priorities();

    /** The accountant's record of submitter or group {@code name} (GetStats). */
    ClassAd submitterStats(String name);

    /** Sets the real priority of {@code name} (SetPriority; at least 0.5). */
    void setPriority(String name, double priority);

    /** Sets the priority factor of {@code name} (SetPriorityFactor; at least 1). */
    void setPriorityFactor(String name, double factor);

    /** Sets the accumulated usage of {@code name}, weighted slot-hours (SetUsage; at least 0). */
    void setUsage(String name, double usage);

    /** The pool's concurrency limits (GetLimits): every configured or used limit, by name. */
    List<ConcurrencyLimit> limits();

    /** Sets concurrency limit {@code name} to {@code max} (SetLimit; at least 0). */
    void setLimit(String name, double max);

    /** Asks the negotiator for a cycle now (Reschedule, condor_reschedule). */
    void reschedule();

    /** Removes job {@code id} ("cluster.proc") or every job of cluster {@code id} ("cluster"). */
    default void remove(String id, String reason) {
        remove(Jobs.id(id), reason);
    }

    /**
     * The control calls of condor_rm, condor_hold, condor_release, condor_suspend,
     * condor_continue and condor_qedit: each acts on {@code jobs} and returns the ids
     * ("cluster.proc") of the jobs it acted on. {@code reason} may be null (the scheduler then
     * records "via Hold" and the like). A job in the wrong state, an unknown id, a constraint
     * that selects nothing, a protected attribute or a value that is not a ClassAd expression
     * is a {@link ConsoleFailure} naming the problem; nothing was changed then.
     */
    List<String> remove(Jobs jobs, String reason);

    List<String> hold(Jobs jobs, String reason);

    List<String> release(Jobs jobs, String reason);

    /** Suspends running jobs: their processes are stopped, their claims kept. */
    List<String> suspend(Jobs jobs, String reason);

    /** Continues suspended jobs (condor_continue). */
    List<String> resume(Jobs jobs, String reason);

    /**
     * Vacates running jobs (condor_vacate_job): each is evicted (SIGTERM, so a self-checkpointing
     * job may checkpoint) and goes back to Idle to run again from its last checkpoint.
     */
    default List<String> vacate(Jobs jobs, String reason) {
        throw new ConsoleFailure("this grid cannot vacate jobs");
    }

    /**
     * Vacates every job on slot {@code slotOrHost} (a slot's Name, e.g. {@code slot1_2@host}) or on
     * every slot of a host (condor_vacate); the job ids vacated, per slot Name. A name no slot
     * or host of the pool has is a {@link ConsoleFailure}.
     */
    default java.util.Map<String, List<String>> vacateSlots(String slotOrHost) {
        throw new ConsoleFailure("this grid cannot vacate slots");
    }

    /** Sets attribute {@code name} of the jobs to the ClassAd expression {@code value} (strings need their quotes). */
    List<String> setAttribute(Jobs jobs, String name, String value);

    /**
     * Completed and removed jobs' final ads, newest first, that satisfy {@code constraint}
     * (ClassAd text; null for all), at most {@code limit} (null for all) (condor_history).
     */
    List<ClassAd> history(String constraint, Integer limit);

    /**
     * The same, each ad with at least the attributes {@code projection} names (lower case; null:
     * every attribute): a grid may send only those, and what they read.
     */
    default List<ClassAd> history(String constraint, java.util.Set<String> projection, Integer limit) {
        return history(constraint, limit);
    }

    /**
     * Waits until job {@code id} is Completed or Removed and returns its last ad; a
     * {@link ConsoleFailure} if {@code timeout} passes first or the job is unknown.
     */
    ClassAd awaitFinished(String id, Duration timeout);

    @Override
    void close();

    /**
     * Which jobs a control call names: an {@code id} (a job "12.0" or a cluster "12") or a
     * ClassAd {@code constraint}, exactly one of them.
     */
    record Jobs(String id, String constraint) {
        public Jobs {
            if ((id == null) == (constraint == null)) {
                throw new IllegalArgumentException("name jobs by an id or by a constraint, exactly one, got id " + id
                        + " and constraint " + constraint);
            }
        }

        public static Jobs id(String id) {
            return new Jobs(id, null);
        }

        public static Jobs matching(String constraint) {
            return new Jobs(null, constraint);
        }
    }

    /** A concurrency limit: how much of it running jobs use, and the most they may. */
    record ConcurrencyLimit(String name, double current, double max) {
        public ConcurrencyLimit {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("a concurrency limit has a name");
            }
        }
    }

    /** A queued cluster: its id and how many procs it has. */
    record Submitted(long cluster, int count) {
    }
}
