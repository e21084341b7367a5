package org.harrier.exec;

import org.harrier.mgmt.Resources;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;

/**
 * The machine ads of slots, with the attributes HTCondor's startd publishes for them
 * (condor_startd.V6 ResAttributes.cpp, Reqexp.cpp; htcondor-notes §3.3). A partitionable slot
 * advertises what is left; a dynamic slot what it holds. Both carry
 * {@code Requirements = START && WithinResourceLimits}.
 */
public final class SlotAds {
    /**
     * HTCondor's WithinResourceLimits with its defaults for requests the job leaves undefined
     * (as the startd writes it for partitionable slots): 1 cpu, {@link RequestedResources#DEFAULT_MEMORY_MIB}
     * MiB, and DiskUsage or {@link RequestedResources#DEFAULT_DISK_KIB} KiB, the same defaults
     * {@link Carving} carves with.
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
        Resources left = slot.remaining();
        return common(slot.machine(), slot.start())
                .set("Name", slot.name())
                .set("SlotType", "Partitionable")
                .set("PartitionableSlot", true)
                .set("Cpus", left.cpus())
                .set("Memory", left.memoryMiB())
                .set("Disk", left.diskKiB())
                .set("TotalSlotCpus", slot.machine().total().cpus())
                .set("TotalSlotMemory", slot.machine().total().memoryMiB())
                .set("TotalSlotDisk", slot.machine().total().diskKiB())
                .set("NumDynamicSlots", slot.dynamicSlots().size())
                .set("State", slot.state())
                .set("Activity", "Idle")
                .set("EnteredCurrentState", slot.enteredCurrentState())
                .build();
    }

    public static ClassAd dynamic(PartitionableSlot parent, DynamicSlot slot) {
        Resources held = slot.resources();
        ClassAd.Builder b = common(parent.machine(), parent.start())
                .set("Name", slot.name())
                .set("SlotType", "Dynamic")
                .set("DynamicSlot", true)
                .set("DSlotId", slot.number())
                .set("ParentSlotName", parent.name())
                .set("Cpus", held.cpus())
                .set("Memory", held.memoryMiB())
                .set("Disk", held.diskKiB())
                .set("TotalSlotCpus", held.cpus())
                .set("TotalSlotMemory", held.memoryMiB())
                .set("TotalSlotDisk", held.diskKiB())
                .set("State", slot.state())
                .set("Activity", slot.activity())
                .set("EnteredCurrentActivity", slot.enteredCurrentActivity())
                .set("RemoteScheduler", slot.scheduler())
                .set("RemoteOwner", slot.remoteOwner());
        if (slot.busy()) {
            b.set("JobId", slot.jobId()).set("JobStart", slot.enteredCurrentActivity());
        }
        claimAttributes(b, slot.claim());
        return b.build();
    }

    /** The partitionable slot's ad with the owner's Rank and MaxJobRetirementTime. */
    public static ClassAd partitionable(PartitionableSlot slot, SlotPolicy policy) {
        return policy.advertisedIn(partitionable(slot));
    }

    /**
     * A dynamic slot's ad with the owner's Rank; MaxJobRetirementTime is the expression, or,
     * while a job runs, its value for that job (the seconds the job may retire, as HTCondor's
     * startd publishes it for a claimed slot).
     */
    public static ClassAd dynamic(PartitionableSlot parent, DynamicSlot slot, SlotPolicy policy) {
        ClassAd ad = policy.advertisedIn(dynamic(parent, slot));
        ClaimAttributes.Job job = slot.claim().job();
        return job == null ? ad : ad.with("MaxJobRetirementTime", IntegerValue.of(job.machineRetirement()));
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

    private static ClassAd.Builder common(Machine m, Expr start) {
        return ClassAd.builder()
                .set("MyType", "Machine")
                .set("TargetType", "Job")
                .set("Machine", m.machine())
                .set("SlotID", 1)
                .set("Arch", m.arch())
                .set("OpSys", m.opSys())
                .set("OpSysAndVer", m.opSysAndVer())
                .set("FileSystemDomain", m.fileSystemDomain())
                .set("TotalCpus", m.total().cpus())
                .set("TotalMemory", m.total().memoryMiB())
                .set("TotalDisk", m.total().diskKiB())
                .set("Start", start)
                .set("WithinResourceLimits", WITHIN_RESOURCE_LIMITS)
                .set("Requirements", REQUIREMENTS)
                .set("Rank", 0);
    }
}
