package org.harrier.exec;

/**
 * An amount of the three resources a slot is carved by, in HTCondor's units: whole cores,
 * memory in MiB, disk in KiB (the units of the machine ad's {@code Cpus}, {@code Memory} and
 * {@code Disk}). Never negative; arithmetic that would go below zero is a bug and throws.
 */
public record Resources(long cpus, long memoryMiB, long diskKiB) {
    public static final Resources NONE = new Resources(0, 0, 0);

    public Resources {
        if (cpus < 0 || memoryMiB < 0 || diskKiB < 0) {
            throw new IllegalArgumentException("resources must not be negative: " + describe(cpus, memoryMiB, diskKiB));
        }
    }

    public Resources plus(Resources other) {
        return new Resources(Math.addExact(cpus, other.cpus), Math.addExact(memoryMiB, other.memoryMiB),
                Math.addExact(diskKiB, other.diskKiB));
    }

    /** This minus {@code other}; IllegalArgumentException if {@code other} does not fit. */
    public Resources minus(Resources other) {
        if (!covers(other)) {
            throw new IllegalArgumentException(other + " does not fit in " + this);
        }
        return new Resources(cpus - other.cpus, memoryMiB - other.memoryMiB, diskKiB - other.diskKiB);
    }

    /** True if every resource here is at least as large as in {@code request}. */
    public boolean covers(Resources request) {
        return cpus >= request.cpus && memoryMiB >= request.memoryMiB && diskKiB >= request.diskKiB;
    }

    /**
     * Why {@code request} does not fit in this, naming each short resource ("needs 4 Cpus, 2
     * left"); empty if it fits.
     */
    public String shortfall(Resources request) {
        StringBuilder why = new StringBuilder();
        shortOf(why, "Cpus", request.cpus, cpus);
        shortOf(why, "Memory (MiB)", request.memoryMiB, memoryMiB);
        shortOf(why, "Disk (KiB)", request.diskKiB, diskKiB);
        return why.toString();
    }

    private static void shortOf(StringBuilder why, String what, long wanted, long left) {
        if (wanted > left) {
            if (why.length() > 0) {
                why.append(", ");
            }
            why.append("needs ").append(wanted).append(' ').append(what).append(", ").append(left).append(" left");
        }
    }

    @Override
    public String toString() {
        return describe(cpus, memoryMiB, diskKiB);
    }

    private static String describe(long cpus, long memoryMiB, long diskKiB) {
        return cpus + " cpus, " + memoryMiB + " MiB memory, " + diskKiB + " KiB disk";
    }
}
