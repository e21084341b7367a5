package org.harrier.classad;

/**
 * An absolute time: seconds since the epoch (UTC) and the zone offset, in seconds east of
 * Greenwich, that it is shown in. Ordering and {@code ==} compare the instant only;
 * {@code =?=} also compares the offset, as HTCondor does.
 */
public record AbsTimeValue(long epochSeconds, int offsetSeconds) implements Value {
    public AbsTimeValue {
        if (offsetSeconds < -18 * 3600 || offsetSeconds > 18 * 3600) {
            throw new IllegalArgumentException("zone offset must be within +/-18 hours, got " + offsetSeconds + " s");
        }
    }

    @Override
    public String typeName() {
        return "abstime";
    }

    @Override
    public String toString() {
        return Unparser.unparse(this, Syntax.NEW);
    }
}
