package org.harrier.collector.bus;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

import org.harrier.collector.CentralManager;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.CycleStatistics;
import org.harrier.collector.NegotiatorSettings;
import org.harrier.bus.ManagedObject;
import org.harrier.bus.MethodTable;
import org.harrier.bus.QmfException;
import org.harrier.bus.RequestContext;
import org.harrier.protocol.FailureCode;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.Request;
import org.harrier.rules.Caller;
import org.harrier.rules.Permission;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.negotiator.GetLimits;
import org.harrier.protocol.negotiator.GetPriorities;
import org.harrier.protocol.negotiator.GetStats;
import org.harrier.protocol.negotiator.Reschedule;
import org.harrier.protocol.negotiator.SetLimit;
import org.harrier.protocol.negotiator.SetPriority;
import org.harrier.protocol.negotiator.SetPriorityFactor;
import org.harrier.protocol.negotiator.SetUsage;

/**
 * The {@code negotiator} managed object: the last cycle's statistics, {@code Reschedule}, and
 * the accounting methods ({@code GetStats}, {@code GetPriorities}, {@code SetPriority},
 * {@code SetPriorityFactor}, {@code SetUsage}, {@code GetLimits}, {@code SetLimit}), which
 * the central manager answers on its owner thread. The readings are open to anyone; Reschedule
 * needs an authenticated caller, and the pool-wide settings (SetPriority, SetPriorityFactor,
 * SetUsage, SetLimit) an administrator (broker role admin); a refusal is QMF forbidden (code 6)
 * and changes nothing (docs/protocols.md, "Authorisation"). {@link #values()} reads the central manager's
 * volatile snapshot of the last cycle, which its owner thread replaces after each cycle, so the
 * agent may call it from any thread.
 */
public final class NegotiatorObject implements ManagedObject {
    private final ObjectId id;
    private final CollectorSettings settings;
    private final String policy;
    private final long halfLifeSeconds;
    private final CentralManager manager;
    private final MethodTable methods;

    public NegotiatorObject(String name, CollectorSettings settings, NegotiatorSettings negotiation, CentralManager manager) {
        this.id = ObjectId.grid("negotiator", name);
        this.settings = settings;
        this.policy = negotiation.policy().name();
        this.halfLifeSeconds = negotiation.priorityHalfLife().toSeconds();
        this.manager = manager;
        this.methods = table();
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        CycleStatistics s = manager.statistics();
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("Name", id.key());
        v.put("Machine", settings.machine());
        v.put("NegotiatorInterval", settings.negotiatorIntervalSeconds());
        v.put("PriorityHalfLife", halfLifeSeconds);
        v.put("Policy", policy);
        v.put("Cycles", s.cycles());
        v.put("Time", nanos(s.time()));
        v.put("Duration", s.seconds());
        v.put("Matches", s.matches());
        v.put("MatchRate", s.matchRate());
        v.put("Rejections", s.rejections());
        v.put("CandidateSlots", s.candidateSlots());
        v.put("NumIdleJobs", s.idleJobs());
        v.put("NumSchedulers", s.schedulers());
        v.put("Preemptions", s.preemptions());
        v.put("ActiveSubmitterCount", s.submitters());
        v.put("NumJobsConsidered", s.idleJobs());
        v.put("TotalSlots", (long) s.plan().totalSlots());
        v.put("Phase1Duration", s.phases().gather());
        v.put("Phase2Duration", s.phases().account());
        v.put("Phase3Duration", s.phases().match());
        v.put("Phase4Duration", s.phases().apply());
        v.put("SubmittersShareLimit", String.join(",", s.shareLimited()));
        return Map.copyOf(v);
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    @Override
    public MethodTable methods() {
        return methods;
    }

    /** The negotiator's methods: Reschedule, then the accounting methods, which the central manager answers on its owner thread. */
    private MethodTable table() {
        return new MethodTable("negotiator", CollectorFailures::toQmf)
                .on(Reschedule.METHOD, (q, context) -> {
                    require(caller(context).mayChange(Reschedule.METHOD.name()));
                    // A cycle starts NEGOTIATOR_CYCLE_DELAY from now, coalesced with any other trigger.
                    manager.reschedule();
                    return CompletableFuture.completedFuture(Done.DONE);
                })
                .on(GetStats.METHOD, (q, context) -> manager.stats(q.name()))
                .on(GetPriorities.METHOD, (q, context) -> manager.priorities())
                .on(SetPriority.METHOD, administered(SetPriority.METHOD, q -> manager.setPriority(q.name(), q.priority())))
                .on(SetPriorityFactor.METHOD, administered(SetPriorityFactor.METHOD,
                        q -> manager.setPriorityFactor(q.name(), q.priorityFactor())))
                .on(SetUsage.METHOD, administered(SetUsage.METHOD, q -> manager.setUsage(q.name(), q.usage())))
                .on(GetLimits.METHOD, (q, context) -> manager.limits())
                .on(SetLimit.METHOD, administered(SetLimit.METHOD, q -> manager.setLimit(q.name(), q.max())));
    }

    /** A pool-wide setting: {@code step} runs only for an administrator. */
    private static <Q extends Request<Done>> MethodTable.Handler<Q, Done> administered(Method<Q, Done> method,
            Function<Q, CompletionStage<Void>> step) {
        return (q, context) -> {
            require(caller(context).mayAdminister(method.name()));
            return done(step.apply(q));
        };
    }

    static Caller caller(RequestContext context) {
        return Caller.of(context.userId(), context.roles());
    }

    /** A refusal, answered QMF forbidden naming what was refused. */
    static void require(Permission p) {
        if (!p.granted()) {
            throw new QmfException(FailureCode.FORBIDDEN, p.refusal());
        }
    }

    private static CompletionStage<Done> done(CompletionStage<Void> step) {
        return step.thenApply(v -> Done.DONE);
    }
}
