package org.harrier.protocol.negotiator;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;

/**
 * The accountant's record of one submitter or accounting group, as {@code GetStats} and
 * {@code GetPriorities} answer it: HTCondor's accountant ad names (condor_userprio -l) on the
 * wire, usage in weighted slot-hours, times in seconds since the epoch.
 *
 * @param accountingGroup the group's own name for a group, else the group the submitter's name
 *                        puts it in
 * @param quota           a group's quota; null for a submitter
 */
public record AccountantRecord(String name, double priority, double realPriority, double priorityFactor,
                               long resourcesUsed, double weightedResourcesUsed, double accumulatedUsageHours,
                               long beginUsageTime, long lastUsageTime, double upDownIndex,
                               boolean isAccountingGroup, String accountingGroup, GroupQuota quota) {
    /** A group's quota as the last update computed it, configured, dynamic, and whether it takes surplus. */
    public record GroupQuota(double effective, double config, double dynamic, boolean acceptSurplus) {
    }

    public AccountantRecord {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(accountingGroup, "accountingGroup");
        if (isAccountingGroup != (quota != null)) {
            throw new IllegalArgumentException("the record of " + name + ": a group's record has a quota, a submitter's none");
        }
    }

    /** The record as the ad condor_userprio shows. */
    public ClassAd toAd() {
        return AdMaps.toAd(toMap());
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Name", name);
        m.put("Priority", priority);
        m.put("RealPriority", realPriority);
        m.put("PriorityFactor", priorityFactor);
        m.put("ResourcesUsed", resourcesUsed);
        m.put("WeightedResourcesUsed", weightedResourcesUsed);
        m.put("AccumulatedUsage", accumulatedUsageHours);
        m.put("BeginUsageTime", beginUsageTime);
        m.put("LastUsageTime", lastUsageTime);
        m.put("UpDownIndex", upDownIndex);
        m.put("IsAccountingGroup", isAccountingGroup);
        m.put("AccountingGroup", accountingGroup);
        if (quota != null) {
            m.put("EffectiveQuota", quota.effective());
            m.put("ConfigQuota", quota.config());
            m.put("DynamicQuota", quota.dynamic());
            m.put("AcceptSurplus", quota.acceptSurplus());
        }
        return m;
    }

    /** A record from the wire; {@code what} names it in the IllegalArgumentException of a missing or wrong value. */
    static AccountantRecord read(Object wire, String what) {
        if (!(wire instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException(what + " must be a map (an accountant record), got " + wire);
        }
        Fields f = new Fields(m, what);
        boolean group = f.bool("IsAccountingGroup");
        return new AccountantRecord(f.text("Name"), f.real("Priority"), f.real("RealPriority"), f.real("PriorityFactor"),
                f.integer("ResourcesUsed"), f.real("WeightedResourcesUsed"), f.real("AccumulatedUsage"),
                f.integer("BeginUsageTime"), f.integer("LastUsageTime"), f.real("UpDownIndex"), group,
                f.text("AccountingGroup"), group ? new GroupQuota(f.real("EffectiveQuota"), f.real("ConfigQuota"),
                        f.real("DynamicQuota"), f.bool("AcceptSurplus")) : null);
    }

    private record Fields(Map<?, ?> map, String what) {
        private Object value(String key, Class<?> type, String kind) {
            Object v = map.get(key);
            if (!type.isInstance(v)) {
                throw new IllegalArgumentException(what + " has no " + kind + " " + key + (v == null ? "" : ", got " + v));
            }
            return v;
        }

        String text(String key) {
            return (String) value(key, String.class, "text");
        }

        double real(String key) {
            return ((Number) value(key, Number.class, "number")).doubleValue();
        }

        long integer(String key) {
            return ((Number) value(key, Number.class, "number")).longValue();
        }

        boolean bool(String key) {
            return (Boolean) value(key, Boolean.class, "boolean");
        }
    }
}
