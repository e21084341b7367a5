package org.harrier.collector;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
import org.harrier.protocol.negotiator.AccountantRecord;
import org.harrier.protocol.negotiator.GetLimits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pool's accounts as the negotiator keeps them: the accountant's state (loaded from and
 * saved to the spool after every change), the concurrency limits as set at run time, and what
 * the last cycle saw; and the operations that read or change them, which the negotiator
 * object's accounting methods call (GetStats, GetPriorities, SetPriority, SetPriorityFactor,
 * SetUsage, GetLimits, SetLimit). A value that breaks a rule is {@link CollectorFailure.Invalid}
 * naming the rule.
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

    /** The accountant's record of submitter or group {@code name}; {@link CollectorFailure.UnknownAccount} without one. */
    AccountantRecord stats(String name) {
        String n = name(name);
        Account a = state.accounts().get(n);
        if (a == null) {
            throw new CollectorFailure.UnknownAccount(n);
        }
        return record(a);
    }

    /** Every submitter's and group's record, best (lowest) effective priority first. */
    List<AccountantRecord> priorities() {
        List<Account> all = new ArrayList<>(state.accounts().values());
        all.sort(Comparator.comparingDouble(Account::effectivePriority).thenComparing(Account::name));
        return all.stream().map(this::record).toList();
    }

    void setPriority(String name, double priority) {
        String n = name(name);
        double p = atLeast("Priority", priority, Accountant.MIN_PRIORITY, "at least 0.5, HTCondor's best priority");
        change(n, a -> a.withRealPriority(p));
    }

    void setPriorityFactor(String name, double factor) {
        String n = name(name);
        double f = atLeast("PriorityFactor", factor, 1, "at least 1");
        change(n, a -> a.withPriorityFactor(f));
    }

    /** Sets the accumulated usage, given in weighted slot-hours. */
    void setUsage(String name, double hours) {
        String n = name(name);
        double h = atLeast("Usage", hours, 0, "at least 0 (weighted slot-hours)");
        change(n, a -> a.withAccumulatedUsage(h * 3600));
    }

    private void change(String name, java.util.function.UnaryOperator<Account> change) {
        state = state.with(name, settings.defaultPrioFactor(), change);
        save();
        LOG.info("accountant: {} is now {}", name, state.accounts().get(name));
    }

    /** Sets concurrency limit {@code name} to {@code max} units until the negotiator restarts or it is set again. */
    void setLimit(String name, double max) {
        String n = name(name);
        double m = atLeast("Max", max, 0, "at least 0");
        try {
            limits = limits.with(n, m);
        } catch (IllegalArgumentException e) {
            throw new CollectorFailure.Invalid(e.getMessage());
        }
        LOG.info("concurrency limit {} set to {}", n, m);
    }

    /** Every limit configured or in use, by name: the units the last cycle saw in use and the limit. */
    GetLimits.Limits limits() {
        Map<String, GetLimits.Limit> out = new TreeMap<>();
        limits.max().forEach((name, max) -> out.put(name, new GetLimits.Limit(limitsInUse.getOrDefault(name, 0.0), max)));
        limitsInUse.forEach((name, used) -> out.putIfAbsent(name, new GetLimits.Limit(used, limits.maxOf(name))));
        return new GetLimits.Limits(out);
    }

    /** An account as GetStats answers it. */
    private AccountantRecord record(Account a) {
        String group = a.group() ? a.name() : settings.groups().groupOf(a.name());
        AccountantRecord.GroupQuota quota = !a.group() ? null : new AccountantRecord.GroupQuota(
                quotas.getOrDefault(a.name(), 0.0), settings.groups().staticQuota().getOrDefault(a.name(), 0.0),
                settings.groups().dynamicQuota().getOrDefault(a.name(), 0.0), settings.groups().acceptsSurplus(a.name()));
        return new AccountantRecord(a.name(), a.effectivePriority(), a.realPriority(), a.priorityFactor(), a.slotsInUse(),
                a.weightedInUse(), a.accumulatedUsage() / 3600, a.beginUsageTime(), a.lastUsageTime(), a.upDownIndex(),
                a.group(), group, quota);
    }

    private static String name(String name) {
        if (name == null || name.isBlank()) {
            throw new CollectorFailure.Invalid("Name must be a submitter or group name, got " + name);
        }
        return name.trim();
    }

    private static double atLeast(String what, double v, double least, String rule) {
        if (Double.isNaN(v) || Double.isInfinite(v) || v < least) {
            throw new CollectorFailure.Invalid(what + " must be a number " + rule + ", got " + v);
        }
        return v;
    }
}
