package org.harrier.classad;

/** A 64-bit signed integer; arithmetic wraps as in HTCondor's C++ implementation. */
public record IntegerValue(long value) implements Value {
    private static final int CACHE_LOW = -128;
    private static final int CACHE_HIGH = 4096;
    private static final IntegerValue[] CACHE = new IntegerValue[CACHE_HIGH - CACHE_LOW + 1];

    static {
        for (int i = 0; i < CACHE.length; i++) {
            CACHE[i] = new IntegerValue(i + CACHE_LOW);
        }
    }

    /** Small values are shared, so counters and resource sizes in ads cost no allocation. */
    public static IntegerValue of(long value) {
        if (value >= CACHE_LOW && value <= CACHE_HIGH) {
            return CACHE[(int) value - CACHE_LOW];
        }
        return new IntegerValue(value);
    }

    @Override
    public String typeName() {
        return "integer";
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
