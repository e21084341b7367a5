package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Python-style slice {@code [start:end:step]} selecting some items of a queue list
 * (condor_submit man page, "queue"): each part optional, negative start and end count from the
 * end, step positive ("negative step values are not supported").
 */
record Slice(Integer start, Integer end, Integer step) {
    static final Slice ALL = new Slice(null, null, null);
    private static final Pattern TEXT = Pattern.compile("\\[\\s*(-?\\d+)?\\s*(?::\\s*(-?\\d+)?\\s*(?::\\s*(\\d+)?\\s*)?)?]");

    Slice {
        if (step != null && step < 1) {
            throw new IllegalArgumentException("slice step must be positive, got " + step);
        }
    }

    /** The slice {@code text} ({@code [..]}) spells; IllegalArgumentException when it is none. */
    static Slice parse(String text) {
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a slice such as [1:10] or [::2]");
        }
        try {
            return new Slice(number(m.group(1)), number(m.group(2)), number(m.group(3)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' has a number too large for a slice");
        }
    }

    private static Integer number(String s) {
        return s == null ? null : Integer.valueOf(s);
    }

    /** Indexes (into a list of {@code size}) this slice selects, in order. */
    List<Integer> indexes(int size) {
        int from = bound(start, 0, size);
        int to = bound(end, size, size);
        int by = step == null ? 1 : step;
        List<Integer> out = new ArrayList<>();
        for (int i = from; i < to; i += by) {
            out.add(i);
        }
        return out;
    }

    private static int bound(Integer value, int absent, int size) {
        if (value == null) {
            return absent;
        }
        int v = value < 0 ? size + value : value;
        return Math.max(0, Math.min(size, v));
    }
}
