package org.harrier.scheduler.store;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;

/**
 * One history ad's text ({@code Name = value} lines, then its banner line), parsed whole or in
 * part. Most of a scan's cost is parsing values; a constraint reads a few attributes, so a scan
 * first parses only those, and what their values read in turn, tests the constraint on that
 * much of the ad, and parses the whole ad only for the ads it selects. The constraint sees the
 * same values either way: an attribute it does not reach, directly or through another's value,
 * cannot change its result, unless a name is computed at run time ({@code eval("Exit" +
 * "Code")}), and then the whole ad is parsed first.
 */
final class AdText {
    private AdText() {
    }

    /** True when {@code expression} may read an attribute by a name it computes. */
    static boolean computesNames(String expression) {
        return expression.toLowerCase(Locale.ROOT).contains("eval");
    }

    /** The whole ad in {@code bytes[from, from + length)}; null for one whose text does not parse. */
    static ClassAd whole(byte[] bytes, int from, int length) {
        return parse(bytes, from, length, null);
    }

    /**
     * The attributes {@code reads} names and, transitively, those their values read; null when
     * the text does not parse, or a value may compute a name (then test the whole ad).
     */
    static ClassAd reading(byte[] bytes, int from, int length, Set<String> reads) {
        return parse(bytes, from, length, reads);
    }

    private static ClassAd parse(byte[] bytes, int from, int length, Set<String> reads) {
        String text = new String(bytes, from, length, java.nio.charset.StandardCharsets.UTF_8);
        int banner = text.lastIndexOf('\n', text.length() - 2) + 1;
        Map<String, int[]> lines = new HashMap<>();
        ClassAd.Builder b = ClassAd.builder();
        for (int at = 0; at < banner; ) {
            int end = text.indexOf('\n', at);
            int eq = text.indexOf(" = ", at);
            if (eq <= at || eq > end) {
                return null;
            }
            if (reads == null) {
                if (set(b, text.substring(at, eq), text.substring(eq + 3, end)) == null) {
                    return null;
                }
            } else {
                lines.put(text.substring(at, eq).toLowerCase(Locale.ROOT), new int[] {at, eq, end});
            }
            at = end + 1;
        }
        if (banner == 0) {
            return null;
        }
        if (reads != null) {
            Set<String> seen = new HashSet<>(reads);
            Deque<String> todo = new ArrayDeque<>(reads);
            while (!todo.isEmpty()) {
                int[] line = lines.get(todo.pop());
                if (line == null) {
                    continue;
                }
                String value = text.substring(line[1] + 3, line[2]);
                Expr parsed = computesNames(value) ? null : set(b, text.substring(line[0], line[1]), value);
                if (parsed == null) {
                    return null;
                }
                for (String name : parsed.references()) {
                    if (seen.add(name)) {
                        todo.push(name);
                    }
                }
            }
        }
        return b.build();
    }

    /** Sets {@code name} to the parsed {@code value}, and returns that; null when either is not ClassAd. */
    private static Expr set(ClassAd.Builder b, String name, String value) {
        try {
            Expr parsed = Expr.parse(value);
            b.set(name, parsed);
            return parsed;
        } catch (ClassAdParseException | IllegalArgumentException e) {
            return null;
        }
    }
}
