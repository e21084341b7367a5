package org.harrier.scheduler.store;

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
        String text = new String(bytes, from, length, java.nio.charset.StandardCharsets.UTF_8);
        int banner = text.lastIndexOf('\n', text.length() - 2) + 1;
        if (banner == 0) {
            return null;
        }
        ClassAd.Builder b = ClassAd.builder();
        // Names still to find (lower case); a pass over the lines finds them, and another the
        // names their values read, until no new name is read.
        Set<String> wanted = reads == null ? null : new HashSet<>(reads);
        Set<String> done = new HashSet<>();
        do {
            Set<String> next = new HashSet<>();
            for (int at = 0; at < banner; ) {
                int end = text.indexOf('\n', at);
                int eq = text.indexOf(" = ", at);
                if (eq <= at || eq > end) {
                    return null;
                }
                String name = wanted == null ? text.substring(at, eq) : wanted(text, at, eq, wanted);
                if (name != null) {
                    String value = text.substring(eq + 3, end);
                    Expr parsed = wanted != null && computesNames(value) ? null : set(b, text.substring(at, eq), value);
                    if (parsed == null) {
                        return null;
                    }
                    if (wanted != null) {
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

    /** The name in {@code text[from, to)} if {@code wanted} holds it (in lower case), else null. */
    private static String wanted(String text, int from, int to, Set<String> wanted) {
        for (String w : wanted) {
            if (w.length() == to - from && text.regionMatches(true, from, w, 0, w.length())) {
                return w;
            }
        }
        return null;
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
