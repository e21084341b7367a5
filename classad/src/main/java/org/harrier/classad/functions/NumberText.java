package org.harrier.classad.functions;

/**
 * The number at the start of a string, read the way C's {@code strtod} reads it, because that is
 * how libclassad's {@code int()}, {@code real()} and every function that converts through them
 * see strings: leading white space is skipped, the longest number is taken and the rest ignored
 * ({@code real("12abc")} is 12.0), {@code inf}, {@code infinity} and {@code nan} in any case and
 * hexadecimal ({@code 0x1.8p1}) are accepted. A size suffix right after the number multiplies it
 * by a power of 1024 ({@code "3k"} is 3072), as libclassad's {@code ScaleFactor} does.
 *
 * <p>A plain decimal integer that fits in 64 bits is also kept exactly, so {@code int()} of a
 * string does not lose digits past 2^53 as a trip through {@code double} would.
 */
final class NumberText {
    private final double value;
    private final boolean integral;
    private final long exact;
    private final double factor;

    private NumberText(double value, boolean integral, long exact, double factor) {
        this.value = value;
        this.integral = integral;
        this.exact = exact;
        this.factor = factor;
    }

    double value() {
        return value;
    }

    /** True if the number was written as a decimal integer that fits in a {@code long}. */
    boolean integral() {
        return integral;
    }

    long exact() {
        return exact;
    }

    /** 1 without a suffix, else the power of 1024 of the size letter after the number. */
    double factor() {
        return factor;
    }

    /** The number at the start of {@code s}, or null if {@code s} does not start with one. */
    static NumberText read(String s) {
        int i = 0;
        int n = s.length();
        while (i < n && isCSpace(s.charAt(i))) {
            i++;
        }
        int start = i;
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        if (startsWithIgnoringCase(s, i, "inf")) {
            int end = i + (startsWithIgnoringCase(s, i, "infinity") ? 8 : 3);
            return of(negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY, s, end);
        }
        if (startsWithIgnoringCase(s, i, "nan")) {
            return of(Double.NaN, s, skipNanPayload(s, i + 3));
        }
        if (startsWithIgnoringCase(s, i, "0x") && hexMantissaFollows(s, i + 2)) {
            return hex(s, start, i + 2, negative);
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        boolean plain = true;
        if (i < n && s.charAt(i) == '.') {
            plain = false;
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        int end = exponentEnd(s, i, 'e');
        plain &= end == i;
        String text = s.substring(start, end);
        double d = Double.parseDouble(text);
        if (plain) {
            try {
                return new NumberText(d, true, Long.parseLong(text), factorAt(s, end));
            } catch (NumberFormatException tooBig) {
                // beyond 64 bits: keep the double, as strtod would
            }
        }
        return of(d, s, end);
    }

    private static NumberText hex(String s, int start, int i, boolean negative) {
        int n = s.length();
        StringBuilder b = new StringBuilder(negative ? "-0x" : "0x");
        while (i < n && isHexDigit(s.charAt(i))) {
            b.append(s.charAt(i++));
        }
        if (i < n && s.charAt(i) == '.') {
            b.append('.');
            i++;
            while (i < n && isHexDigit(s.charAt(i))) {
                b.append(s.charAt(i++));
            }
        }
        int end = exponentEnd(s, i, 'p');
        b.append(end == i ? "p0" : s.substring(i, end));
        return of(Double.parseDouble(b.toString()), s, end);
    }

    private static NumberText of(double d, String s, int end) {
        return new NumberText(d, false, 0, factorAt(s, end));
    }

    /** Where an exponent ({@code e} or {@code p}, a sign, at least one digit) that starts at {@code i} ends. */
    private static int exponentEnd(String s, int i, char letter) {
        int n = s.length();
        if (i >= n || Character.toLowerCase(s.charAt(i)) != letter) {
            return i;
        }
        int j = i + 1;
        if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
            j++;
        }
        if (j >= n || !isDigit(s.charAt(j))) {
            return i; // "1e" or "1e+" reads as 1, leaving the letter unread
        }
        while (j < n && isDigit(s.charAt(j))) {
            j++;
        }
        return j;
    }

    private static int skipNanPayload(String s, int i) {
        if (i < s.length() && s.charAt(i) == '(') {
            int j = i + 1;
            while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')
                    && s.charAt(j) < 128) {
                j++;
            }
            if (j < s.length() && s.charAt(j) == ')') {
                return j + 1;
            }
        }
        return i;
    }

    private static boolean hexMantissaFollows(String s, int i) {
        if (i < s.length() && isHexDigit(s.charAt(i))) {
            return true;
        }
        return i + 1 < s.length() && s.charAt(i) == '.' && isHexDigit(s.charAt(i + 1));
    }

    private static double factorAt(String s, int end) {
        if (end >= s.length()) {
            return 1.0;
        }
        switch (Character.toUpperCase(s.charAt(end))) {
            case 'K': return 1024.0;
            case 'M': return 1024.0 * 1024.0;
            case 'G': return 1024.0 * 1024.0 * 1024.0;
            case 'T': return 1024.0 * 1024.0 * 1024.0 * 1024.0;
            default: return 1.0; // 'B' and anything else
        }
    }

    private static boolean startsWithIgnoringCase(String s, int i, String prefix) {
        return s.regionMatches(true, i, prefix, 0, prefix.length());
    }

    /** C's isspace in the "C" locale. */
    private static boolean isCSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
