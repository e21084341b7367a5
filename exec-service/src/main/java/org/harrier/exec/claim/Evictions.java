package org.harrier.exec.claim;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.EvalContext;
import org.harrier.exec.machine.Measurements;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the startd takes a job off its slot against the job's will: a preempting claim (retire,
 * then vacate), and the owner policy (suspend, continue, vacate, kill) applied at each poll.
 *
 * <p>Threads: the startd's owner thread calls every method; the claims are the current
 * {@link ClaimTable} ({@link OwnerThread#table}), read afresh and changed by committing its
 * transitions on that thread only.
 * {@link #measured()} and {@link #ownerState()} are volatile snapshots readable from any thread.
 */
public final class Evictions {
    private static final Logger log = LoggerFactory.getLogger(Evictions.class);
    private final OwnerThread thread;
    private final OwnerWatch ownerWatch;
    private final Clock clock;
    private final Executor owner;
    private volatile Measurements measured = Measurements.NONE;
    private volatile String ownerState;

    public Evictions(OwnerThread thread, OwnerWatch ownerWatch) {
        this.thread = thread;
        this.ownerWatch = ownerWatch;
        this.clock = thread.clock();
        this.owner = thread.executor();
        this.ownerState = SlotAds.ownerState(table().slot(), table().policy(), measured);
    }

    private ClaimTable table() {
        return thread.table();
    }

    public Measurements measured() {
        return measured;
    }

    /**
     * The partitionable slot's Owner/Unclaimed verdict as of the last look; {@link SlotMatches}
     * keeps the slot's state and its times from it.
     */
    public String ownerState() {
        return ownerState;
    }

    /**
     * A preempting Claim on dynamic slot {@code slotName} (docs/protocols.md, "Fair share, limits
     * and preemption"): the running job may go on until its retirement ends (JobStart plus the
     * smaller of the machine's and the job's MaxJobRetirementTime), then it is killed as
     * Deactivate kills it. Either way the claim ends with the job: the scheduler hears JobExited
     * (with Evicted when it was killed) and the resources return to the partitionable slot. An
     * idle claim ends at once. The preempting claim itself is never granted: the future fails
     * with Preempting once the eviction is under way (or already was), ClaimRefused when the
     * slot holds no claim to preempt.
     */
    public void preempt(String slotName) {
        String claimId = table().claimOf(slotName);
        if (claimId == null || table().releasing(claimId)) {
            throw new StartdFailure.ClaimRefused("claim refused: " + slotName
                    + " holds no claim to preempt (released meanwhile)");
        }
        ClaimRun run = table().run(claimId);
        if (run == null) {
            thread.commit(table().endIdle(claimId));
            throw preempting(slotName, "its idle claim has ended");
        }
        if (table().claimed(claimId).claim().eviction() == ClaimAttributes.Eviction.NONE) {
            retireThen(claimId, run, () -> vacate(claimId, run));
        }
        ClaimAttributes now = table().claimed(claimId).claim();
        throw preempting(slotName, now.eviction() == ClaimAttributes.Eviction.RETIRING
                ? "job " + run.jobId() + " retires for up to " + now.job().retirement() + " s from its start"
                : "job " + run.jobId() + " is being vacated");
    }


    private static StartdFailure preempting(String slotName, String what) {
        return new StartdFailure.Preempting("claim refused: " + slotName + " is being preempted (" + what
                + "); its resources are matched again once it is free");
    }

    /**
     * Vacates the claim's job (State Preempting, Activity Vacating until its tree is dead): its
     * KillSig now, SIGKILL after the vacate time MAXVACATETIME and its JobMaxVacateTime grant it
     * now ({@link VacateTime}; the starter's kill grace, already within a constant JobMaxVacateTime,
     * when MAXVACATETIME is not an expression).
     */
    public void vacate(String claimId, ClaimRun run) {
        thread.commit(table().evicting(claimId, ClaimAttributes.Eviction.VACATING, now()));
        VacateTime.Grant grant = VacateTime.granted(table().policy().maxVacateTime(), run.process().controls().maxVacateTime(),
                SlotAds.dynamic(table().slot(), table().claimed(claimId)), run.job(), EvalContext.create(clock, clock.millis()));
        grant.notes().forEach(n -> log.warn("vacating job {}: {}", run.jobId(), n));
        log.info("vacating job {}: {} s from its kill signal to SIGKILL", run.jobId(), grant.time().toMillis() / 1000.0);
        run.process().kill(grant.time());
    }

    /**
     * Vacates the claim's job now, whatever is left of its retirement (condor_vacate and
     * condor_vacate_job do not wait); a no-op when it is being vacated or killed already.
     */
    public void vacateNow(String claimId, ClaimRun run) {
        ClaimAttributes.Eviction e = table().claimed(claimId).claim().eviction();
        if (e == ClaimAttributes.Eviction.NONE || e == ClaimAttributes.Eviction.RETIRING) {
            vacate(claimId, run);
        }
    }

    /**
     * condor_vacate of one slot: the job of dynamic slot {@code slotName}, or every job when it
     * names the partitionable slot; the job ids vacated (none when nothing runs there).
     */
    public List<String> vacateSlot(String slotName) {
        List<String> claimIds = new ArrayList<>();
        if (slotName.equals(table().slot().name())) {
            claimIds.addAll(table().activeRuns().keySet());
        } else if (table().claimOf(slotName) != null) {
            claimIds.add(table().claimOf(slotName));
        } else if (!table().slot().dynamicSlots().containsKey(slotName)) {
            throw new StartdFailure.UnknownSlot("no slot " + slotName + " on this startd");
        }
        List<String> vacated = new ArrayList<>();
        for (String claimId : claimIds) {
            ClaimRun run = table().run(claimId);
            if (run != null && !table().releasing(claimId)) {
                vacateNow(claimId, run);
                vacated.add(run.jobId());
            }
        }
        return vacated;
    }

    /**
     * HTCondor's retirement: a running job may run on until JobStart plus the smaller of the machine's
     * and the job's MaxJobRetirementTime (Claimed/Retiring), then {@code evict} takes it off;
     * at once when that time is already over.
     */
    private void retireThen(String claimId, ClaimRun run, Runnable evict) {
        ClaimAttributes claim = table().claimed(claimId).claim();
        long left = claim.job().retiresAt() * 1000 - clock.millis();
        // A job its owner stopped could not use its retirement: it goes at once.
        if (left <= 0 || claim.suspended()) {
            evict.run();
            return;
        }
        thread.commit(table().evicting(claimId, ClaimAttributes.Eviction.RETIRING, now()));
        CompletableFuture.delayedExecutor(left, TimeUnit.MILLISECONDS, owner).execute(() -> {
            // Nothing to do if the job has ended meanwhile.
            if (table().run(claimId) == run
                    && table().claimed(claimId).claim().eviction() == ClaimAttributes.Eviction.RETIRING) {
                evict.run();
            }
        });
    }

    /** Kills the claim's job at once (State Preempting, Activity Killing until its tree is dead). */
    private void kill(String claimId, ClaimRun run) {
        thread.commit(table().evicting(claimId, ClaimAttributes.Eviction.KILLING, now()));
        run.process().killNow();
    }

    /** One look at the owner: measure, decide ({@link OwnerWatch}), apply to each running job. */
    public List<OwnerWatch.Step> ownerLook() {
        Map<String, OwnerWatch.Running> jobs = new HashMap<>();
        table().activeRuns().forEach((claimId, run) -> jobs.put(claimId, new OwnerWatch.Running(
                table().claimed(claimId).name(), run.job(),
                run.process().usage().userSeconds() + run.process().usage().systemSeconds())));
        OwnerWatch.Plan plan = ownerWatch.plan(table().slot(), table().policy(), jobs,
                EvalContext.create(clock, clock.millis()), System.nanoTime());
        measured = plan.measurements();
        ownerState = SlotAds.ownerState(table().slot(), table().policy(), measured);
        for (OwnerWatch.Step step : plan.steps()) {
            ClaimRun run = table().run(step.claimId());
            switch (step.action()) {
                case SUSPEND, CONTINUE -> {
                    try {
                        signal(run, step.action() == OwnerAction.SUSPEND);
                        stopped(step.claimId(), step.action() == OwnerAction.SUSPEND);
                    } catch (StartdFailure e) {
                        // One job's tree refusing a signal must not spare the others this look.
                        log.warn("owner policy: {}", e.getMessage());
                    }
                }
                // PREEMPT honours retirement as a preempting claim does; KILL while vacating does not wait.
                case VACATE -> retireThen(step.claimId(), run, () -> vacate(step.claimId(), run));
                case KILL -> {
                    if (table().claimed(step.claimId()).claim().eviction() == ClaimAttributes.Eviction.VACATING) {
                        kill(step.claimId(), run);
                    } else {
                        retireThen(step.claimId(), run, () -> kill(step.claimId(), run));
                    }
                }
                case NONE -> { }
            }
        }
        return plan.steps();
    }

    /** The claim's job was stopped or continued: its slot's activity follows (Suspended, Busy). */
    public void stopped(String claimId, boolean stopped) {
        thread.commit(table().suspended(claimId, stopped, now()));
    }

    public static void signal(ClaimRun run, boolean freeze) {
        try {
            if (freeze) {
                run.process().suspend();
            } else {
                run.process().resume();
            }
        } catch (IllegalStateException e) {
            throw new StartdFailure.Failed((freeze ? "suspending" : "continuing") + " job "
                    + run.jobId() + " failed: " + e.getMessage());
        }
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }
}
