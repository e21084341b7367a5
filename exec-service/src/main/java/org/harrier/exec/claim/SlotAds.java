package org.harrier.exec.claim;

import java.util.List;
import java.util.Map;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;

/**
 * The machine ads of slots, with the attributes HTCondor's startd publishes for them
 * (condor_startd.V6 ResAttributes.cpp, Reqexp.cpp). A partitionable slot
 * advertises what is left; a dynamic slot what it holds. Both carry
 * {@code Requirements = START && WithinResourceLimits}.
 */
public final class SlotAds {
    /**
     * HTCondor's WithinResourceLimits for Cpus, Memory and Disk with its defaults for requests
     * the job leaves undefined (as the startd writes it for partitionable slots): 1 cpu,
     * {@link Resources#DEFAULT_MEMORY_MIB} MiB, and DiskUsage or {@link Resources#DEFAULT_DISK_KIB}
     * KiB, the same defaults {@link Carving} carves with. {@link #withinResourceLimits} adds the
     * custom resources and consumption policies.
     */
    public static final Expr WITHIN_RESOURCE_LIMITS = Expr.parse(
            "MY.Cpus > 0 && (TARGET.RequestCpus ?: 1) <= MY.Cpus"
                    + " && MY.Memory > 0 && (TARGET.RequestMemory ?: " + Resources.DEFAULT_MEMORY_MIB + ") <= MY.Memory"
                    + " && MY.Disk > 0 && (TARGET.RequestDisk ?: (TARGET.DiskUsage ?: " + Resources.DEFAULT_DISK_KIB
                    + ")) <= MY.Disk");
    public static final Expr REQUIREMENTS = Expr.parse("START && WithinResourceLimits");

    private SlotAds() {
    }

    public static ClassAd partitionable(PartitionableSlot slot) {
        return partitionableBuilder(PartitionableSlotAd.of(slot, SlotPolicy.DEFAULT, Measurements.NONE,
                PartitionableStay.since(slot.state(), slot.enteredCurrentState()))).build();
    }

    /** The ad of {@code in}'s slot without the policy, measurements and stay; reads {@code in} only (see {@link PartitionableSlotAd}). */
    private static ClassAd.Builder partitionableBuilder(PartitionableSlotAd in) {
        Resources left = in.remaining();
        Machine m = in.machine();
        ClassAd.Builder b = common(m, in.start())
                .set("Name", in.name())
                .set("SlotType", "Partitionable")
                .set("PartitionableSlot", true)
                .set("Cpus", left.cpus())
                .set("Memory", left.memoryMiB())
                .set("Disk", left.diskKiB())
                .set("TotalSlotCpus", m.total().cpus())
                .set("TotalSlotMemory", m.total().memoryMiB())
                .set("TotalSlotDisk", m.total().diskKiB())
                .set("NumDynamicSlots", in.dynamicSlots())
                .set("State", PartitionableSlot.stateWhen(in.start()))
                .set("Activity", "Idle")
                .set("EnteredCurrentState", in.enteredCurrentState());
        customResources(b, m, left, m.total(), resource -> in.devices().free(resource));
        consumption(b, m, in.consumption());
        b.set("WithinResourceLimits", withinResourceLimits(m, in.consumption()));
        b.set("SlotWeight", in.consumption().slotWeight());
        return b;
    }

    public static ClassAd dynamic(PartitionableSlot parent, DynamicSlot slot) {
        return dynamicBuilder(DynamicSlotAd.of(parent, slot, SlotPolicy.DEFAULT, Measurements.NONE)).build();
    }

    /** The ad of {@code in}'s slot without the policy and measurements; reads {@code in} only (see {@link DynamicSlotAd}). */
    private static ClassAd.Builder dynamicBuilder(DynamicSlotAd in) {
        DynamicSlot slot = in.slot();
        Resources held = slot.resources();
        ClassAd.Builder b = common(in.machine(), in.start())
                .set("Name", slot.name())
                .set("SlotType", "Dynamic")
                .set("DynamicSlot", true)
                .set("DSlotId", slot.number())
                .set("ParentSlotName", in.parent())
                .set("Cpus", held.cpus())
                .set("Memory", held.memoryMiB())
                .set("Disk", held.diskKiB())
                .set("TotalSlotCpus", held.cpus())
                .set("TotalSlotMemory", held.memoryMiB())
                .set("TotalSlotDisk", held.diskKiB())
                .set("State", slot.state())
                .set("Activity", slot.activity())
                .set("EnteredCurrentActivity", slot.enteredCurrentActivity())
                .set("EnteredCurrentState", slot.times().enteredCurrentState())
                .set("RemoteScheduler", slot.scheduler())
                .set("RemoteOwner", slot.remoteOwner());
        if (slot.busy()) {
            b.set("JobId", slot.jobId()).set("JobStart", slot.enteredCurrentActivity());
        }
        Map<String, List<String>> assigned = in.assigned();
        customResources(b, in.machine(), held, held, resource -> assigned.getOrDefault(resource, List.of()));
        b.set("WithinResourceLimits", withinResourceLimits(in.machine(), ConsumptionPolicy.DEFAULT));
        b.set("SlotWeight", in.slotWeight());
        claimAttributes(b, slot.claim());
        slot.times().totals().forEach((stay, seconds) -> b.set("TotalTime" + stay, seconds));
        return b;
    }

    /** The partitionable slot's ad with the owner's Rank and MaxJobRetirementTime. */
    public static ClassAd partitionable(PartitionableSlot slot, SlotPolicy policy) {
        return policy.advertisedIn(partitionable(slot));
    }

    /**
     * HTCondor's Owner state: START, evaluated in the partitionable slot's ad with the machine as
     * {@code measured} and without a job, is plainly false. The hunter of idle workstations
     * leaves a machine whose owner is at it ({@code START = KeyboardIdle > 15 * 60}).
     */
    public static String ownerState(PartitionableSlot slot, SlotPolicy policy, Measurements measured) {
        ClassAd ad = measured.advertisedIn(partitionable(slot, policy));
        return ad.evaluate("Start") instanceof BooleanValue b && !b.value() ? "Owner" : "Unclaimed";
    }

    /** The partitionable slot's ad with the machine as {@code measured}, in the State of {@code stay} and its times. */
    public static ClassAd partitionable(PartitionableSlot slot, SlotPolicy policy, Measurements measured,
            PartitionableStay stay) {
        return partitionable(PartitionableSlotAd.of(slot, policy, measured, stay));
    }

    /** The ad of {@code in} as published, made of {@code in} alone. */
    static ClassAd partitionable(PartitionableSlotAd in) {
        PartitionableStay stay = in.stay();
        // One builder for the whole ad.
        ClassAd.Builder b = in.measured().addTo(in.policy().addTo(partitionableBuilder(in)))
                .set("State", new StringValue(stay.state()))
                .set("EnteredCurrentState", IntegerValue.of(stay.times().enteredCurrentState()))
                .set("EnteredCurrentActivity", IntegerValue.of(stay.times().enteredCurrentActivity()));
        for (Map.Entry<String, Long> total : stay.times().totals().entrySet()) {
            b.set("TotalTime" + total.getKey(), IntegerValue.of(total.getValue()));
        }
        return b.build();
    }

    /**
     * A dynamic slot's ad with the owner's Rank; MaxJobRetirementTime is the expression, or,
     * while a job runs, its value for that job (the seconds the job may retire, as HTCondor's
     * startd publishes it for a claimed slot).
     */
    public static ClassAd dynamic(PartitionableSlot parent, DynamicSlot slot, SlotPolicy policy) {
        return withJobRetirement(policy.addTo(dynamicBuilder(DynamicSlotAd.of(parent, slot, policy, Measurements.NONE))),
                slot).build();
    }

    /** The dynamic slot's ad as published: as {@link #dynamic(PartitionableSlot, DynamicSlot, SlotPolicy)}, with the machine as {@code measured}. */
    public static ClassAd dynamic(PartitionableSlot parent, DynamicSlot slot, SlotPolicy policy, Measurements measured) {
        return dynamic(DynamicSlotAd.of(parent, slot, policy, measured));
    }

    /** The ad of {@code in} as published, made of {@code in} alone. */
    static ClassAd dynamic(DynamicSlotAd in) {
        return in.measured().addTo(withJobRetirement(in.policy().addTo(dynamicBuilder(in)), in.slot())).build();
    }

    private static ClassAd.Builder withJobRetirement(ClassAd.Builder b, DynamicSlot slot) {
        ClaimAttributes.Job job = slot.claim().job();
        return job == null ? b : b.set("MaxJobRetirementTime", IntegerValue.of(job.machineRetirement()));
    }

    /**
     * What the negotiator reads of a claim (docs/protocols.md): RemoteUser and AccountingGroup
     * for as long as the claim lasts; JobStart, CurrentRank, ConcurrencyLimits and
     * MaxJobRetirementTime while a job runs, gone when it ends.
     */
    private static void claimAttributes(ClassAd.Builder b, ClaimAttributes claim) {
        b.set("RemoteUser", claim.remoteUser());
        if (claim.accountingGroup() != null) {
            b.set("AccountingGroup", claim.accountingGroup());
        }
        ClaimAttributes.Job job = claim.job();
        if (job != null) {
            b.set("JobStart", job.jobStart())
                    .set("CurrentRank", job.currentRank())
                    .set("MaxJobRetirementTime", job.machineRetirement());
            if (job.concurrencyLimits() != null) {
                b.set("ConcurrencyLimits", job.concurrencyLimits());
            }
        }
    }

    /**
     * MachineResources, and per custom resource: its amount here, TotalSlot&lt;Name&gt;,
     * Total&lt;Name&gt; and Detected&lt;Name&gt; (the machine's count), and for named devices
     * Assigned&lt;Name&gt;, the ids this slot holds (a partitionable slot: those not given to
     * a dynamic slot), comma-separated as HTCondor writes them.
     */
    private static void customResources(ClassAd.Builder b, Machine m, Resources here, Resources slotTotal,
            java.util.function.Function<String, List<String>> ids) {
        StringBuilder names = new StringBuilder("Cpus Memory Disk");
        for (String resource : m.total().custom().keySet()) {
            names.append(' ').append(resource);
            b.set(resource, here.amount(resource))
                    .set("TotalSlot" + resource, slotTotal.amount(resource))
                    .set("Total" + resource, m.total().amount(resource))
                    .set("Detected" + resource, m.total().amount(resource));
            if (m.devices().containsKey(resource)) {
                b.set("Assigned" + resource, String.join(",", ids.apply(resource)));
            }
        }
        b.set(Resources.MACHINE_RESOURCES, names.toString());
    }

    /** Consumption&lt;Name&gt; on a partitionable slot with a consumption policy (HTCondor's CONSUMPTION_&lt;Resource&gt;). */
    private static void consumption(ClassAd.Builder b, Machine m, ConsumptionPolicy policy) {
        policy.consumption().forEach((resource, expr) -> {
            if (Resources.isFixed(resource) || m.total().custom().containsKey(resource)) {
                b.set("Consumption" + resource, expr);
            }
        });
    }

    /**
     * {@link #WITHIN_RESOURCE_LIMITS} plus, per custom resource, HTCondor's
     * {@code (TARGET.Request<Name> ?: 0) <= MY.<Name>}; with a consumption policy a resource that
     * has one is checked as {@code MY.Consumption<Name> <= MY.<Name>} instead, the amount the
     * match would take (the job should then carry its requests, as condor_submit writes them).
     */
    public static Expr withinResourceLimits(Machine m, ConsumptionPolicy policy) {
        if (m.total().custom().isEmpty() && !policy.consumptionPolicy()) {
            return WITHIN_RESOURCE_LIMITS;
        }
        StringBuilder s = new StringBuilder();
        s.append(limit(policy, "Cpus", "(TARGET.RequestCpus ?: 1)", true));
        s.append(" && ").append(limit(policy, "Memory", "(TARGET.RequestMemory ?: " + Resources.DEFAULT_MEMORY_MIB + ")", true));
        s.append(" && ").append(limit(policy, "Disk", "(TARGET.RequestDisk ?: (TARGET.DiskUsage ?: "
                + Resources.DEFAULT_DISK_KIB + "))", true));
        for (String resource : m.total().custom().keySet()) {
            s.append(" && ").append(limit(policy, resource, "(TARGET.Request" + resource + " ?: 0)", false));
        }
        return Expr.parse(s.toString());
    }

    private static String limit(ConsumptionPolicy policy, String resource, String request, boolean fixed) {
        boolean consumed = policy.consumptionOf(resource) != null;
        String amount = consumed ? "MY.Consumption" + resource : request;
        // A policy may consume none of a resource (CONSUMPTION_CPUS = 0), so a slot left with none still matches.
        return (fixed && !consumed ? "MY." + resource + " > 0 && " : "") + amount + " <= MY." + resource;
    }

    private static ClassAd.Builder common(Machine m, Expr start) {
        return MachineAttributes.of(m, start).toBuilder();
    }
}
