package org.harrier.exec.machine;

import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;

/**
 * What the startd measures of the machine at one poll, under HTCondor's names: TotalLoadAvg
 * (the machine's 1-minute load average), CondorLoadAvg (the load of the startd's own jobs: the
 * CPU seconds their trees used per second since the last poll), LoadAvg (HTCondor's slot
 * LoadAvg: this machine has one partitionable slot, so the whole load), KeyboardIdle and
 * ConsoleIdle (seconds since a terminal, and since a console or input device, was last used),
 * and free memory (MiB) and disk (KiB). The owner policy's expressions read these in the slot ad.
 */
public record Measurements(double totalLoadAvg, double condorLoadAvg, long keyboardIdle, long consoleIdle,
        long freeMemoryMiB, long freeDiskKiB) {
    /** Nothing measured yet: an idle machine whose owner has been away for a long time. */
    public static final Measurements NONE = new Measurements(0, 0, Integer.MAX_VALUE, Integer.MAX_VALUE, 0, 0);

    public Measurements {
        if (!(totalLoadAvg >= 0) || !(condorLoadAvg >= 0)) {
            throw new IllegalArgumentException("load averages are not negative: total " + totalLoadAvg + ", condor "
                    + condorLoadAvg);
        }
        if (keyboardIdle < 0 || consoleIdle < 0 || freeMemoryMiB < 0 || freeDiskKiB < 0) {
            throw new IllegalArgumentException("idle times and free space are not negative: " + keyboardIdle + ", "
                    + consoleIdle + ", " + freeMemoryMiB + ", " + freeDiskKiB);
        }
    }

    /** The same measurements with the startd's own jobs' load. */
    public Measurements withCondorLoad(double load) {
        return new Measurements(totalLoadAvg, Math.max(0, load), keyboardIdle, consoleIdle, freeMemoryMiB, freeDiskKiB);
    }

    /** {@code slotAd} with these measurements as its attributes. */
    public ClassAd advertisedIn(ClassAd slotAd) {
        return addTo(slotAd.toBuilder()).build();
    }

    /** Sets these measurements' attributes in {@code slotAd}, a slot ad being built; returns it. */
    public ClassAd.Builder addTo(ClassAd.Builder slotAd) {
        return slotAd.set("TotalLoadAvg", new RealValue(totalLoadAvg))
                .set("LoadAvg", new RealValue(totalLoadAvg))
                .set("CondorLoadAvg", new RealValue(condorLoadAvg))
                .set("KeyboardIdle", IntegerValue.of(keyboardIdle))
                .set("ConsoleIdle", IntegerValue.of(consoleIdle))
                .set("FreeMemory", IntegerValue.of(freeMemoryMiB))
                .set("FreeDisk", IntegerValue.of(freeDiskKiB));
    }
}
