package org.harrier.bus;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * About how large a value is once AMQP-encoded, in characters: strings by their length, numbers
 * and the like at 9, maps and lists as the sum of their entries plus a few each, a value made
 * when sent ({@link Supplier}, Qmf.wire) by what it makes. UTF-8 takes up to 3 bytes for a
 * character, so a budget of N characters is at most 3N bytes. Enough to cut a reply into pages
 * that fit the broker's message size limit, and cheap: one walk, no encoding. Pure.
 */
final class WireSize {
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
        if (value instanceof Map<?, ?> m) {
            long n = 9;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                n += of(e.getKey()) + of(e.getValue());
            }
            return n;
        }
        if (value instanceof Collection<?> c) {
            long n = 9;
            for (Object o : c) {
                n += of(o);
            }
            return n;
        }
        return 9;
    }

    /**
     * {@code items} in order, cut into runs of at most {@code budget} ({@link #of}) each, past
     * each run's first item, each run a list of its own (an ArrayList); the list itself when it fits whole.
     */
    static List<List<?>> pages(List<?> items, long budget) {
        if (items.size() < 2) {
            return List.of(items); // nothing to cut, so nothing to measure
        }
        List<List<?>> pages = new ArrayList<>();
        int start = 0;
        long size = 0;
        for (int i = 0; i < items.size(); i++) {
            long item = of(items.get(i));
            if (i > start && size + item > budget) {
                pages.add(new ArrayList<>(items.subList(start, i)));
                start = i;
                size = 0;
            }
            size += item;
        }
        if (start == 0) {
            return List.of(items);
        }
        pages.add(new ArrayList<>(items.subList(start, items.size())));
        return pages;
    }
}
