package org.harrier.classad.functions;

import java.util.Map;

/**
 * Rewrites a PCRE pattern into one java.util.regex reads the same way. The two dialects agree
 * on nearly everything ClassAd expressions use; the differences handled here are:
 * <ul>
 * <li>POSIX classes {@code [[:alpha:]]} and {@code [[:^digit:]]}, which Java would read as a
 *     set of letters;</li>
 * <li>inside a class, a literal {@code [}, {@code &&} (Java: nested class and intersection) and,
 *     under option {@code x}, white space and {@code #} (PCRE keeps them inside classes);</li>
 * <li>an opening brace that does not start a quantifier, literal in PCRE and an error in Java;</li>
 * <li>Python-style named groups {@code (?P<n>..)} and {@code (?P=n)}, and {@code (?#comments)};</li>
 * <li>{@code \Q...\E}, expanded to escaped characters so it also works inside classes.</li>
 * </ul>
 * Anything else is passed through; where Java still disagrees it rejects the pattern, and the
 * function returns {@code error} as PCRE does for an invalid pattern.
 */
final class RegexDialect {
    private static final Map<String, String> POSIX_CLASSES = Map.ofEntries(
            Map.entry("alnum", "Alnum"), Map.entry("alpha", "Alpha"), Map.entry("ascii", "ASCII"),
            Map.entry("blank", "Blank"), Map.entry("cntrl", "Cntrl"), Map.entry("digit", "Digit"),
            Map.entry("graph", "Graph"), Map.entry("lower", "Lower"), Map.entry("print", "Print"),
            Map.entry("punct", "Punct"), Map.entry("space", "Space"), Map.entry("upper", "Upper"),
            Map.entry("xdigit", "XDigit"));

    /** PCRE's largest repeat count in {@code {n,m}}. */
    private static final int MAX_REPEAT = 65535;
    private static final int TOO_BIG = -2;

    private RegexDialect() {
    }

    /**
     * The Java form of {@code pcre}, or null if PCRE would reject it for a reason Java does not
     * share: an unknown POSIX class, or a repeat count over 65535.
     */
    static String toJava(String pcre) {
        StringBuilder out = new StringBuilder(pcre.length() + 8);
        boolean inClass = false;
        int i = 0;
        int n = pcre.length();
        while (i < n) {
            char c = pcre.charAt(i);
            if (c == '\\' && i + 1 < n) {
                if (pcre.charAt(i + 1) == 'Q') {
                    int end = pcre.indexOf("\\E", i + 2);
                    int stop = end < 0 ? n : end;
                    quote(pcre.substring(i + 2, stop), out);
                    i = end < 0 ? n : end + 2;
                } else {
                    out.append(c).append(pcre.charAt(i + 1));
                    i += 2;
                }
                continue;
            }
            if (inClass) {
                if (c == ']') {
                    inClass = false;
                    out.append(c);
                    i++;
                } else if (c == '[' && posixClassEnd(pcre, i) > 0) {
                    int close = posixClassEnd(pcre, i);
                    String posix = posixClass(pcre.substring(i + 2, close));
                    if (posix == null) {
                        return null;
                    }
                    out.append(posix);
                    i = close + 2;
                } else {
                    if (c == '[' || c == '&' || c == '#' || StringFunctions.isCSpace(c)) {
                        out.append('\\');
                    }
                    out.append(c);
                    i++;
                }
                continue;
            }
            if (c == '[') {
                inClass = true;
                out.append(c);
                i++;
                if (i < n && pcre.charAt(i) == '^') {
                    out.append('^');
                    i++;
                }
                if (i < n && pcre.charAt(i) == ']') {
                    out.append("\\]"); // a ']' first in a class is literal in PCRE
                    i++;
                }
            } else if (c == '{') {
                int end = quantifierEnd(pcre, i);
                if (end == TOO_BIG) {
                    return null;
                } else if (end < 0) {
                    out.append("\\{");
                    i++;
                } else {
                    out.append(pcre, i, end);
                    i = end;
                }
            } else if (pcre.startsWith("(?P<", i)) {
                out.append("(?<");
                i += 4;
            } else if (pcre.startsWith("(?P=", i) && pcre.indexOf(')', i) > 0) {
                int close = pcre.indexOf(')', i);
                out.append("\\k<").append(pcre, i + 4, close).append('>');
                i = close + 1;
            } else if (pcre.startsWith("(?#", i) && pcre.indexOf(')', i) > 0) {
                i = pcre.indexOf(')', i) + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /**
     * Where the {@code :]} of a POSIX class starting at {@code at} is, or -1 if {@code at} does
     * not start one: like PCRE, {@code [:} followed by text up to the first {@code ]}, which must
     * come right after a {@code :}, with no backslash in between.
     */
    private static int posixClassEnd(String s, int at) {
        if (!s.startsWith("[:", at)) {
            return -1;
        }
        int bracket = s.indexOf(']', at + 2);
        if (bracket < at + 3 || s.charAt(bracket - 1) != ':' || s.substring(at + 2, bracket).indexOf('\\') >= 0) {
            return -1;
        }
        return bracket - 1;
    }

    /** Java's form of {@code [:name:]} or {@code [:^name:]}; null for a name PCRE rejects. */
    private static String posixClass(String name) {
        boolean negated = name.startsWith("^");
        String bare = negated ? name.substring(1) : name;
        if (bare.equals("word")) {
            return negated ? "\\W" : "\\w";
        }
        String java = POSIX_CLASSES.get(bare);
        if (java == null) {
            return null;
        }
        return (negated ? "\\P{" : "\\p{") + java + "}";
    }

    /**
     * The index after a quantifier {n}, {n,} or {n,m} starting at {@code at}; -1 if there is
     * none, {@link #TOO_BIG} if a count is over PCRE's limit of 65535 (an error there).
     */
    private static int quantifierEnd(String s, int at) {
        int i = at + 1;
        int digits = i;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        if (i == digits) {
            return -1;
        }
        boolean tooBig = i - digits > 5 || Integer.parseInt(s.substring(digits, i)) > MAX_REPEAT;
        if (i < s.length() && s.charAt(i) == ',') {
            i++;
            int maxDigits = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            tooBig |= i - maxDigits > 5 || (i > maxDigits && Integer.parseInt(s.substring(maxDigits, i)) > MAX_REPEAT);
        }
        if (i >= s.length() || s.charAt(i) != '}') {
            return -1;
        }
        return tooBig ? TOO_BIG : i + 1;
    }

    private static void quote(String literal, StringBuilder out) {
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                out.append('\\');
            }
            out.append(c);
        }
    }
}
