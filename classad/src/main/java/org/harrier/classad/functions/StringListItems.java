package org.harrier.classad.functions;

import java.util.ArrayList;
import java.util.List;

/**
 * The items of a "string list": one string holding items separated by any of a set of
 * delimiter characters (manual: "a string within the list is ended by one or more characters
 * within the delimiter string"). Runs of delimiters count as one and empty items are dropped,
 * as HTCondor's {@code StringTokenIterator} does.
 */
final class StringListItems {
    /** The delimiters of stringListSize/Sum/Avg/Min/Max and stringList_regexpMember. */
    static final String COMMA_SPACE = ", ";
    /** stringListMember and the subset matches also split at tabs and line ends. */
    static final String COMMA_WHITESPACE = ", \t\r\n";

    private StringListItems() {
    }

    /**
     * The non-empty items of {@code list}. With {@code trim}, white space around each item is
     * removed too (so an item of only white space disappears); an empty delimiter set makes the
     * whole string one item.
     */
    static List<String> split(String list, String delimiters, boolean trim) {
        List<String> items = new ArrayList<>();
        int i = 0;
        int n = list.length();
        while (i < n) {
            while (i < n && (delimiters.indexOf(list.charAt(i)) >= 0 || (trim && StringFunctions.isCSpace(list.charAt(i))))) {
                i++;
            }
            int start = i;
            int end = i;
            while (i < n && delimiters.indexOf(list.charAt(i)) < 0) {
                if (!trim || !StringFunctions.isCSpace(list.charAt(i))) {
                    end = i + 1;
                }
                i++;
            }
            if (end > start) {
                items.add(list.substring(start, end));
            }
        }
        return items;
    }

    /**
     * The number at the start of {@code item} as C's {@code sscanf("%lf")} reads it (decimal or
     * hexadecimal, {@code inf}, {@code nan}; leading white space allowed, trailing text ignored),
     * or null if it does not start with one.
     */
    static Double leadingNumber(String item) {
        int i = 0;
        int n = item.length();
        while (i < n && StringFunctions.isCSpace(item.charAt(i))) {
            i++;
        }
        int signAt = i;
        if (i < n && (item.charAt(i) == '+' || item.charAt(i) == '-')) {
            i++;
        }
        boolean negative = signAt < i && item.charAt(signAt) == '-';
        String rest = item.substring(i);
        if (startsWithIgnoringCase(rest, "inf")) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (startsWithIgnoringCase(rest, "nan")) {
            return Double.NaN;
        }
        if (startsWithIgnoringCase(rest, "0x") && rest.length() > 2 && isHexDigitOrPoint(rest, 2)) {
            return hexadecimal(rest.substring(2), negative);
        }
        int digitsStart = i;
        int digits = 0;
        while (i < n && item.charAt(i) >= '0' && item.charAt(i) <= '9') {
            i++;
            digits++;
        }
        if (i < n && item.charAt(i) == '.') {
            i++;
            while (i < n && item.charAt(i) >= '0' && item.charAt(i) <= '9') {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        int mantissaEnd = i;
        if (i < n && (item.charAt(i) == 'e' || item.charAt(i) == 'E')) {
            int e = i + 1;
            if (e < n && (item.charAt(e) == '+' || item.charAt(e) == '-')) {
                e++;
            }
            int expDigits = e;
            while (e < n && item.charAt(e) >= '0' && item.charAt(e) <= '9') {
                e++;
            }
            if (e > expDigits) {
                mantissaEnd = e;
            }
        }
        double magnitude = Double.parseDouble(item.substring(digitsStart, mantissaEnd));
        return negative ? -magnitude : magnitude;
    }

    private static Double hexadecimal(String s, boolean negative) {
        int i = 0;
        StringBuilder mantissa = new StringBuilder("0x");
        while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0 && s.charAt(i) < 128) {
            mantissa.append(s.charAt(i++));
        }
        if (i < s.length() && s.charAt(i) == '.') {
            mantissa.append(s.charAt(i++));
            while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0 && s.charAt(i) < 128) {
                mantissa.append(s.charAt(i++));
            }
        }
        if (mantissa.toString().equals("0x.")) {
            return negative ? -0.0 : 0.0; // "0x." without digits reads as the 0 before the x
        }
        String exponent = "p0";
        if (i < s.length() && (s.charAt(i) == 'p' || s.charAt(i) == 'P')) {
            int e = i + 1;
            if (e < s.length() && (s.charAt(e) == '+' || s.charAt(e) == '-')) {
                e++;
            }
            int expDigits = e;
            while (e < s.length() && s.charAt(e) >= '0' && s.charAt(e) <= '9') {
                e++;
            }
            if (e > expDigits) {
                exponent = "p" + s.substring(i + 1, e);
            }
        }
        double magnitude = Double.parseDouble(mantissa + exponent);
        return negative ? -magnitude : magnitude;
    }

    private static boolean isHexDigitOrPoint(String s, int i) {
        char c = s.charAt(i);
        return c == '.' || (c < 128 && Character.digit(c, 16) >= 0);
    }

    private static boolean startsWithIgnoringCase(String s, String prefix) {
        return s.regionMatches(true, 0, prefix, 0, prefix.length());
    }
}
