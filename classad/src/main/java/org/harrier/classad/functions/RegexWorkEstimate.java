package org.harrier.classad.functions;

/**
 * How many steps a java.util.regex pattern may take without reading a character of its target.
 * {@link RegexBudget} counts characters read, which bounds ordinary backtracking, but a group
 * that can match the empty string and must repeat, such as {@code (?:(?:){65535}){65535}}, can
 * run for billions of steps while reading nothing. This estimate lets the caller reject such a
 * pattern outright (PCRE gives up on it too, at its match limit) and charge every read of a
 * merely heavy one at a higher rate, so the total number of steps stays bounded.
 *
 * <p>The estimate is structural: a zero-width item (an anchor, a look-around, a back reference,
 * an empty group) costs one step; a sequence or alternation costs the sum of its parts; a
 * repeated item that can match empty costs its minimum count times its own cost, while one that
 * always reads a character costs only what it does between reads. Characters, classes and
 * other escapes cost nothing, as they read. It assumes a pattern {@link java.util.regex.Pattern}
 * has already accepted, and never throws for any input.
 */
final class RegexWorkEstimate {
    private final String p;
    private final boolean comments;
    private int i;

    private RegexWorkEstimate(String pattern, boolean comments) {
        this.p = pattern;
        this.comments = comments;
    }

    /** The estimate for {@code javaPattern}; {@code comments} if it was compiled with {@code Pattern.COMMENTS}. */
    static long emptySteps(String javaPattern, boolean comments) {
        try {
            return new RegexWorkEstimate(javaPattern, comments).alternation().steps;
        } catch (StackOverflowError e) {
            return Long.MAX_VALUE;
        }
    }

    /** An item's cost when it matches without reading, and whether it can. */
    private record Work(boolean nullable, long steps) {
    }

    private Work alternation() {
        Work w = sequence();
        boolean nullable = w.nullable;
        long steps = w.steps;
        while (i < p.length() && p.charAt(i) == '|') {
            i++;
            Work next = sequence();
            nullable |= next.nullable;
            steps = add(steps, next.steps);
        }
        return new Work(nullable, steps);
    }

    private Work sequence() {
        boolean nullable = true;
        long steps = 0;
        while (true) {
            skipComments();
            if (i >= p.length() || p.charAt(i) == '|' || p.charAt(i) == ')') {
                return new Work(nullable, steps);
            }
            Work w = quantified(atom());
            nullable &= w.nullable;
            steps = add(steps, w.steps);
        }
    }

    private Work quantified(Work atom) {
        skipComments();
        if (i >= p.length()) {
            return atom;
        }
        long min;
        char c = p.charAt(i);
        if (c == '*' || c == '?') {
            min = 0;
            i++;
        } else if (c == '+') {
            min = 1;
            i++;
        } else if (c == '{') {
            min = number();
            while (i < p.length() && p.charAt(i) != '}') {
                i++;
            }
            i++;
        } else {
            return atom;
        }
        if (i < p.length() && (p.charAt(i) == '?' || p.charAt(i) == '+')) {
            i++; // lazy or possessive
        }
        if (!atom.nullable) {
            return new Work(min == 0, atom.steps);
        }
        return new Work(true, multiply(Math.max(min, 1), Math.max(atom.steps, 1)));
    }

    private Work atom() {
        char c = p.charAt(i++);
        switch (c) {
            case '(':
                return group();
            case '[':
                skipClass();
                return new Work(false, 0);
            case '^':
            case '$':
                return new Work(true, 1);
            case '\\':
                return escape();
            default:
                return new Work(false, 0);
        }
    }

    private Work group() {
        boolean lookaround = p.startsWith("?=", i) || p.startsWith("?!", i)
                || p.startsWith("?<=", i) || p.startsWith("?<!", i);
        if (p.startsWith("?", i)) {
            i++;
            if (p.startsWith("<=", i) || p.startsWith("<!", i)) {
                i += 2;
            } else if (p.startsWith("<", i)) {
                i = closing('>'); // (?<name>
            } else if (i < p.length() && ":>=!".indexOf(p.charAt(i)) >= 0) {
                i++;
            } else {
                while (i < p.length() && "idmsuxU-".indexOf(p.charAt(i)) >= 0) {
                    i++;
                }
                if (i < p.length() && p.charAt(i) == ')') {
                    i++;
                    return new Work(true, 1); // flags only, as in (?i)
                }
                i++; // the ':' of (?i:...)
            }
        }
        Work inner = alternation();
        i++; // ')'
        if (lookaround) {
            return new Work(true, Math.max(inner.steps, 1));
        }
        return new Work(inner.nullable, inner.nullable ? Math.max(inner.steps, 1) : inner.steps);
    }

    private Work escape() {
        if (i >= p.length()) {
            return new Work(false, 0);
        }
        char c = p.charAt(i++);
        if ((c == 'p' || c == 'P' || c == 'x' || c == 'N') && i < p.length() && p.charAt(i) == '{') {
            i = closing('}');
            return new Work(false, 0);
        }
        if (c == 'k' && i < p.length() && p.charAt(i) == '<') {
            i = closing('>');
            return new Work(true, 1);
        }
        if ("bBAzZG".indexOf(c) >= 0 || (c >= '1' && c <= '9')) {
            while (c >= '1' && c <= '9' && i < p.length() && p.charAt(i) >= '0' && p.charAt(i) <= '9') {
                i++;
            }
            return new Work(true, 1);
        }
        return new Work(false, 0);
    }

    /** Moves past a character class, which may nest in Java syntax. */
    private void skipClass() {
        int depth = 1;
        if (i < p.length() && p.charAt(i) == '^') {
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            i++;
        }
        while (i < p.length() && depth > 0) {
            char c = p.charAt(i++);
            if (c == '\\') {
                if (i < p.length() && "pPxN".indexOf(p.charAt(i)) >= 0 && i + 1 < p.length() && p.charAt(i + 1) == '{') {
                    i = closing('}');
                } else {
                    i++;
                }
            } else if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            }
        }
    }

    /** Under {@code Pattern.COMMENTS}, white space and {@code #} comments between items are not items. */
    private void skipComments() {
        while (comments && i < p.length()) {
            char c = p.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '#') {
                while (i < p.length() && p.charAt(i) != '\n') {
                    i++;
                }
            } else {
                return;
            }
        }
    }

    private long number() {
        i++; // '{'
        long n = 0;
        while (i < p.length() && p.charAt(i) >= '0' && p.charAt(i) <= '9') {
            n = Math.min(n * 10 + (p.charAt(i++) - '0'), Integer.MAX_VALUE);
        }
        return n;
    }

    private int closing(char close) {
        int at = p.indexOf(close, i);
        return at < 0 ? p.length() : at + 1;
    }

    private static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long multiply(long a, long b) {
        return a != 0 && b > Long.MAX_VALUE / a ? Long.MAX_VALUE : a * b;
    }
}
