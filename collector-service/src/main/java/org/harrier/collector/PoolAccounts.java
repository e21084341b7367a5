package org.harrier.collector;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.harrier.collector.accounting.Account;
import org.harrier.collector.accounting.Accountant;
import org.harrier.collector.accounting.AccountantFile;
import org.harrier.collector.accounting.AccountantState;
import org.harrier.collector.negotiation.ConcurrencyLimits;
import org.harrier.collector.negotiation.MatchPlan;
import org.harrier.collector.negotiation.NegotiationPolicy;
import org.harrier.collector.negotiation.PlannedMatch;
import org.harrier.collector.negotiation.SlotOffer;
import org.harrier.bus.QmfException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pool's accounts as the negotiator keeps them: the accountant's state (loaded from and
 * saved to the spool after every change), the concurrency limits as set at run time, and what
 * the last cycle saw; and the negotiator object's methods that read or change them (GetStats,
 * GetPriorities, SetPriority, SetPriorityFactor, SetUsage, GetLimits, SetLimit).
 *
 * <p>Threads: owned by the central manager's thread, like the rest of the negotiator.
 */
final class PoolAccounts {
    private static final Logger LOG = LoggerFactory.getLogger(PoolAccounts.class);

    private final NegotiatorSettings settings;
    private final AccountantFile file;
    private AccountantState state;
    private ConcurrencyLimits limits;
    private Map<String, Double> limitsInUse = Map.of();
    private Map<String, Double> quotas = Map.of();
    private Set<String> lastWaiting = Set.of();

    /** Limit units recent matches took, held until their jobs' slot ads show them (at most {@code holdFor}). */
    private final java.time.Duration holdFor;
    private LimitHolds limitHolds = LimitHolds.NONE;

    PoolAccounts(NegotiatorSettings settings, java.time.Duration holdFor) {
        this.settings = settings;
        this.holdFor = holdFor;
        this.file = settings.spool() == null ? null : new AccountantFile(settings.spool());
        this.state = file == null ? AccountantState.EMPTY : file.load();
        this.limits = settings.limits();
    }

    /**
     * Brings usage up to {@code now} from the slots' claims (who holds what), saves it, and
     * returns the policy a cycle plans with: the priorities as of now.
     */
    NegotiationPolicy beginCycle(List<SlotOffer> slots, Set<String> waiting, Instant now) {
        lastWaiting = Set.copyOf(waiting);
        account(slots, waiting, now);
        boolean upDown = settings.policy().name().equals("up-down");
        limitHolds = limitHolds.seen(slots, now);
        Map<String, Double> unitsHeld = limitHolds.units();
        return new NegotiationPolicy(settings.policy(), Accountant.priorities(state, settings.policy().name()),
                upDown ? 0 : Accountant.MIN_PRIORITY * settings.defaultPrioFactor(), settings.groups(), limits,
                settings.preemption(), unitsHeld);
    }

    /**
     * Brings usage up to {@code now} between cycles (every UPDATE_INTERVAL): the accountant
     * charges what it sees held at each update for the time since the last, so it must look
     * often, not only when a cycle runs (cycles come when claims change, when what was held
     * has just gone).
     */
    void tick(List<SlotOffer> slots, Instant now) {
        account(slots, lastWaiting, now);
    }

    private void account(List<SlotOffer> slots, Set<String> waiting, Instant now) {
        Map<String, Double> weighted = new HashMap<>();
        Map<String, Long> held = new HashMap<>();
        double pie = 0;
        for (SlotOffer s : slots) {
            if (s.inPool()) {
                pie += s.weight();
            }
            if (s.runningJob()) {
                weighted.merge(s.remoteUser(), s.weight(), Double::sum);
                held.merge(s.remoteUser(), 1L, Long::sum);
            }
        }
        quotas = settings.groups().quotas(pie);
        state = Accountant.update(state, new Accountant.Usage(weighted, held, waiting), now, settings.priorityHalfLife(),
                settings.defaultPrioFactor(), settings.groups());
        save();
    }

    /**
     * Remembers what the plan's matches took of concurrency limits until their jobs' slot ads
     * show it ({@link LimitHolds}; at most {@code holdFor}): until their jobs run, no slot ad
     * shows it, and the next cycle, which may come milliseconds later, would hand the same
     * units out again.
     */
    void endCycle(MatchPlan plan, Instant now) {
        limitsInUse = plan.limitsInUse();
        List<Map<String, Double>> taken = new ArrayList<>();
        for (PlannedMatch m : plan.matches()) {
            // The planner matched only requests whose ConcurrencyLimits it could read.
            taken.add(m.request().concurrencyLimits());
        }
        limitHolds = limitHolds.matched(taken, now.plus(holdFor));
    }

    /** When the first concurrency-limit hold lapses and its units are free again, if any is held. */
    java.util.Optional<Instant> nextLimitLapse() {
        return limitHolds.nextLapse();
    }

    /**
     * Gives back at once the limit units of matches the scheduler could not be told of (its
     * Matched call failed): no claim will come for them, so no ad will ever retire their holds.
     */
    void matchesFailed(List<PlannedMatch> matches) {
        limitHolds = limitHolds.givenBack(matches.stream().map(m -> m.request().concurrencyLimits()).toList());
    }

    private void save() {
        if (file == null) {
            return;
        }
        try {
            file.save(state);
        } catch (IOException e) {
            LOG.error("could not save the accountant's state to {}: {}", file.path(), e.toString());
        }
    }

    /** One of the negotiator object's accounting methods; QmfException BAD_PARAMETER names a bad argument. */
    Map<String, Object> call(String method, Map<String, Object> args) {
        return switch (method) {
            case "GetStats" -> Map.of("Ad", record(existing(name(args))));
            case "GetPriorities" -> Map.of("Submitters", priorities());
            case "SetPriority" -> change(name(args), a -> a.withRealPriority(
                    number(args, "Priority", Accountant.MIN_PRIORITY, "at least 0.5, HTCondor's best priority")));
            case "SetPriorityFactor" -> change(name(args), a -> a.withPriorityFactor(
                    number(args, "PriorityFactor", 1, "at least 1")));
            case "SetUsage" -> change(name(args), a -> a.withAccumulatedUsage(
                    number(args, "Usage", 0, "at least 0 (weighted slot-hours)") * 3600));
            case "GetLimits" -> Map.of("Limits", limitsTable());
            case "SetLimit" -> setLimit(args);
            default -> throw new QmfException(QmfException.NOT_IMPLEMENTED, "negotiator does not implement " + method);
        };
    }

    private Map<String, Object> change(String name, java.util.function.UnaryOperator<Account> change) {
        state = state.with(name, settings.defaultPrioFactor(), change);
        save();
        LOG.info("accountant: {} is now {}", name, state.accounts().get(name));
        return Map.of();
    }

    private Map<String, Object> setLimit(Map<String, Object> args) {
        String name = name(args);
        double max = number(args, "Max", 0, "at least 0");
        try {
            limits = limits.with(name, max);
        } catch (IllegalArgumentException e) {
            throw new QmfException(QmfException.BAD_PARAMETER, e.getMessage());
        }
        LOG.info("concurrency limit {} set to {}", name, max);
        return Map.of();
    }

    private Map<String, Object> limitsTable() {
        Map<String, Object> out = new TreeMap<>();
        limits.max().forEach((name, max) -> out.put(name, limitEntry(limitsInUse.getOrDefault(name, 0.0), max)));
        limitsInUse.forEach((name, used) -> out.putIfAbsent(name, limitEntry(used, limits.maxOf(name))));
        return out;
    }

    private static Map<String, Object> limitEntry(double current, double max) {
        return Map.of("CURRENT", current, "MAX", max);
    }

    private Account existing(String name) {
        Account a = state.accounts().get(name);
        if (a == null) {
            throw new QmfException(QmfException.BAD_PARAMETER, "the accountant has no record of '" + name + "'");
        }
        return a;
    }

    private List<Object> priorities() {
        List<Account> all = new ArrayList<>(state.accounts().values());
        all.sort(Comparator.comparingDouble(Account::effectivePriority).thenComparing(Account::name));
        List<Object> out = new ArrayList<>();
        all.forEach(a -> out.add(record(a)));
        return out;
    }

    /** An account as GetStats answers it (HTCondor's accountant ad names). */
    private Map<String, Object> record(Account a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Name", a.name());
        m.put("Priority", a.effectivePriority());
        m.put("RealPriority", a.realPriority());
        m.put("PriorityFactor", a.priorityFactor());
        m.put("ResourcesUsed", a.slotsInUse());
        m.put("WeightedResourcesUsed", a.weightedInUse());
        m.put("AccumulatedUsage", a.accumulatedUsage() / 3600);
        m.put("BeginUsageTime", a.beginUsageTime());
        m.put("LastUsageTime", a.lastUsageTime());
        m.put("UpDownIndex", a.upDownIndex());
        m.put("IsAccountingGroup", a.group());
        String group = settings.groups().groupOf(a.name());
        m.put("AccountingGroup", a.group() ? a.name() : group);
        if (a.group()) {
            m.put("EffectiveQuota", quotas.getOrDefault(a.name(), 0.0));
            m.put("ConfigQuota", settings.groups().staticQuota().getOrDefault(a.name(), 0.0));
            m.put("DynamicQuota", settings.groups().dynamicQuota().getOrDefault(a.name(), 0.0));
            m.put("AcceptSurplus", settings.groups().acceptsSurplus(a.name()));
        }
        return m;
    }

    private static String name(Map<String, Object> args) {
        Object v = args.get("Name");
        if (!(v instanceof String s) || s.isBlank()) {
            throw new QmfException(QmfException.BAD_PARAMETER, "Name must be a submitter or group name, got " + v);
        }
        return s.trim();
    }

    private static double number(Map<String, Object> args, String key, double least, String rule) {
        Object v = args.get(key);
        if (!(v instanceof Number n) || Double.isNaN(n.doubleValue()) || Double.isInfinite(n.doubleValue())
                || n.doubleValue() < least) {
            throw new QmfException(QmfException.BAD_PARAMETER, key + " must be a number " + rule + ", got " + v);
        }
        return n.doubleValue();
    }
}
