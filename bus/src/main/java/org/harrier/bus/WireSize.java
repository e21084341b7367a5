package org.harrier.bus;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.qpid.proton.amqp.Binary;

/**
 * About how large a value is once AMQP-encoded, in characters: strings by their length, binaries
 * by theirs, numbers and the like at 9, maps and lists as the sum of their entries plus a few
 * each, a value made when sent ({@link Supplier}, Qmf.wire) by what it makes. UTF-8 takes up to
 * 3 bytes for a character, so a budget of N characters is at most 3N bytes. Enough to cut a reply
 * into pages that fit the broker's message size limit, and cheap: one walk, no encoding. Pure.
 */
final class WireSize {
    /** A map or list's own share, besides its entries'. */
    static final long CONTAINER = 9;

    private WireSize() {
    }

    static long of(Object value) {
        if (value == null) {
            return 1;
        }
        if (value instanceof CharSequence s) {
            return 5 + s.length();
        }
        if (value instanceof Supplier<?> made) {
            return of(made.get());
        }
        if (value instanceof byte[] b) {
            return 5 + b.length;
        }
        if (value instanceof Binary b) {
            return 5 + b.getLength();
        }
        if (value instanceof Map<?, ?> m) {
            long n = CONTAINER;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                n += of(e.getKey()) + of(e.getValue());
            }
            return n;
        }
        if (value instanceof Collection<?> c) {
            long n = CONTAINER;
            for (Object o : c) {
                n += of(o);
            }
            return n;
        }
        return 9;
    }

    /**
     * {@link #of} a value the bus may send as it is, found in the same walk that finds whether it
     * may: -1 when Qmf.wire would have to make something of it (a key that is not a String, a
     * {@link Supplier}, a {@code byte[]}, a map or list that is not Serializable, at any depth).
     */
    static long ofWireReady(Object value) {
        if (value instanceof Map<?, ?> m) {
            if (!(m instanceof Serializable)) {
                return -1;
            }
            long n = CONTAINER;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String k)) {
                    return -1;
                }
                long v = ofWireReady(e.getValue());
                if (v < 0) {
                    return -1;
                }
                n += of(k) + v;
            }
            return n;
        }
        if (value instanceof List<?> l) {
            if (!(l instanceof Serializable)) {
                return -1;
            }
            long n = CONTAINER;
            for (Object o : l) {
                long v = ofWireReady(o);
                if (v < 0) {
                    return -1;
                }
                n += v;
            }
            return n;
        }
        if (value instanceof Supplier<?> || value instanceof byte[]) {
            return -1;
        }
        return of(value);
    }

    /**
     * {@code items} in order, of the sizes {@code sizes} ({@link #of}), cut into runs of at most
     * {@code budget} each, past each run's first item, each run a list of its own (an ArrayList);
     * the list itself when it fits whole.
     */
    static List<List<?>> pages(List<?> items, long[] sizes, long budget) {
        if (items.size() != sizes.length) {
            throw new IllegalArgumentException("one size per item: " + items.size() + " items, " + sizes.length + " sizes");
        }
        List<List<?>> pages = new ArrayList<>();
        int start = 0;
        long size = 0;
        for (int i = 0; i < items.size(); i++) {
            if (i > start && size + sizes[i] > budget) {
                pages.add(new ArrayList<>(items.subList(start, i)));
                start = i;
                size = 0;
            }
            size += sizes[i];
        }
        if (start == 0) {
            return List.of(items);
        }
        pages.add(new ArrayList<>(items.subList(start, items.size())));
        return pages;
    }
}
