package org.harrier.scheduler.userlog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.Year;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.harrier.scheduler.queue.JobId;

/**
 * Reads a job event log (HTCondor's classic text format, {@link UserLogEvent}) back into events,
 * for {@code harrier wait LOGFILE} and anyone else following a log. Tolerant, as HTCondor's
 * reader is: a last event without its "..." line (still being written) is not returned and
 * {@link Parsed#end} stops before it, so a follower reads on from there; lines that do not
 * start a well-formed event are skipped up to the next "...". Dates are ISO
 * ({@code 2026-11-21 12:34:56}, optional fraction and Z) or HTCondor's older {@code 11/21
 * 12:34:56}, whose year is {@code assumedYear}.
 */
public final class UserLogReader {
    private static final Pattern HEADER = Pattern.compile(
            "(\\d{3}) \\((\\d+)\\.(\\d+)\\.(\\d+)\\) (?:(\\d{4}-\\d{2}-\\d{2}) |(\\d{2})/(\\d{2}) )"
                    + "(\\d{2}):(\\d{2}):(\\d{2})(?:\\.\\d+)?Z? (.*)");

    /** The events found, and the offset just past the last complete one. */
    public record Parsed(List<UserLogEvent> events, int end) {
        public Parsed {
            events = List.copyOf(events);
        }
    }

    private UserLogReader() {
    }

    public static Parsed parse(CharSequence log) {
        return parse(log, Year.now().getValue());
    }

    public static Parsed parse(CharSequence log, int assumedYear) {
        List<UserLogEvent> events = new ArrayList<>();
        int end = 0;
        int at = 0;
        UserLogEvent.Builder current = null;
        boolean skipping = false;
        while (at < log.length()) {
            int nl = indexOf(log, '\n', at);
            if (nl < 0) {
                break; // a line still being written
            }
            String line = log.subSequence(at, nl > at && log.charAt(nl - 1) == '\r' ? nl - 1 : nl).toString();
            at = nl + 1;
            if (line.equals(UserLogEvent.END)) {
                if (current != null && !skipping) {
                    current.build(events);
                }
                current = null;
                skipping = false;
                end = at;
            } else if (current == null && !skipping) {
                current = header(line, assumedYear);
                skipping = current == null;
            } else if (current != null) {
                current.line(line);
            }
        }
        return new Parsed(events, end);
    }

    public static Parsed read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    private static UserLogEvent.Builder header(String line, int assumedYear) {
        Matcher m = HEADER.matcher(line);
        if (!m.matches()) {
            return null;
        }
        try {
            JobId job = new JobId(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            LocalDateTime time = m.group(5) != null
                    ? LocalDateTime.parse(m.group(5) + "T" + m.group(8) + ":" + m.group(9) + ":" + m.group(10))
                    : LocalDateTime.of(assumedYear, Integer.parseInt(m.group(6)), Integer.parseInt(m.group(7)),
                            Integer.parseInt(m.group(8)), Integer.parseInt(m.group(9)), Integer.parseInt(m.group(10)));
            return new UserLogEvent.Builder(Integer.parseInt(m.group(1)), job, time, m.group(11));
        } catch (IllegalArgumentException | DateTimeException e) {
            return null; // a header that only looks like one: skip the event
        }
    }

    private static int indexOf(CharSequence s, char c, int from) {
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }
}
