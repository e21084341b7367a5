package org.harrier.classad;

/**
 * The open-addressing hash index over an ad's attribute keys, shared by {@link ClassAd} and its
 * builder. Slots are chosen by Fibonacci hashing and probed linearly. Each entry packs the
 * attribute's position (low bits, plus one so that 0 means empty) with the high bits of the
 * key's hash, so a probe that meets another key is almost always rejected by one int compare,
 * without reading the key; keys themselves are usually shared instances, so the final check is
 * usually an identity test. Tables stay at most three-quarters full.
 */
final class AttributeIndex {
    static final int[] EMPTY = {0};
    private static final int FIBONACCI = 0x9E3779B9;

    private AttributeIndex() {
    }

    /** An index over {@code keys[0, count)}. */
    static int[] build(String[] keys, int count) {
        if (count == 0) {
            return EMPTY;
        }
        int[] index = new int[capacityFor(count)];
        for (int i = 0; i < count; i++) {
            insert(index, keys[i], i);
        }
        return index;
    }

    /** True if {@code index} can take {@code count} keys without growing. */
    static boolean fits(int[] index, int count) {
        return index.length >= capacityFor(count);
    }

    private static int capacityFor(int count) {
        return Integer.highestOneBit(Math.max(2, count * 4 / 3 + 1) - 1) << 1;
    }

    /** Adds {@code key} at {@code position}; the key must not be present and the table must fit. */
    static void insert(int[] index, String key, int position) {
        int h = key.hashCode();
        int mask = index.length - 1;
        int slot = firstSlot(index, h);
        while (index[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        index[slot] = (h & ~positions(index)) | (position + 1);
    }

    /** The position of {@code key} among {@code keys}, or -1. */
    static int find(int[] index, String[] keys, String key) {
        int h = key.hashCode();
        int positions = positions(index);
        int mask = index.length - 1;
        int slot = firstSlot(index, h);
        int entry;
        while ((entry = index[slot]) != 0) {
            if (((entry ^ h) & ~positions) == 0) {
                String k = keys[(entry & positions) - 1];
                if (k == key || k.equals(key)) {
                    return (entry & positions) - 1;
                }
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    private static int firstSlot(int[] index, int h) {
        // A shift by 32 would be a shift by 0 in Java, so the one-slot table is special.
        return index.length == 1 ? 0 : (h * FIBONACCI) >>> (32 - Integer.numberOfTrailingZeros(index.length));
    }

    /** Low bits of an entry that hold a position: they cover every slot, and at least 16 bits. */
    private static int positions(int[] index) {
        return Math.max(0xFFFF, index.length - 1);
    }
}
