package org.harrier.collector;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletionStage;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.harrier.collector.negotiation.MatchPlan;
import org.harrier.collector.negotiation.MatchPlanner;
import org.harrier.collector.negotiation.Negotiation;
import org.harrier.collector.negotiation.NegotiationPolicy;
import org.harrier.collector.negotiation.NegotiationSnapshot;
import org.harrier.collector.negotiation.PlannedMatch;
import org.harrier.collector.negotiation.Preemption;
import org.harrier.collector.negotiation.Reason;
import org.harrier.collector.negotiation.ResourceRequest;
import org.harrier.collector.negotiation.SlotOffer;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.Completions;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.scheduler.GetRequests;
import org.harrier.protocol.scheduler.Matched;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs negotiation cycles (docs/protocols.md "Negotiation"): NEGOTIATOR_CYCLE_DELAY after a
 * trigger, every trigger until then folded into the same cycle, and at least every
 * NEGOTIATOR_INTERVAL. A cycle asks each scheduler with idle jobs for its requests, freezes them
 * with the slot ads into a snapshot, has {@link MatchPlanner} decide on the planner thread, then
 * holds the matched slots and tells each scheduler its matches. A trigger during a cycle starts
 * another one after it.
 *
 * <p>Threads: every method and every field here belongs to the owner thread of {@link Threads}
 * (except {@link #reschedule}, {@link #onAccounts} and {@link #statistics}, which hand over to
 * it or read its volatile snapshot);
 * scheduler calls are asynchronous and their answers are handed back to the owner thread, so
 * ads keep flowing into the store while a cycle waits.
 */
final class Negotiator {
    private static final Logger LOG = LoggerFactory.getLogger(Negotiator.class);

    private enum Phase { IDLE, SCHEDULED, RUNNING }

    private final CollectorSettings settings;
    private final Threads threads;
    private final AdStore store;
    private final Schedulers schedulers;
    private final StartdNotices startds;
    private final NegotiatorEvents events;
    private final MatchHolds holds = new MatchHolds();
    private final PoolAccounts accounts;
    private final boolean informStartd;
    private final Preemption preemption;
    private Phase phase = Phase.IDLE;
    private boolean again;
    private boolean closed;
    /** Written on the owner thread after each cycle; read from any thread. */
    private volatile CycleStatistics statistics = CycleStatistics.NONE;

    Negotiator(CollectorSettings settings, NegotiatorSettings negotiation, Threads threads, AdStore store,
            Peers peers) {
        this.settings = settings;
        this.threads = threads;
        this.store = store;
        this.schedulers = peers.schedulers();
        this.startds = peers.startds();
        this.events = peers.events();
        this.accounts = new PoolAccounts(negotiation, LimitHolds.lapseAfter(settings.updateInterval()));
        this.informStartd = negotiation.informStartd();
        this.preemption = negotiation.preemption();
    }

    /** Reschedule: a cycle starts NEGOTIATOR_CYCLE_DELAY from now (coalesced with any other trigger). May be called from any thread. */
    void reschedule() {
        CentralManager.onOwner(threads.owner(), "Reschedule", this::trigger);
    }

    /**
     * {@code step} on the pool's accounts, on the owner thread; fails with what it threw (a
     * {@link CollectorFailure}), or {@link CollectorFailure.Unavailable} once the central manager
     * is closed.
     */
    <T> CompletionStage<T> onAccounts(Function<PoolAccounts, T> step) {
        try {
            return CompletableFuture.supplyAsync(() -> step.apply(accounts), threads.owner());
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new CollectorFailure.Unavailable("the collector is shutting down"));
        }
    }

    /** The last cycle's statistics; any thread. */
    CycleStatistics statistics() {
        return statistics;
    }

    /** Starts the NEGOTIATOR_INTERVAL clock; the first cycle runs one interval from now unless triggered. */
    void start() {
        long every = settings.negotiatorInterval().toNanos();
        threads.owner().scheduleWithFixedDelay(CentralManager.guarded("periodic negotiation", this::trigger),
                every, every, TimeUnit.NANOSECONDS);
        long tick = settings.updateInterval().toNanos();
        threads.owner().scheduleWithFixedDelay(CentralManager.guarded("accounting", () -> accounts.tick(
                store.ads(AdType.SLOT).stream().map(CycleTrigger::offer).toList(), threads.clock().instant())),
                tick, tick, TimeUnit.NANOSECONDS);
    }

    void close() {
        closed = true;
    }

    boolean idle() {
        return phase == Phase.IDLE;
    }

    void onAdUpdate(AdUpdate update) {
        // A cycle already scheduled takes every trigger: no need to look over the slots for room.
        if (phase != Phase.SCHEDULED && CycleTrigger.startsCycle(update, this::roomForWork)) {
            trigger();
        }
    }

    /** Whether the slots, less what this negotiator's matches hold, have room for a job (CycleTrigger). */
    private boolean roomForWork() {
        return CycleTrigger.roomForWork(holds.offers(store.ads(AdType.SLOT)), preemption);
    }

    /** Asks for a cycle: one starts NEGOTIATOR_CYCLE_DELAY from now, or after the running one. */
    void trigger() {
        if (closed) {
            return;
        }
        switch (phase) {
            case IDLE -> {
                phase = Phase.SCHEDULED;
                threads.owner().schedule(CentralManager.guarded("negotiation cycle", this::startCycle),
                        settings.negotiatorCycleDelay().toNanos(), TimeUnit.NANOSECONDS);
            }
            case SCHEDULED -> { }
            case RUNNING -> again = true;
        }
    }

    private void startCycle() {
        if (closed) {
            return;
        }
        phase = Phase.RUNNING;
        Instant started = threads.clock().instant();
        long startedNanos = System.nanoTime();
        Map<AgentName, ObjectId> schedulers = schedulersWithIdleJobs();
        List<CompletableFuture<List<ResourceRequest>>> answers = new ArrayList<>();
        schedulers.forEach((agent, object) -> answers.add(requestsOf(agent, object)));
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                .thenRunAsync(() -> plan(new Cycle(started, startedNanos, schedulers), answers), threads.owner())
                .exceptionally(this::failed);
    }

    /** What one cycle carries from its start to its end: when it started and whom it asked. */
    private record Cycle(Instant started, long nanos, Map<AgentName, ObjectId> schedulers) {
    }

    /**
     * Where to call GetRequests: the agents of submitter ads with IdleJobs and of scheduler ads
     * with TotalIdleJobs, each with its scheduler object (the scheduler ad's id; without one, the
     * submitter's ScheddName, else the agent's instance name, which protocols.md makes the same).
     */
    private Map<AgentName, ObjectId> schedulersWithIdleJobs() {
        Map<AgentName, ObjectId> objects = new HashMap<>();
        store.ads(AdType.SCHEDULER).forEach(a -> objects.put(a.agent(), a.id()));
        Map<AgentName, ObjectId> out = new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        for (StoredAd a : store.ads(AdType.SUBMITTER)) {
            if (a.count("IdleJobs") > 0) {
                String schedd = a.text("ScheddName");
                out.put(a.agent(), objects.getOrDefault(a.agent(),
                        ObjectId.grid("scheduler", schedd != null ? schedd : a.agent().instance())));
            }
        }
        for (StoredAd a : store.ads(AdType.SCHEDULER)) {
            if (a.count("TotalIdleJobs") > 0) {
                out.put(a.agent(), a.id());
            }
        }
        return out;
    }

    /** One scheduler's requests; a scheduler that fails or does not answer in time counts as having none. */
    private CompletableFuture<List<ResourceRequest>> requestsOf(AgentName scheduler, ObjectId object) {
        CompletableFuture<GetRequests.Requests> call;
        try {
            call = schedulers.getRequests(scheduler, object).toCompletableFuture();
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        return call.thenApply(raw -> Requests.read(scheduler, raw))
                .orTimeout(settings.callTimeout().toNanos() * 2, TimeUnit.NANOSECONDS)
                .exceptionally(e -> {
                    if (Completions.cause(e) instanceof Schedulers.Gone gone) {
                        // A scheduler stopping (a personal grid closes it before its negotiator) has no requests.
                        LOG.info("{} serves no scheduler now ({}); negotiating without it this cycle", scheduler, gone.getMessage());
                    } else {
                        LOG.warn("GetRequests on {} failed; negotiating without it this cycle: {}", scheduler, e.toString());
                    }
                    return List.of();
                });
    }

    private void plan(Cycle cycle, List<CompletableFuture<List<ResourceRequest>>> answers) {
        long gathered = System.nanoTime();
        List<ResourceRequest> requests = new ArrayList<>();
        answers.forEach(a -> requests.addAll(a.join()));
        List<StoredAd> slots = store.ads(AdType.SLOT);
        Map<AdKey, Long> revisions = new HashMap<>();
        slots.forEach(s -> revisions.put(s.key(), s.revision()));
        List<SlotOffer> offers = holds.offers(slots);
        Set<String> waiting = new TreeSet<>();
        requests.forEach(r -> waiting.add(Negotiation.submitterOf(r)));
        Instant now = threads.clock().instant();
        NegotiationPolicy policy = accounts.beginCycle(offers, waiting, now);
        NegotiationSnapshot snapshot = new NegotiationSnapshot(requests, offers, now, policy);
        long accounted = System.nanoTime();
        Timing timing = new Timing(cycle.nanos(), gathered, accounted, waiting.size());
        CompletableFuture.supplyAsync(() -> MatchPlanner.plan(snapshot), threads.planner())
                .thenAcceptAsync(plan -> apply(cycle, plan, revisions, timing.planned(System.nanoTime())), threads.owner())
                .exceptionally(this::failed);
    }

    /** When a cycle's phases ended (System.nanoTime), for the Phase1..4Duration statistics. */
    private record Timing(long started, long gathered, long accounted, int submitters, long planned) {
        Timing(long started, long gathered, long accounted, int submitters) {
            this(started, gathered, accounted, submitters, 0);
        }

        Timing planned(long at) {
            return new Timing(started, gathered, accounted, submitters, at);
        }

        CycleStatistics.Phases phases(long applied) {
            return new CycleStatistics.Phases((gathered - started) / 1e9, (accounted - gathered) / 1e9,
                    (planned - accounted) / 1e9, (applied - planned) / 1e9);
        }
    }

    private void apply(Cycle cycle, MatchPlan plan, Map<AdKey, Long> revisions, Timing timing) {
        holds.hold(plan.matches(), revisions);
        accounts.endCycle(plan, threads.clock().instant());
        if (informStartd) {
            // Sent before the scheduler hears, so a notice is on its way before the claim it announces.
            plan.matches().stream().filter(m -> !m.preempting()).forEach(this::inform);
        }
        plan.matchesBySchedulers().forEach((scheduler, matches) ->
                tell(scheduler, cycle.schedulers().get(scheduler), matches, revisions));
        Instant now = threads.clock().instant();
        statistics = statistics.next(cycle.started(), Duration.between(cycle.started(), now), plan,
                cycle.schedulers().size(), timing.submitters(), timing.phases(System.nanoTime()));
        events.cycleEnded(statistics);
        if (!plan.rejections().isEmpty() && LOG.isDebugEnabled()) {
            plan.rejections().forEach(r -> LOG.debug("request {} of {} at {}: {} jobs idle, {} ({})", r.request().requestId(),
                    r.request().owner(), r.request().scheduler(), r.unmatched(), r.reason(), r.slots()));
        }
        cycleAgainWhenLimitsFree(plan, now);
        endCycle();
    }

    /**
     * A job kept idle by a concurrency limit whose units a hold still takes gets another cycle
     * when the hold lapses: nothing else would start one (the hold's job may have run and ended
     * unseen, so no ad changes), and the job would wait for NEGOTIATOR_INTERVAL.
     */
    private void cycleAgainWhenLimitsFree(MatchPlan plan, Instant now) {
        boolean limited = plan.rejections().stream().anyMatch(r -> r.reason() == Reason.CONCURRENCY_LIMIT);
        accounts.nextLimitLapse().filter(lapse -> limited).ifPresent(lapse -> threads.owner().schedule(
                CentralManager.guarded("negotiation when concurrency limit holds lapse", this::trigger),
                Math.max(0, Duration.between(now, lapse).toMillis()) + 1, TimeUnit.MILLISECONDS));
    }

    private void tell(AgentName scheduler, ObjectId object, List<PlannedMatch> matches, Map<AdKey, Long> revisions) {
        Matched wire = new Matched(matches.stream().map(PlannedMatch::toMatch).toList());
        CompletableFuture<?> call;
        try {
            call = schedulers.matched(scheduler, object, wire).toCompletableFuture();
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        // copy(): the timeout is the negotiator's, not something to impose on the port's own future.
        call.copy().orTimeout(settings.callTimeout().toNanos() * 2, TimeUnit.NANOSECONDS)
                .whenCompleteAsync((ok, e) -> {
                    if (e != null) {
                        LOG.warn("Matched on {} failed; its {} slots and their limit units go back to the pool: {}",
                                scheduler, matches.size(), e.toString());
                        holds.release(matches, revisions);
                        accounts.matchesFailed(matches);
                    }
                }, threads.owner());
    }

    /**
     * NEGOTIATOR_INFORM_STARTD's notice to the matched slot's startd (HTCondor's MATCH_INFO), which
     * then shows the slot Matched until the claim comes or MATCH_TIMEOUT passes. Best effort: a
     * notice that fails or goes unanswered changes nothing here; the scheduler's Matched call
     * neither waits for it nor depends on it.
     */
    private void inform(PlannedMatch match) {
        CompletableFuture<?> call;
        try {
            call = startds.inform(match.slot().startd(), match.slot().id(), match.toNotice()).toCompletableFuture();
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((ok, e) -> {
            if (e != null) {
                LOG.debug("match notice to {} for {} not taken: {}", match.slot().startd(), match.slot().id().key(), e.toString());
            }
        });
    }

    /** A cycle's step threw (on whichever thread): log it and end the cycle on the owner thread. */
    private Void failed(Throwable failure) {
        Throwable cause = Completions.cause(failure);
        if (cause instanceof RejectedExecutionException) {
            LOG.debug("negotiation cycle abandoned: the central manager closed");
            return null;
        }
        LOG.error("negotiation cycle failed", cause);
        CentralManager.onOwner(threads.owner(), "end of a failed cycle", this::endCycle);
        return null;
    }

    private void endCycle() {
        phase = Phase.IDLE;
        if (again) {
            again = false;
            trigger();
        }
    }
}
