package org.harrier.scheduler.store;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
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
        int stop = from + length;
        int lastLine = lastNewline(bytes, from, stop - 2);
        if (lastLine < 0) {
            return null;
        }
        int banner = lastLine + 1;
        ClassAd.Builder b = ClassAd.builder();
        // Names still to find (lower case); a pass over the lines finds them, and another the
        // names their values read, until no new name is read. A pass reads the bytes as they
        // are: only a line it takes is decoded, so a scan of a million ads for one attribute
        // decodes and parses one value of each, not its whole text.
        Set<String> wanted = reads == null ? null : new HashSet<>(reads);
        Set<String> done = new HashSet<>();
        do {
            String[] names = wanted == null ? null : wanted.toArray(new String[0]);
            Set<String> next = new HashSet<>();
            for (int at = from; at < banner; ) {
                int end = newline(bytes, at, stop);
                int eq = separator(bytes, at, end);
                if (eq <= at) {
                    return null;
                }
                if (names == null || wanted(bytes, at, eq, names)) {
                    String name = new String(bytes, at, eq - at, StandardCharsets.UTF_8);
                    String value = new String(bytes, eq + 3, end - eq - 3, StandardCharsets.UTF_8);
                    Expr parsed = names != null && computesNames(value) ? null : set(b, name, value);
                    if (parsed == null) {
                        return null;
                    }
                    if (names != null) {
                        parsed.references().forEach(next::add);
                    }
                }
                at = end + 1;
            }
            if (wanted == null) {
                break;
            }
            done.addAll(wanted);
            next.removeAll(done);
            wanted = next;
        } while (!wanted.isEmpty());
        return b.build();
    }

    /** The index of the first '\n' in {@code bytes[at, stop)}, else {@code stop}. */
    private static int newline(byte[] bytes, int at, int stop) {
        for (int i = at; i < stop; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return stop;
    }

    /** The index of the last '\n' in {@code bytes[from, at]}; -1 when there is none. */
    private static int lastNewline(byte[] bytes, int from, int at) {
        for (int i = at; i >= from; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Where " = " begins in the line {@code bytes[at, end)}, else -1 (a line that is not {@code Name = value}). */
    private static int separator(byte[] bytes, int at, int end) {
        for (int i = at; i + 2 < end; i++) {
            if (bytes[i] == ' ' && bytes[i + 1] == '=' && bytes[i + 2] == ' ') {
                return i;
            }
        }
        return -1;
    }

    /** Whether the name in {@code bytes[from, to)} is one of {@code wanted} (lower case; names are ASCII). */
    private static boolean wanted(byte[] bytes, int from, int to, String[] wanted) {
        for (String w : wanted) {
            if (w.length() == to - from && sameIgnoringCase(bytes, from, w)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameIgnoringCase(byte[] bytes, int from, String lower) {
        for (int i = 0; i < lower.length(); i++) {
            int c = bytes[from + i];
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != lower.charAt(i)) {
                return false;
            }
        }
        return true;
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
