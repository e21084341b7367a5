package org.harrier.exec.claim;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.harrier.classad.Expr;
import org.harrier.rules.Resources;

/**
 * How the partitionable slot is consumed and weighed (HTCondor's CONSUMPTION_POLICY,
 * CONSUMPTION_&lt;Resource&gt; and SLOT_WEIGHT, startd configuration manual). With a consumption
 * policy the partitionable slot advertises {@code Consumption<Name>} for Cpus, Memory and Disk
 * (HTCondor's defaults unless configured) and for each custom resource that has one configured
 * (custom resources have no default: without one their request rule applies);
 * {@link Resources#requestedBy} then reads them, in the negotiator and here alike. Every slot ad
 * carries {@code SlotWeight}, an expression over the slot itself (default {@code Cpus}), so each
 * slot, and the negotiator's view of a partly carved one, weighs what it holds.
 *
 * @param consumption by resource name (case-insensitive); ignored (empty) without a policy, as
 *                    HTCondor ignores CONSUMPTION_&lt;Resource&gt; then
 */
public record ConsumptionPolicy(boolean consumptionPolicy, Map<String, Expr> consumption, Expr slotWeight) {
    /** HTCondor's defaults for CONSUMPTION_CPUS/MEMORY/DISK. */
    public static final Map<String, String> DEFAULT_CONSUMPTION = Map.of(
            "Cpus", "quantize(target.RequestCpus, {1})",
            "Memory", "quantize(target.RequestMemory, {128})",
            "Disk", "quantize(target.RequestDisk, {1024})");
    public static final String DEFAULT_SLOT_WEIGHT = "Cpus";
    public static final ConsumptionPolicy DEFAULT = new ConsumptionPolicy(false, Map.of(), Expr.parse(DEFAULT_SLOT_WEIGHT));

    public ConsumptionPolicy {
        Objects.requireNonNull(slotWeight, "slotWeight");
        Map<String, Expr> c = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (consumptionPolicy) {
            DEFAULT_CONSUMPTION.forEach((name, text) -> c.put(name, Expr.parse(text)));
            consumption.forEach((name, e) -> {
                if (!Resources.isFixed(name)) {
                    Resources.checkCustomName(name);
                }
                c.remove(name);
                c.put(name, Objects.requireNonNull(e, name));
            });
        }
        consumption = Collections.unmodifiableMap(c);
    }

    /** The resource's consumption expression, or null when it has none. */
    public Expr consumptionOf(String resource) {
        return consumption.get(resource);
    }
}
