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
import org.harrier.exec.JobExited;
import org.harrier.exec.Startd;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.exec.starter.ProcessOutcome;

/**
 * The startd's claims and their jobs, with one owner: which claim holds which dynamic slot (the
 * {@link ClaimBook}), the job running on each claim, the claims being released, and their leases.
 * Nothing else holds these; other parts ask the table, and change it only through its transitions.
 *
 * <p>A transition takes the time as an input, changes the table completely or throws a
 * {@link StartdFailure} and changes nothing, and returns the {@link Effect}s it asks for (kill a
 * tree, publish the ad, report an exit, cancel a staging), which the caller applies after it
 * returns; no transition does I/O or touches a process.
 *
 * <p>Threads: confined to the startd's owner thread ("harrier-startd", see {@link Startd}).
 */
public final class ClaimTable {
    private final ClaimBook book;
    private final StartdLeases leases;
    private final Map<String, ClaimRun> running = new HashMap<>();
    private final Set<String> releasing = new HashSet<>();

    public ClaimTable(ClaimBook book, StartdLeases leases) {
        this.book = book;
        this.leases = leases;
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
     * job, or when its last run was this same activation ({@link ClaimBook#ranLast}), which a
     * scheduler restarted in its activation window sends again.
     */
    public DynamicSlot activatable(String claimId, String jobId, ClassAd job) {
        DynamicSlot d = usable(claimId);
        if (d.busy()) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " is running job " + d.jobId());
        }
        if (book.ranLast(claimId, jobId, job)) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " already ran job " + jobId
                    + " for this activation (its exit report is on its way)");
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
    public Effect.Step<ClaimBook.Grant> claim(ClassAd request, String scheduler, Measurements measured, EvalContext context) {
        ClaimBook.Grant g = book.claim(request, scheduler, measured, context);
        leases.idle(g.claimId(), context.now());
        return new Effect.Step<>(g, List.of(Effect.PUBLISH));
    }

    /**
     * Job {@code jobId} is activated on the claim (Busy from now, whether its process runs yet or
     * its inputs are still coming): its claim attributes, and its JobLeaseDuration as the lease.
     */
    public List<Effect> activated(String claimId, String jobId, ClassAd job, EvalContext context) {
        leases.running(claimId, job, context.now());
        book.running(claimId, jobId, job, context);
        return List.of(Effect.PUBLISH);
    }

    /** The claim's job has a process now: first start, or a start once its inputs came. */
    public void started(String claimId, ClaimRun run) {
        running.put(claimId, run);
    }

    /** A self-checkpointing job's process started again after a checkpoint; it carries {@code run}'s earlier usage. */
    public void restarted(String claimId, ClaimRun run) {
        running.put(claimId, run);
    }

    /** A checkpoint was saved: the job's ad counts it (NumCkpts), if {@code was} still runs there. */
    public void checkpointed(String claimId, ClaimRun was, ClaimRun now) {
        running.replace(claimId, was, now);
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
    public void renewed(String claimId, long now) {
        usable(claimId);
        leases.renewed(claimId, now);
    }

    /** The claims nobody renewed within their lease by {@code now} (not those already being released). */
    public List<String> expired(long now) {
        return leases.expired(now, id -> book.holds(id) && !releasing.contains(id));
    }

    /** Deactivate: kills job {@code jobId}'s tree if it runs on the claim, or cancels its staging. */
    public List<Effect> deactivate(String claimId, String jobId) {
        DynamicSlot d = usable(claimId);
        ClaimRun run = running.get(claimId);
        if (run != null) {
            return List.of(new Effect.Kill(same(d, run, jobId).process()));
        }
        return List.of(new Effect.CancelStaging(claimId));
    }

    /** Gives the claim up: a running job is killed first, and the resources return once its tree is dead ({@link #ended}). */
    public List<Effect> release(String claimId) {
        usable(claimId);
        ClaimRun run = running.get(claimId);
        if (run != null) {
            releasing.add(claimId);
            return List.of(new Effect.Kill(run.process()));
        }
        book.release(claimId);
        return List.of(new Effect.CancelStaging(claimId), Effect.PUBLISH);
    }

    /** A preempted claim with no job running ends at once. */
    public List<Effect> endIdle(String claimId) {
        book.release(claimId);
        return List.of(Effect.PUBLISH);
    }

    /**
     * The claim's job is done ({@code outputFailure}: null, or why its outputs could not be sent).
     * A released or preempted claim ends with it; any other goes back to Idle for its next job.
     * The report covers the job's whole stay (runs before checkpoint restarts too), Evicted when it
     * was vacated or killed. No effects when the claim runs no job (its end was taken already).
     */
    public List<Effect> ended(String claimId, ProcessOutcome last, String outputFailure, long now) {
        ClaimRun run = running.remove(claimId);
        if (run == null) {
            return Effect.NONE;
        }
        ProcessOutcome outcome = last.after(run.earlier());
        ClaimAttributes.Eviction eviction = book.claimed(claimId).claim().eviction();
        boolean released = releasing.remove(claimId);
        if (released || eviction != ClaimAttributes.Eviction.NONE) {
            book.release(claimId);
        } else {
            book.idle(claimId, now);
            leases.idle(claimId, now);
        }
        JobExited report = evicted(eviction)
                ? JobExited.evicted(run.jobId(), claimId, run.scheduler(), outcome)
                : JobExited.of(run.jobId(), claimId, run.scheduler(), outcome);
        if (outputFailure != null && !report.evicted()) {
            report = report.outputFailed(outputFailure);
        }
        return List.of(Effect.PUBLISH, new Effect.ReportExit(report));
    }

    /** The claim's job being vacated or killed by the startd: its end is reported as Evicted. */
    public static boolean evicted(ClaimAttributes.Eviction e) {
        return e == ClaimAttributes.Eviction.VACATING || e == ClaimAttributes.Eviction.KILLING;
    }

    /** An activated job that never got a process (staging failed or was cancelled): the claim, if held, is Idle again. */
    public List<Effect> neverStarted(String claimId, JobExited report, long now) {
        if (!book.holds(claimId)) {
            return List.of(new Effect.ReportExit(report));
        }
        book.idle(claimId, now);
        leases.idle(claimId, now);
        return List.of(Effect.PUBLISH, new Effect.ReportExit(report));
    }

    /** A checkpointed job could not start again: its run is over, the claim Idle, the scheduler told why. */
    public List<Effect> restartFailed(String claimId, JobExited report, long now) {
        running.remove(claimId);
        book.idle(claimId, now);
        return List.of(Effect.PUBLISH, new Effect.ReportExit(report));
    }

    /** The claim's job is retiring, being vacated or killed (its claim is preempted or its owner wants it gone). */
    public List<Effect> evicting(String claimId, ClaimAttributes.Eviction stage, long now) {
        book.evicting(claimId, stage, now);
        return List.of(Effect.PUBLISH);
    }

    /** The claim's job was stopped or continued: its slot's activity follows (Suspended, Busy). */
    public List<Effect> suspended(String claimId, boolean stopped, long now) {
        if (book.claimed(claimId).claim().suspended() == stopped) {
            return Effect.NONE;
        }
        book.suspended(claimId, stopped, now);
        return List.of(Effect.PUBLISH);
    }

    /** A re-detection of the machine; publishes when the slot changed ({@link ClaimBook#resize}). */
    public Effect.Step<Boolean> resized(Machine detected) {
        boolean changed = book.resize(detected);
        return new Effect.Step<>(changed, changed ? List.of(Effect.PUBLISH) : Effect.NONE);
    }
}
