package org.harrier.exec.claim;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.machine.Machine;

/**
 * The attributes every slot ad of a machine starts with (its platform, totals, START,
 * Requirements and a Rank of 0 the owner's policy replaces), made once per machine and START
 * rather than set one by one into every ad: they were a third of making a dynamic slot's ad,
 * which the startd does at every job's start and end. {@link SlotAds} continues from a copy;
 * attributes it sets later come after these, those it sets again keep their place, so an ad
 * reads as if made from scratch.
 *
 * <p>Any thread: the last one made is an immutable record in a volatile field, found again by
 * the identity of its machine and START (a re-detected machine or a new START is a new object);
 * two threads at once at worst both make an equal one.
 */
final class MachineAttributes {
    private record Made(Machine machine, Expr start, ClassAd ad) {
    }

    private static volatile Made last;

    private MachineAttributes() {
    }

    static ClassAd of(Machine m, Expr start) {
        Made made = last;
        if (made == null || made.machine() != m || made.start() != start) {
            made = new Made(m, start, make(m, start));
            last = made;
        }
        return made.ad();
    }

    private static ClassAd make(Machine m, Expr start) {
        return ClassAd.builder()
                .set("MyType", "Machine")
                .set("TargetType", "Job")
                .set("Machine", m.machine())
                .set("SlotID", 1)
                .set("Arch", m.arch())
                .set("OpSys", m.opSys())
                .set("OpSysAndVer", m.opSysAndVer())
                .set("FileSystemDomain", m.fileSystemDomain())
                .set("HasFileTransfer", true)
                .set("TotalCpus", m.total().cpus())
                .set("TotalMemory", m.total().memoryMiB())
                .set("TotalDisk", m.total().diskKiB())
                .set("Start", start)
                .set("WithinResourceLimits", SlotAds.WITHIN_RESOURCE_LIMITS)
                .set("Requirements", SlotAds.REQUIREMENTS)
                .set("Rank", 0)
                .build();
    }
}
