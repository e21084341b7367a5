package org.harrier.classad;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Canonical text of time values and the forms {@code absTime("...")} and {@code relTime("...")}
 * accept.
 *
 * <ul>
 *   <li>absolute: {@code yyyy-mm-ddThh:mm:ss+hh:mm}; the zone may be {@code Z} or left out
 *       (then the local zone applies), and the separators may be left out
 *       ({@code 20240131T101500Z}).
 *   <li>relative: {@code [-][days+][hh:][mm:]ss[.fff]} (canonical, leading zero parts omitted),
 *       or with unit letters {@code [-][Nd][Nh][Nm][N[.fff]s]}.
 * </ul>
 */
public final class TimeFormat {
    private static final Pattern ABS = Pattern.compile(
            "(\\d{4})-?(\\d{2})-?(\\d{2})(?:[T ](\\d{2}):?(\\d{2})(?::?(\\d{2}))?)?\\s*(Z|[+-]\\d{2}(?::?\\d{2})?)?");
    private static final Pattern REL_CLOCK = Pattern.compile(
            "(-)?(?:(\\d+)\\+)?(?:(?:(\\d+):)?(\\d+):)?(\\d+(?:\\.\\d*)?)");
    private static final Pattern REL_UNITS = Pattern.compile(
            "(-)?(?:(\\d+)[dD])?(?:(\\d+)[hH])?(?:(\\d+)[mM])?(?:(\\d+(?:\\.\\d*)?)[sS])?");

    private TimeFormat() {
    }

    /** {@code 2024-01-31T10:15:00+01:00}: the instant shown in its own zone offset. */
    public static String absTime(AbsTimeValue t) {
        ZoneOffset offset = ZoneOffset.ofTotalSeconds(t.offsetSeconds());
        OffsetDateTime at = Instant.ofEpochSecond(t.epochSeconds()).atOffset(offset);
        int off = Math.abs(t.offsetSeconds());
        return String.format(Locale.ROOT, "%04d-%02d-%02dT%02d:%02d:%02d%s%02d:%02d",
                at.getYear(), at.getMonthValue(), at.getDayOfMonth(),
                at.getHour(), at.getMinute(), at.getSecond(),
                t.offsetSeconds() < 0 ? "-" : "+", off / 3600, off % 3600 / 60);
    }

    /** {@code 17+01:02:03}, {@code 1:07}, {@code 5}: days, hours and minutes shown only when needed. */
    public static String relTime(double seconds) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            return Double.toString(seconds);
        }
        StringBuilder out = new StringBuilder();
        if (seconds < 0) {
            out.append('-');
            seconds = -seconds;
        }
        long whole = (long) Math.floor(seconds);
        double fraction = seconds - whole;
        long days = whole / 86400;
        long hours = whole % 86400 / 3600;
        long minutes = whole % 3600 / 60;
        long secs = whole % 60;
        if (days > 0) {
            out.append(days).append('+').append(two(hours)).append(':').append(two(minutes)).append(':').append(two(secs));
        } else if (hours > 0) {
            out.append(hours).append(':').append(two(minutes)).append(':').append(two(secs));
        } else if (minutes > 0) {
            out.append(minutes).append(':').append(two(secs));
        } else {
            out.append(secs);
        }
        if (fraction > 0) {
            String f = String.format(Locale.ROOT, "%.3f", fraction).substring(1); // ".250"
            f = f.replaceAll("0+$", "");
            if (f.length() > 1) {
                out.append(f);
            }
        }
        return out.toString();
    }

    private static String two(long n) {
        return n < 10 ? "0" + n : Long.toString(n);
    }

    /** Parses an absolute time; a missing zone means the zone of {@code localZone}. Null if malformed. */
    public static AbsTimeValue parseAbsTime(String text, ZoneId localZone) {
        Matcher m = ABS.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        try {
            LocalDateTime local = LocalDateTime.of(
                    Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                    m.group(4) == null ? 0 : Integer.parseInt(m.group(4)),
                    m.group(5) == null ? 0 : Integer.parseInt(m.group(5)),
                    m.group(6) == null ? 0 : Integer.parseInt(m.group(6)));
            ZoneOffset offset;
            String zone = m.group(7);
            if (zone == null) {
                offset = localZone.getRules().getOffset(local);
            } else if (zone.equals("Z")) {
                offset = ZoneOffset.UTC;
            } else {
                String digits = zone.replace(":", "");
                int hours = Integer.parseInt(digits.substring(1, 3));
                int minutes = digits.length() > 3 ? Integer.parseInt(digits.substring(3, 5)) : 0;
                if (hours > 18 || minutes > 59) {
                    return null;
                }
                int total = hours * 3600 + minutes * 60;
                offset = ZoneOffset.ofTotalSeconds(zone.charAt(0) == '-' ? -total : total);
            }
            return new AbsTimeValue(local.toEpochSecond(offset), offset.getTotalSeconds());
        } catch (java.time.DateTimeException | NumberFormatException e) {
            return null;
        }
    }

    /** Parses a relative time in either accepted form, in seconds; empty if malformed. */
    public static OptionalDouble parseRelTime(String text) {
        String s = text.trim();
        if (s.isEmpty()) {
            return OptionalDouble.empty();
        }
        try {
            Matcher m = REL_CLOCK.matcher(s);
            if (m.matches()) {
                double total = number(m.group(2)) * 86400 + number(m.group(3)) * 3600
                        + number(m.group(4)) * 60 + Double.parseDouble(m.group(5));
                return OptionalDouble.of(m.group(1) != null ? -total : total);
            }
            m = REL_UNITS.matcher(s);
            if (m.matches() && !s.equals("-")) {
                double total = number(m.group(2)) * 86400 + number(m.group(3)) * 3600
                        + number(m.group(4)) * 60 + (m.group(5) == null ? 0 : Double.parseDouble(m.group(5)));
                return OptionalDouble.of(m.group(1) != null ? -total : total);
            }
        } catch (NumberFormatException | DateTimeParseException e) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.empty();
    }

    private static double number(String digits) {
        return digits == null ? 0 : Double.parseDouble(digits);
    }
}
