package org.harrier.exec;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.EvalContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the startd takes a job off its slot against the job's will: a preempting claim (retire,
 * then vacate), and the owner policy (suspend, continue, vacate, kill) applied at each poll.
 *
 * <p>Threads: the startd's owner thread calls every method; {@code running} and
 * {@code releasing} are the startd's own maps, shared here and touched on that thread only.
 * {@link #measured()} and {@link #ownerState()} are volatile snapshots readable from any thread.
 */
final class Evictions {
    private static final Logger log = LoggerFactory.getLogger(Evictions.class);
    private final ClaimBook book;
    private final Map<String, ClaimRun> running;
    private final Set<String> releasing;
    private final OwnerWatch ownerWatch;
    private final Runnable publish;
    private final Clock clock;
    private final Executor owner;
    private volatile Measurements measured = Measurements.NONE;
    private volatile String ownerState;

    Evictions(ClaimBook book, Map<String, ClaimRun> running, Set<String> releasing, OwnerWatch ownerWatch,
            Runnable publish, Clock clock, Executor owner) {
        this.book = book;
        this.running = running;
        this.releasing = releasing;
        this.ownerWatch = ownerWatch;
        this.publish = publish;
        this.clock = clock;
        this.owner = owner;
        this.ownerState = SlotAds.ownerState(book.slot(), book.policy(), measured);
    }

    Measurements measured() {
        return measured;
    }

    /**
     * The partitionable slot's Owner/Unclaimed verdict as of the last look; {@link SlotMatches}
     * keeps the slot's state and its times from it.
     */
    String ownerState() {
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
    void preempt(String slotName) {
        String claimId = book.claimOf(slotName);
        if (claimId == null || releasing.contains(claimId)) {
            throw new StartdFailure.ClaimRefused("claim refused: " + slotName
                    + " holds no claim to preempt (released meanwhile)");
        }
        ClaimRun run = running.get(claimId);
        if (run == null) {
            book.release(claimId);
            publish();
            throw preempting(slotName, "its idle claim has ended");
        }
        if (book.claimed(claimId).claim().eviction() == ClaimAttributes.Eviction.NONE) {
            retireThen(claimId, run, () -> vacate(claimId, run));
        }
        ClaimAttributes now = book.claimed(claimId).claim();
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
    void vacate(String claimId, ClaimRun run) {
        book.evicting(claimId, ClaimAttributes.Eviction.VACATING, now());
        publish();
        VacateTime.Grant grant = VacateTime.granted(book.policy().maxVacateTime(), run.process().controls().maxVacateTime(),
                SlotAds.dynamic(book.slot(), book.claimed(claimId)), run.job(), EvalContext.create(clock, clock.millis()));
        grant.notes().forEach(n -> log.warn("vacating job {}: {}", run.jobId(), n));
        log.info("vacating job {}: {} s from its kill signal to SIGKILL", run.jobId(), grant.time().toMillis() / 1000.0);
        run.process().kill(grant.time());
    }

    /**
     * Vacates the claim's job now, whatever is left of its retirement (condor_vacate and
     * condor_vacate_job do not wait); a no-op when it is being vacated or killed already.
     */
    void vacateNow(String claimId, ClaimRun run) {
        ClaimAttributes.Eviction e = book.claimed(claimId).claim().eviction();
        if (e == ClaimAttributes.Eviction.NONE || e == ClaimAttributes.Eviction.RETIRING) {
            vacate(claimId, run);
        }
    }

    /**
     * condor_vacate of one slot: the job of dynamic slot {@code slotName}, or every job when it
     * names the partitionable slot; the job ids vacated (none when nothing runs there).
     */
    List<String> vacateSlot(String slotName) {
        List<String> claimIds = new ArrayList<>();
        if (slotName.equals(book.slot().name())) {
            claimIds.addAll(new TreeSet<>(running.keySet()));
        } else if (book.claimOf(slotName) != null) {
            claimIds.add(book.claimOf(slotName));
        } else if (!book.slot().dynamicSlots().containsKey(slotName)) {
            throw new StartdFailure.UnknownSlot("no slot " + slotName + " on this startd");
        }
        List<String> vacated = new ArrayList<>();
        for (String claimId : claimIds) {
            ClaimRun run = running.get(claimId);
            if (run != null && !releasing.contains(claimId)) {
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
        ClaimAttributes claim = book.claimed(claimId).claim();
        long left = claim.job().retiresAt() * 1000 - clock.millis();
        // A job its owner stopped could not use its retirement: it goes at once.
        if (left <= 0 || claim.suspended()) {
            evict.run();
            return;
        }
        book.evicting(claimId, ClaimAttributes.Eviction.RETIRING, now());
        publish();
        CompletableFuture.delayedExecutor(left, TimeUnit.MILLISECONDS, owner).execute(() -> {
            // Nothing to do if the job has ended meanwhile.
            if (running.get(claimId) == run
                    && book.claimed(claimId).claim().eviction() == ClaimAttributes.Eviction.RETIRING) {
                evict.run();
            }
        });
    }

    /** Kills the claim's job at once (State Preempting, Activity Killing until its tree is dead). */
    private void kill(String claimId, ClaimRun run) {
        book.evicting(claimId, ClaimAttributes.Eviction.KILLING, now());
        publish();
        run.process().killNow();
    }

    /** One look at the owner: measure, decide ({@link OwnerWatch}), apply to each running job. */
    List<OwnerWatch.Step> ownerLook() {
        Map<String, OwnerWatch.Running> jobs = new HashMap<>();
        running.forEach((claimId, run) -> {
            if (!releasing.contains(claimId)) {
                jobs.put(claimId, new OwnerWatch.Running(book.claimed(claimId).name(), run.job(),
                        run.process().usage().userSeconds() + run.process().usage().systemSeconds()));
            }
        });
        OwnerWatch.Plan plan = ownerWatch.plan(book.slot(), book.policy(), jobs,
                EvalContext.create(clock, clock.millis()), System.nanoTime());
        measured = plan.measurements();
        ownerState = SlotAds.ownerState(book.slot(), book.policy(), measured);
        for (OwnerWatch.Step step : plan.steps()) {
            ClaimRun run = running.get(step.claimId());
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
                    if (book.claimed(step.claimId()).claim().eviction() == ClaimAttributes.Eviction.VACATING) {
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
    void stopped(String claimId, boolean stopped) {
        if (book.claimed(claimId).claim().suspended() != stopped) {
            book.suspended(claimId, stopped, now());
            publish();
        }
    }

    static void signal(ClaimRun run, boolean freeze) {
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

    private void publish() {
        publish.run();
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }
}
