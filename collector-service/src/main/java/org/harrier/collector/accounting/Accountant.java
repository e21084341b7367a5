package org.harrier.collector.accounting;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.harrier.collector.negotiation.GroupQuotas;

/**
 * HTCondor's accountant as pure functions (admin manual, "Priority Calculation"): at each
 * update, every account's real priority moves toward what it holds now,
 * {@code RUP' = b x RUP + (1 - b) x inUse} with {@code b = 0.5^(dt / PRIORITY_HALFLIFE)}, so
 * it settles at the weighted slots it holds and halves every half-life once it holds none;
 * its accumulated usage grows by {@code inUse x dt}. A job's usage is also charged to its
 * accounting group and every group above it.
 *
 * <p>The Up-Down index (the Condor paper) moves with the same clock: up by what the account
 * holds, down while it waits with nothing, back toward 0 otherwise.
 */
public final class Accountant {
    /** HTCondor's best (lowest) real priority. */
    public static final double MIN_PRIORITY = 0.5;
    /** HTCondor's DEFAULT_PRIO_FACTOR. */
    public static final double DEFAULT_PRIO_FACTOR = 1000;
    /** HTCondor's PRIORITY_HALFLIFE: one day. */
    public static final Duration DEFAULT_HALF_LIFE = Duration.ofDays(1);

    private Accountant() {
    }

    /** What the pool's claimed slots show at one moment: weighted and plain slots held per submitter, and who waits. */
    public record Usage(Map<String, Double> weighted, Map<String, Long> slots, Set<String> waiting) {
        public Usage {
            weighted = Map.copyOf(weighted);
            slots = Map.copyOf(slots);
            waiting = Set.copyOf(waiting);
        }
    }

    /** The state at {@code now}, given that the pool looked like {@code usage} since the last update. */
    public static AccountantState update(AccountantState state, Usage usage, Instant now, Duration halfLife,
            double defaultFactor, GroupQuotas groups) {
        long dtMillis = Math.max(0, Duration.between(state.updated(), now).toMillis());
        if (state.updated().equals(Instant.EPOCH)) {
            dtMillis = 0;
        }
        double dt = dtMillis / 1000.0;
        double beta = Math.pow(0.5, dt / Math.max(1e-3, halfLife.toMillis() / 1000.0));
        double unit = dt / Math.max(1e-3, halfLife.toMillis() / 1000.0);

        Map<String, Double> weighted = new HashMap<>();
        Map<String, Long> slots = new HashMap<>();
        Set<String> groupNames = new java.util.HashSet<>();
        usage.weighted().forEach((submitter, w) -> {
            weighted.merge(submitter, w, Double::sum);
            slots.merge(submitter, usage.slots().getOrDefault(submitter, 0L), Long::sum);
            for (String g = groups.groupOf(submitter); g != null && !g.equals(GroupQuotas.NONE_GROUP); g = groups.parentOf(g)) {
                weighted.merge(g, w, Double::sum);
                slots.merge(g, usage.slots().getOrDefault(submitter, 0L), Long::sum);
                groupNames.add(g);
            }
        });
        Map<String, Account> next = new TreeMap<>(state.accounts());
        for (String name : weighted.keySet()) {
            next.computeIfAbsent(name, n -> Account.newcomer(n, groupNames.contains(n), defaultFactor));
        }
        for (String name : usage.waiting()) {
            next.computeIfAbsent(name, n -> Account.newcomer(n, false, defaultFactor));
        }
        long nowSeconds = now.getEpochSecond();
        next.replaceAll((name, a) -> {
            double inUse = weighted.getOrDefault(name, 0.0);
            double rup = Math.max(MIN_PRIORITY, beta * a.realPriority() + (1 - beta) * inUse);
            double index = inUse > 0 ? a.upDownIndex() + inUse * unit
                    : usage.waiting().contains(name) ? a.upDownIndex() - unit
                    : a.upDownIndex() * beta;
            long begin = a.beginUsageTime() == 0 && inUse > 0 ? nowSeconds : a.beginUsageTime();
            long last = inUse > 0 ? nowSeconds : a.lastUsageTime();
            return new Account(name, a.group(), rup, a.priorityFactor(), inUse, slots.getOrDefault(name, 0L),
                    a.accumulatedUsage() + inUse * dt, begin, last, index);
        });
        return new AccountantState(now, next);
    }

    /** Each account's priority as {@code policy} orders by: its effective priority, or for up-down its index. */
    public static Map<String, Double> priorities(AccountantState state, String policy) {
        Map<String, Double> out = new HashMap<>();
        boolean upDown = policy.equals("up-down");
        state.accounts().forEach((name, a) -> out.put(name, upDown ? a.upDownIndex() : a.effectivePriority()));
        return out;
    }
}
