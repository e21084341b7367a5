package org.harrier.classad;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Canonical text of time values and the forms {@code absTime("...")} and {@code relTime("...")}
 * accept.
 *
 * <ul>
 *   <li>absolute: canonical {@code yyyy-mm-ddThh:mm:ss+hh:mm}; parsing accepts libclassad's
 *       looser forms (any separators or none, {@code Z}, {@code +hhmm}, or no zone at all, which
 *       means the local zone).
 *   <li>relative: canonical {@code [-][days+][hh:][mm:]ss[.fff]} with leading zero parts
 *       omitted; parsing also accepts unit letters {@code [-][Nd][Nh][Nm][N[.fff]s]} and mixes.
 * </ul>
 */
public final class TimeFormat {
    // The lazy hours group makes a lone colon separate minutes from seconds, as libclassad's
    // right-to-left scan does: "1:00" is one minute, "1:00:00" one hour.
    private static final Pattern REL = Pattern.compile(
            "\\s*(-)?\\s*(?=[^0-9]*[0-9])"
            + "(?:(\\d*)\\s*[dD+]\\s*)?"
            + "(?:(\\d*)\\s*[hH:]\\s*)??"
            + "(?:(\\d*)\\s*[mM:]\\s*)?"
            + "(\\d+(?:\\.\\d*)?|\\.\\d+)?\\s*[sS]?\\s*");

    private TimeFormat() {
    }

    /**
     * {@code 2024-01-31T10:15:00+01:00}: the instant shown in its own zone offset. Works for every
     * epoch second a {@code long} holds (arithmetic on times can go far beyond the years
     * {@code java.time} formats); years outside 0000-9999 are written with as many digits as
     * they need.
     */
    public static String absTime(AbsTimeValue t) {
        long local = t.epochSeconds() + t.offsetSeconds();
        if ((t.epochSeconds() ^ local) < 0 && (t.offsetSeconds() ^ local) < 0) {
            local = t.epochSeconds(); // overflow at the very ends of the range: show UTC fields
        }
        long days = Math.floorDiv(local, 86400);
        long secondOfDay = Math.floorMod(local, 86400);
        long[] ymd = civilFromDays(days);
        int off = Math.abs(t.offsetSeconds());
        return String.format(Locale.ROOT, "%04d-%02d-%02dT%02d:%02d:%02d%s%02d:%02d",
                ymd[0], ymd[1], ymd[2], secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60,
                t.offsetSeconds() < 0 ? "-" : "+", off / 3600, off % 3600 / 60);
    }

    /** Year, month, day of the proleptic Gregorian calendar for days since 1970-01-01 (H. Hinnant's algorithm). */
    private static long[] civilFromDays(long days) {
        long z = days + 719468;
        long era = Math.floorDiv(z, 146097);
        long dayOfEra = z - era * 146097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        long day = dayOfYear - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        return new long[] {year, month, day};
    }

    /** {@code 17+01:02:03}, {@code 01:07}, {@code 05}: days, hours and minutes shown only when needed. */
    public static String relTime(double seconds) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            return Double.toString(seconds);
        }
        // The canonical form is shown to the microsecond; where that does not read back as
        // exactly this value, the exact plain number of seconds does, so the literal round-trips.
        String canonical = canonicalRelTime(seconds);
        if (canonical != null) {
            OptionalDouble back = parseRelTime(canonical);
            if (back.isPresent() && Double.compare(back.getAsDouble(), seconds) == 0) {
                return canonical;
            }
        }
        return exactSeconds(seconds);
    }

    private static String exactSeconds(double seconds) {
        String plain = new java.math.BigDecimal(Math.abs(seconds)).stripTrailingZeros().toPlainString();
        return (seconds < 0 || Double.compare(seconds, -0.0) == 0 ? "-" : "") + plain;
    }

    /** {@code [-][days+][hh:][mm:]ss[.ffffff]}, or null past ~285,000 years, where microseconds overflow a long. */
    private static String canonicalRelTime(double seconds) {
        if (Math.abs(seconds) >= 9e12) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        if (seconds < 0) {
            out.append('-');
            seconds = -seconds;
        }
        // Round to microseconds first, so a fraction like .9999996 carries into the seconds.
        long micros = Math.round(seconds * 1e6);
        long whole = micros / 1_000_000;
        long fraction = micros % 1_000_000;
        long days = whole / 86400;
        long hours = whole % 86400 / 3600;
        long minutes = whole % 3600 / 60;
        long secs = whole % 60;
        // libclassad's relTimeToString: every part but the days has two digits.
        if (days > 0) {
            out.append(days).append('+').append(two(hours)).append(':').append(two(minutes)).append(':');
        } else if (hours > 0) {
            out.append(two(hours)).append(':').append(two(minutes)).append(':');
        } else if (minutes > 0) {
            out.append(two(minutes)).append(':');
        }
        out.append(two(secs));
        if (fraction > 0) {
            String digits = String.format(Locale.ROOT, "%06d", fraction).replaceAll("0+$", "");
            out.append('.').append(digits);
        }
        return out.toString();
    }

    private static String two(long n) {
        return n < 10 ? "0" + n : Long.toString(n);
    }

    /**
     * Parses an absolute time the way libclassad's {@code Literal::MakeAbsTime} does: four digits
     * of year, then up to five two-digit fields (month, day, hours, minutes, seconds), each
     * preceded by any run of non-digits, so {@code 2024-01-31T10:15:00}, {@code 20240131T101500}
     * and {@code 1970-01-01T:00:00:01Z} are all accepted. The zone is a trailing {@code Z}, or
     * {@code +hhmm}/{@code +hh:mm} (or {@code -}); without one the local zone {@code localZone}
     * applies. Out-of-range fields roll over as {@code mktime} rolls them ({@code 25:00} is 1 am
     * the next day). Null if malformed.
     *
     * <p>Deviation: libclassad leaves a missing month or day at zero, which {@code mktime} turns
     * into the last day of the previous month ({@code absTime("2024")} is 2023-12-31); here a
     * missing month or day means the first.
     */
    public static AbsTimeValue parseAbsTime(String text, ZoneId localZone) {
        String s = text.strip();
        int len = s.length();
        Integer zoneSeconds = null;
        if (len > 1 && (s.charAt(len - 1) == 'z' || s.charAt(len - 1) == 'Z')) {
            zoneSeconds = 0;
            s = s.substring(0, len - 1);
        } else if (len > 5 && isSign(s.charAt(len - 5)) && allDigits(s, len - 4, len)) {
            zoneSeconds = zone(s.charAt(len - 5), s.substring(len - 4, len - 2), s.substring(len - 2));
            s = s.substring(0, len - 5);
        } else if (len > 6 && isSign(s.charAt(len - 6)) && s.charAt(len - 3) == ':'
                && allDigits(s, len - 5, len - 3) && allDigits(s, len - 2, len)) {
            zoneSeconds = zone(s.charAt(len - 6), s.substring(len - 5, len - 3), s.substring(len - 2));
            s = s.substring(0, len - 6);
        }
        if (zoneSeconds != null && zoneSeconds == Integer.MIN_VALUE) {
            return null;
        }
        int[] fields = {0, 1, 1, 0, 0, 0};
        int i = skipNonDigits(s, 0);
        if (!allDigits(s, i, i + 4)) {
            return null;
        }
        fields[0] = Integer.parseInt(s.substring(i, i + 4));
        i = skipNonDigits(s, i + 4);
        for (int f = 1; f < fields.length && i < s.length(); f++) {
            if (!allDigits(s, i, i + 2)) {
                return null;
            }
            fields[f] = Integer.parseInt(s.substring(i, i + 2));
            i = skipNonDigits(s, i + 2);
        }
        if (i < s.length()) {
            return null; // digits left over after the seconds
        }
        LocalDateTime local = LocalDateTime.of(fields[0], 1, 1, 0, 0)
                .plusMonths(fields[1] - 1L).plusDays(fields[2] - 1L)
                .plusHours(fields[3]).plusMinutes(fields[4]).plusSeconds(fields[5]);
        ZoneOffset offset = zoneSeconds != null
                ? ZoneOffset.ofTotalSeconds(zoneSeconds)
                : localZone.getRules().getOffset(local);
        return new AbsTimeValue(local.toEpochSecond(offset), offset.getTotalSeconds());
    }

    private static boolean isSign(char c) {
        return c == '+' || c == '-';
    }

    private static boolean allDigits(String s, int from, int to) {
        if (from < 0 || to > s.length() || from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int skipNonDigits(String s, int i) {
        while (i < s.length() && !isDigit(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Seconds east for {@code +hh mm}; {@link Integer#MIN_VALUE} beyond the +/-18 hours a zone may have. */
    private static int zone(char sign, String hours, String minutes) {
        int h = Integer.parseInt(hours);
        int m = Integer.parseInt(minutes);
        int total = h * 3600 + m * 60;
        if (m > 59 || total > 18 * 3600) {
            return Integer.MIN_VALUE;
        }
        return sign == '-' ? -total : total;
    }

    /**
     * Parses a relative time in seconds; empty if malformed. The grammar is libclassad's
     * ({@code Literal::MakeRelTime}): {@code [-][D+|Dd][H:|Hh][M:|Mm][S[.fff]][s]}, read from the
     * right so a single colon separates minutes from seconds ({@code 1:00} is a minute), with
     * blanks allowed between the parts and no limit on any part ({@code 2+25:14:16.123}).
     * Unlike libclassad, text without any digit ({@code ""}, {@code "-"}, {@code ":"}) is
     * malformed rather than zero.
     */
    public static OptionalDouble parseRelTime(String text) {
        Matcher m = REL.matcher(text);
        if (!m.matches()) {
            return OptionalDouble.empty();
        }
        double total = number(m.group(2)) * 86400 + number(m.group(3)) * 3600
                + number(m.group(4)) * 60 + (m.group(5) == null ? 0 : Double.parseDouble(m.group(5)));
        return OptionalDouble.of(m.group(1) != null ? -total : total);
    }

    private static double number(String digits) {
        return digits == null || digits.isEmpty() ? 0 : Double.parseDouble(digits);
    }
}
