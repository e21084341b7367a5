package org.harrier.exec.claim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.exec.RunExited;
import org.harrier.exec.Startd;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.exec.run.starter.ProcessOutcome;

/**
 * The startd's claims and their jobs, with one owner: which claim holds which dynamic slot (the
 * {@link ClaimBook}), the job running on each claim, the claims being released, and their leases.
 * Nothing else holds these; other parts ask the table, and change it only through its transitions.
 *
 * <p>A table does not change once made. A transition is a pure function of the table and its
 * inputs (the time among them): it returns a {@link ClaimTransition} with the new table, its answer
 * and the {@link Effect}s it asks for (kill a tree, publish the ad, report an exit, cancel a
 * staging), or throws a {@link StartdFailure} for a call it refuses. No transition does I/O or
 * touches a process; {@link OwnerThread#commit} takes the new table and applies the effects.
 *
 * <p>Threads: {@link OwnerThread} holds the current table and commits transitions on the
 * startd's owner thread ("harrier-startd", see {@link Startd}) only. A transition builds its new
 * table from copies of this one's parts, so a table handed out is never changed.
 */
public final class ClaimTable {
    private final ClaimBook book;
    private final StartdLeases leases;
    private final Map<String, ClaimRun> running;
    private final Set<String> releasing;

    private ClaimTable(ClaimBook book, StartdLeases leases, Map<String, ClaimRun> running, Set<String> releasing) {
        this.book = book;
        this.leases = leases;
        this.running = running;
        this.releasing = releasing;
    }

    /** The table of a startd that starts with {@code book}'s claims and {@code leases}, no job running; both are its own from now. */
    public static ClaimTable of(ClaimBook book, StartdLeases leases) {
        return new ClaimTable(book, leases, new HashMap<>(), new HashSet<>());
    }

    /** The parts of the next table, to be changed while a transition makes it. */
    private ClaimTable next() {
        return new ClaimTable(book.copy(), leases.copy(), new HashMap<>(running), new HashSet<>(releasing));
    }

    public PartitionableSlot slot() {
        return book.slot();
    }

    public SlotPolicy policy() {
        return book.policy();
    }

    public Map<ClaimVerdict.Refusal, Long> refusals() {
        return book.refusals();
    }

    public boolean holds(String claimId) {
        return book.holds(claimId);
    }

    /** The claim's dynamic slot; UnknownClaim when there is none. */
    public DynamicSlot claimed(String claimId) {
        return book.claimed(claimId);
    }

    /** The claim holding dynamic slot {@code slotName}, or null. */
    public String claimOf(String slotName) {
        return book.claimOf(slotName);
    }

    /** The job running on the claim, or null (idle, its inputs still coming, or ended). */
    public ClaimRun run(String claimId) {
        return running.get(claimId);
    }

    public boolean releasing(String claimId) {
        return releasing.contains(claimId);
    }

    /** True when no job runs on any claim (shutting down waits for this). */
    public boolean noRuns() {
        return running.isEmpty();
    }

    /** Every running job, released claims' too, for killing them all at shutdown. */
    public List<ClaimRun> runs() {
        return new ArrayList<>(running.values());
    }

    /** The jobs running on claims not being released, by claim id in order: what policy and usage reports see. */
    public Map<String, ClaimRun> activeRuns() {
        Map<String, ClaimRun> out = new TreeMap<>();
        running.forEach((claimId, run) -> {
            if (!releasing.contains(claimId)) {
                out.put(claimId, run);
            }
        });
        return out;
    }

    /** The claim's dynamic slot; UnknownClaim when it is unknown or being released. */
    public DynamicSlot usable(String claimId) {
        if (releasing.contains(claimId)) {
            throw new StartdFailure.UnknownClaim("claim is being released");
        }
        return book.claimed(claimId);
    }

    /**
     * The claim's dynamic slot for an Activate of {@code jobId}: WrongState when the claim runs a
     * job, or when one of its last runs was this same activation ({@link ClaimBook#ranLately}), which a
     * scheduler restarted in its activation window sends again.
     */
    public DynamicSlot activatable(String claimId, String jobId, ClassAd job) {
        DynamicSlot d = usable(claimId);
        if (d.busy()) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " is running job " + d.jobId());
        }
        if (book.ranLately(claimId, jobId, job)) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " already ran job " + jobId
                    + " for this activation (its exit report is on its way)");
        }
        return d;
    }

    /**
     * The claim's dynamic slot for an Activate of {@code jobId} queued behind its running job:
     * WrongState when it runs this job, or ran it lately for this same activation (a restarted
     * scheduler's queued Activate again, its first having arrived).
     */
    public DynamicSlot queueable(String claimId, String jobId, ClassAd job) {
        DynamicSlot d = usable(claimId);
        if (jobId.equals(d.jobId()) || book.ranLately(claimId, jobId, job)) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " is running or ran job " + jobId
                    + " for this activation already");
        }
        return d;
    }

    /** The job running on the claim, which must be {@code jobId}; WrongState otherwise. */
    public ClaimRun runOf(String claimId, String jobId) {
        DynamicSlot d = usable(claimId);
        ClaimRun run = running.get(claimId);
        if (run == null) {
            throw new StartdFailure.WrongState("no job runs on the claim on " + d.name()
                    + " (job " + jobId + " has ended; its exit report is on its way)");
        }
        return same(d, run, jobId);
    }

    private static ClaimRun same(DynamicSlot d, ClaimRun run, String jobId) {
        if (!run.jobId().equals(jobId)) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " runs job " + run.jobId() + ", not " + jobId);
        }
        return run;
    }

    /** Carves a dynamic slot for {@code request} (ClaimRefused if it cannot); its claim lease starts now. */
    public ClaimTransition<ClaimBook.Grant> claim(ClassAd request, String scheduler, Measurements measured,
            EvalContext context) {
        ClaimTable next = next();
        ClaimBook.Grant g;
        try {
            g = next.book.claim(request, scheduler, measured, context);
        } catch (StartdFailure.ClaimRefused refused) {
            // Counted per reason in the next table: why jobs stayed idle.
            return ClaimTransition.refused(next, refused);
        }
        next.leases.idle(g.claimId(), context.now());
        return ClaimTransition.to(next, g, List.of(Effect.PUBLISH));
    }

    /**
     * Job {@code jobId} is activated on the claim (Busy from now, whether its process runs yet or
     * its inputs are still coming): its claim attributes, and its JobLeaseDuration as the lease.
     */
    public ClaimTransition<Void> activated(String claimId, String jobId, ClassAd job, EvalContext context) {
        ClaimTable next = next();
        next.book.running(claimId, jobId, job, context);
        next.leases.running(claimId, job, context.now());
        return ClaimTransition.to(next, List.of(Effect.PUBLISH));
    }

    /** The claim's job has a process now: first start, or a start once its inputs came. */
    public ClaimTransition<Void> started(String claimId, ClaimRun run) {
        ClaimTable next = next();
        next.running.put(claimId, run);
        return ClaimTransition.to(next, Effect.NONE);
    }

    /** A self-checkpointing job's process started again after a checkpoint; it carries {@code run}'s earlier usage. */
    public ClaimTransition<Void> restarted(String claimId, ClaimRun run) {
        return started(claimId, run);
    }

    /** A checkpoint was saved: the job's ad counts it (NumCkpts), if {@code was} still runs there. */
    public ClaimTransition<Void> checkpointed(String claimId, ClaimRun was, ClaimRun now) {
        ClaimTable next = next();
        next.running.replace(claimId, was, now);
        return ClaimTransition.to(next, Effect.NONE);
    }

    /**
     * True when {@code run}, just checkpointed, may start again on its claim: it is still the
     * claim's run, nobody asked it gone (kill, release, eviction).
     */
    public boolean stays(String claimId, ClaimRun run) {
        return running.get(claimId) == run && !releasing.contains(claimId) && !run.process().killRequested()
                && book.claimed(claimId).claim().eviction() == ClaimAttributes.Eviction.NONE;
    }

    /** The scheduler renewed the claim's lease; UnknownClaim if it is gone or going. */
    public ClaimTransition<Void> renewed(String claimId, long now) {
        usable(claimId);
        ClaimTable next = next();
        next.leases.renewed(claimId, now);
        return ClaimTransition.to(next, Effect.NONE);
    }

    /** The claims nobody renewed within their lease by {@code now} (not those already being released). */
    public List<String> expired(long now) {
        return leases.copy().expired(now, id -> book.holds(id) && !releasing.contains(id));
    }

    /** Deactivate: kills job {@code jobId}'s tree if it runs on the claim, or cancels its staging. */
    public ClaimTransition<Void> deactivate(String claimId, String jobId) {
        DynamicSlot d = usable(claimId);
        ClaimRun run = running.get(claimId);
        if (run != null) {
            return ClaimTransition.to(this, List.of(new Effect.Kill(same(d, run, jobId).process())));
        }
        return ClaimTransition.to(this, List.of(new Effect.CancelStaging(claimId)));
    }

    /** Gives the claim up: a running job is killed first, and the resources return once its tree is dead ({@link #ended}). */
    public ClaimTransition<Void> release(String claimId) {
        usable(claimId);
        ClaimTable next = next();
        ClaimRun run = running.get(claimId);
        if (run != null) {
            next.releasing.add(claimId);
            return ClaimTransition.to(next, List.of(new Effect.Kill(run.process())));
        }
        next.end(claimId);
        return ClaimTransition.to(next, List.of(new Effect.CancelStaging(claimId), Effect.PUBLISH));
    }

    /** The claim is gone: its resources back to the partitionable slot, its lease with it; only on a next table. */
    private void end(String claimId) {
        book.release(claimId);
        leases.forget(claimId);
    }

    /** A preempted claim with no job running ends at once. */
    public ClaimTransition<Void> endIdle(String claimId) {
        ClaimTable next = next();
        next.end(claimId);
        return ClaimTransition.to(next, List.of(Effect.PUBLISH));
    }

    /**
     * The claim's job is done ({@code outputFailure}: null, or why its outputs could not be sent).
     * A released or preempted claim ends with it; any other goes back to Idle for its next job.
     * The report covers the job's whole stay (runs before checkpoint restarts too), Evicted when it
     * was vacated or killed. No effects when the claim runs no job (its end was taken already).
     */
    public ClaimTransition<Void> ended(String claimId, ProcessOutcome last, String outputFailure, long now) {
        ClaimRun run = running.get(claimId);
        if (run == null) {
            return ClaimTransition.to(this, Effect.NONE);
        }
        ClaimTable next = next();
        next.running.remove(claimId);
        ProcessOutcome outcome = last.after(run.earlier());
        ClaimAttributes.Eviction eviction = book.claimed(claimId).claim().eviction();
        boolean released = next.releasing.remove(claimId);
        if (released || eviction != ClaimAttributes.Eviction.NONE) {
            next.end(claimId);
        } else {
            next.book.idle(claimId, now);
            next.leases.idle(claimId, now);
        }
        RunExited report = evicted(eviction)
                ? RunExited.evicted(run.jobId(), claimId, run.scheduler(), outcome)
                : RunExited.of(run.jobId(), claimId, run.scheduler(), outcome);
        if (outputFailure != null && !report.evicted()) {
            report = report.outputFailed(outputFailure);
        }
        return ClaimTransition.to(next, List.of(Effect.PUBLISH, new Effect.ReportExit(report)));
    }

    /** The claim's job being vacated or killed by the startd: its end is reported as Evicted. */
    public static boolean evicted(ClaimAttributes.Eviction e) {
        return e == ClaimAttributes.Eviction.VACATING || e == ClaimAttributes.Eviction.KILLING;
    }

    /** A job that could not start on an idle claim: only its scheduler hears of it, the claim stays as it was. */
    public ClaimTransition<Void> reported(RunExited report) {
        return ClaimTransition.to(this, List.of(new Effect.ReportExit(report)));
    }

    /** An activated job that never got a process (staging failed or was cancelled): the claim, if held, is Idle again. */
    public ClaimTransition<Void> neverStarted(String claimId, RunExited report, long now) {
        if (!book.holds(claimId)) {
            return ClaimTransition.to(this, List.of(new Effect.ReportExit(report)));
        }
        ClaimTable next = next();
        next.book.idle(claimId, now);
        next.leases.idle(claimId, now);
        return ClaimTransition.to(next, List.of(Effect.PUBLISH, new Effect.ReportExit(report)));
    }

    /** A checkpointed job could not start again: its run is over, the claim Idle, the scheduler told why. */
    public ClaimTransition<Void> restartFailed(String claimId, RunExited report, long now) {
        ClaimTable next = next();
        next.running.remove(claimId);
        next.book.idle(claimId, now);
        return ClaimTransition.to(next, List.of(Effect.PUBLISH, new Effect.ReportExit(report)));
    }

    /** The claim's job is retiring, being vacated or killed (its claim is preempted or its owner wants it gone). */
    public ClaimTransition<Void> evicting(String claimId, ClaimAttributes.Eviction stage, long now) {
        ClaimTable next = next();
        next.book.evicting(claimId, stage, now);
        return ClaimTransition.to(next, List.of(Effect.PUBLISH));
    }

    /** The claim's job was stopped or continued: its slot's activity follows (Suspended, Busy). */
    public ClaimTransition<Void> suspended(String claimId, boolean stopped, long now) {
        if (book.claimed(claimId).claim().suspended() == stopped) {
            return ClaimTransition.to(this, Effect.NONE);
        }
        ClaimTable next = next();
        next.book.suspended(claimId, stopped, now);
        return ClaimTransition.to(next, List.of(Effect.PUBLISH));
    }

    /** A re-detection of the machine; publishes when the slot changed ({@link ClaimBook#resize}). */
    public ClaimTransition<Boolean> resized(Machine detected) {
        ClaimTable next = next();
        boolean changed = next.book.resize(detected);
        return changed ? ClaimTransition.to(next, true, List.of(Effect.PUBLISH)) : ClaimTransition.to(this, false, Effect.NONE);
    }
}
