package org.harrier.collector.accounting;

import java.util.Objects;

/**
 * The accountant's record of one submitter or accounting group (HTCondor's Accountantnew.log
 * entry): its real priority (RUP: follows its weighted usage, decaying with
 * PRIORITY_HALFLIFE, never below {@link Accountant#MIN_PRIORITY}), its priority factor
 * (effective priority = RUP x factor; lower is better), what it holds now, what it has used in
 * all (weighted slot-seconds) and when, and its Up-Down schedule index.
 */
public record Account(String name, boolean group, double realPriority, double priorityFactor, double weightedInUse,
                      long slotsInUse, double accumulatedUsage, long beginUsageTime, long lastUsageTime,
                      double upDownIndex) {
    public Account {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an account needs a name");
        }
        if (!(realPriority >= Accountant.MIN_PRIORITY) || Double.isInfinite(realPriority)) {
            throw new IllegalArgumentException("a real priority is at least 0.5, got " + realPriority + " for " + name);
        }
        if (!(priorityFactor >= 1) || Double.isInfinite(priorityFactor)) {
            throw new IllegalArgumentException("a priority factor is at least 1, got " + priorityFactor + " for " + name);
        }
        if (!(accumulatedUsage >= 0) || !(weightedInUse >= 0) || slotsInUse < 0 || Double.isInfinite(accumulatedUsage)) {
            throw new IllegalArgumentException("usage cannot be negative for " + name);
        }
        if (Double.isNaN(upDownIndex) || Double.isInfinite(upDownIndex)) {
            throw new IllegalArgumentException("the Up-Down index must be a number for " + name);
        }
    }

    /** A submitter or group the accountant has not seen: RUP 0.5, the default factor, no usage. */
    public static Account newcomer(String name, boolean group, double factor) {
        return new Account(name, group, Accountant.MIN_PRIORITY, factor, 0, 0, 0, 0, 0, 0);
    }

    /** HTCondor's effective user priority: real priority times the factor. */
    public double effectivePriority() {
        return realPriority * priorityFactor;
    }

    public Account withRealPriority(double p) {
        return new Account(name, group, p, priorityFactor, weightedInUse, slotsInUse, accumulatedUsage, beginUsageTime,
                lastUsageTime, upDownIndex);
    }

    public Account withPriorityFactor(double f) {
        return new Account(name, group, realPriority, f, weightedInUse, slotsInUse, accumulatedUsage, beginUsageTime,
                lastUsageTime, upDownIndex);
    }

    public Account withAccumulatedUsage(double seconds) {
        return new Account(name, group, realPriority, priorityFactor, weightedInUse, slotsInUse, seconds, beginUsageTime,
                lastUsageTime, upDownIndex);
    }
}
