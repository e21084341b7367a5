package org.harrier.classad.functions;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.IsoFields;
import java.util.Locale;

/**
 * A time broken into calendar fields, C's {@code struct tm}, and {@link #format strftime} over
 * it. {@code month} is 1-12, {@code weekday} 0-6 from Sunday, {@code yearDay} 0-365 (as
 * {@code tm_yday}); {@code epochSeconds} is the instant the fields denote.
 */
record TimeFields(long year, long month, long day, long hours, long minutes, long seconds,
                  int weekday, int yearDay, long epochSeconds, int offsetSeconds, String zoneName) {

    private static final String[] DAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"};
    private static final DateTimeFormatter ZONE_ABBREVIATION = DateTimeFormatter.ofPattern("zzz", Locale.ROOT);

    /** The fields of {@code epochSeconds} in {@code zone}; null if the instant is beyond what a calendar can show. */
    static TimeFields at(long epochSeconds, ZoneId zone) {
        try {
            ZonedDateTime t = Instant.ofEpochSecond(epochSeconds).atZone(zone);
            String name = zone instanceof ZoneOffset offset ? offsetName(offset) : t.format(ZONE_ABBREVIATION);
            return of(t.toLocalDateTime(), epochSeconds, t.getOffset().getTotalSeconds(), name);
        } catch (DateTimeException e) {
            return null;
        }
    }

    /**
     * Fields written by hand, as in the record {@code formatTime} accepts: they are kept as given
     * (day 0 prints as {@code 00}, as strftime prints it), while the weekday and day of the year
     * come from the date they roll over to, as {@code mktime} would. Null if even that date is
     * beyond the calendar.
     */
    static TimeFields given(long year, long month, long day, long hours, long minutes, long seconds, int offset) {
        try {
            LocalDateTime rolled = LocalDateTime.of(Math.toIntExact(year), 1, 1, 0, 0)
                    .plusMonths(month - 1).plusDays(day - 1)
                    .plusHours(hours).plusMinutes(minutes).plusSeconds(seconds);
            TimeFields r = of(rolled, rolled.toEpochSecond(ZoneOffset.ofTotalSeconds(offset)), offset,
                    offsetName(ZoneOffset.ofTotalSeconds(offset)));
            return new TimeFields(year, month, day, hours, minutes, seconds, r.weekday, r.yearDay,
                    r.epochSeconds, offset, r.zoneName);
        } catch (DateTimeException | ArithmeticException e) {
            return null;
        }
    }

    private static TimeFields of(LocalDateTime t, long epochSeconds, int offset, String zoneName) {
        return new TimeFields(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
                t.getSecond(), t.getDayOfWeek().getValue() % 7, t.getDayOfYear() - 1, epochSeconds, offset, zoneName);
    }

    private static String offsetName(ZoneOffset offset) {
        return offset.getTotalSeconds() == 0 ? "UTC" : offset.getId();
    }

    /**
     * strftime in the C locale. Every ANSI C conversion the manual lists is supported, plus the
     * common POSIX/glibc ones ({@code %e %D %F %T %R %r %C %g %G %V %u %s %z %k %l %P %h %n %t})
     * and glibc's padding flags {@code -}, {@code _}, {@code 0} and {@code ^}; the {@code E} and
     * {@code O} modifiers are accepted and ignored. An unknown conversion is copied as written,
     * as glibc does.
     */
    String format(String pattern) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c != '%' || i + 1 == pattern.length()) {
                out.append(c);
                continue;
            }
            int start = i;
            char flag = 0;
            i++;
            while (i < pattern.length() && "-_0^".indexOf(pattern.charAt(i)) >= 0) {
                flag = pattern.charAt(i++);
            }
            while (i < pattern.length() && (pattern.charAt(i) == 'E' || pattern.charAt(i) == 'O')) {
                i++;
            }
            if (i == pattern.length()) {
                out.append(pattern, start, i);
                break;
            }
            String piece = conversion(pattern.charAt(i), flag);
            if (piece == null) {
                out.append(pattern, start, i + 1);
            } else {
                out.append(flag == '^' ? piece.toUpperCase(Locale.ROOT) : piece);
            }
        }
        return out.toString();
    }

    private String conversion(char c, char flag) {
        switch (c) {
            case 'a': return DAYS[weekday].substring(0, 3);
            case 'A': return DAYS[weekday];
            case 'b': case 'h': return monthName().length() > 3 ? monthName().substring(0, 3) : monthName();
            case 'B': return monthName();
            case 'c': return format("%a %b %e %H:%M:%S %Y");
            case 'C': return number(Math.floorDiv(year, 100), 2, '0', flag);
            case 'd': return number(day, 2, '0', flag);
            case 'D': case 'x': return format("%m/%d/%y");
            case 'e': return number(day, 2, ' ', flag);
            case 'F': return format("%Y-%m-%d");
            case 'g': return number(Math.floorMod(isoWeekYear(), 100), 2, '0', flag);
            case 'G': return number(isoWeekYear(), 1, '0', flag);
            case 'H': return number(hours, 2, '0', flag);
            case 'I': return number(twelveHour(), 2, '0', flag);
            case 'j': return number(yearDay + 1, 3, '0', flag);
            case 'k': return number(hours, 2, ' ', flag);
            case 'l': return number(twelveHour(), 2, ' ', flag);
            case 'm': return number(month, 2, '0', flag);
            case 'M': return number(minutes, 2, '0', flag);
            case 'n': return "\n";
            case 'p': return hours % 24 < 12 ? "AM" : "PM";
            case 'P': return hours % 24 < 12 ? "am" : "pm";
            case 'r': return format("%I:%M:%S %p");
            case 'R': return format("%H:%M");
            case 's': return Long.toString(epochSeconds);
            case 'S': return number(seconds, 2, '0', flag);
            case 't': return "\t";
            case 'T': case 'X': return format("%H:%M:%S");
            case 'u': return Integer.toString(weekday == 0 ? 7 : weekday);
            case 'U': return number((yearDay + 7 - weekday) / 7, 2, '0', flag);
            case 'V': return number(isoWeek(), 2, '0', flag);
            case 'w': return Integer.toString(weekday);
            case 'W': return number((yearDay + 7 - (weekday + 6) % 7) / 7, 2, '0', flag);
            case 'y': return number(Math.floorMod(year, 100), 2, '0', flag);
            case 'Y': return number(year, 1, '0', flag);
            case 'z': return numericOffset();
            case 'Z': return zoneName;
            case '%': return "%";
            default: return null;
        }
    }

    private String monthName() {
        return month >= 1 && month <= 12 ? MONTHS[(int) month - 1] : "?"; // glibc prints '?' too
    }

    private long twelveHour() {
        long h = Math.floorMod(hours, 12);
        return h == 0 ? 12 : h;
    }

    private LocalDate rolledDate() {
        return LocalDate.ofEpochDay(Math.floorDiv(epochSeconds + offsetSeconds, 86400));
    }

    private long isoWeekYear() {
        return rolledDate().get(IsoFields.WEEK_BASED_YEAR);
    }

    private long isoWeek() {
        return rolledDate().get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
    }

    private String numericOffset() {
        int off = Math.abs(offsetSeconds);
        return String.format(Locale.ROOT, "%s%02d%02d", offsetSeconds < 0 ? "-" : "+", off / 3600, off % 3600 / 60);
    }

    /** {@code n} padded to {@code width} with {@code pad}, unless a glibc flag says otherwise. */
    private static String number(long n, int width, char pad, char flag) {
        String digits = Long.toString(Math.abs(n));
        char fill = flag == '_' ? ' ' : flag == '0' ? '0' : pad;
        StringBuilder out = new StringBuilder();
        if (n < 0) {
            out.append('-');
        }
        if (flag != '-') {
            for (int i = digits.length(); i < width; i++) {
                out.append(fill);
            }
        }
        return out.append(digits).toString();
    }
}
