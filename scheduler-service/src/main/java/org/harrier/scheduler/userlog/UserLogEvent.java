package org.harrier.scheduler.userlog;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.harrier.scheduler.queue.JobId;

/**
 * One event of a job's user log in HTCondor's classic text format (condor_event.cpp,
 * ULogEvent::formatHeader and the events' formatBody):
 *
 * <pre>
 * 005 (012.000.000) 2026-11-21 12:34:56 Job terminated.
 * 	(1) Normal termination (return value 3)
 * 	...
 * ...
 * </pre>
 *
 * The event number in three digits, the job as cluster.proc.subproc (at least three digits
 * each; subproc is always 0 here), local date and time, then {@code text}: the event's first
 * line and any further lines, which start with a tab. A line of three dots ends the event.
 *
 * @param code the event number (000 submit, 001 execute, 004 evicted, 005 terminated, 009
 *             aborted, 010 suspended, 011 unsuspended, 012 held, 013 released, 024 reconnect failed, ...)
 * @param text the event's lines after the date, joined with newlines, without the final "..."
 */
public record UserLogEvent(int code, JobId job, LocalDateTime time, String text) {
    public static final int SUBMIT = 0;
    public static final int EXECUTE = 1;
    public static final int EVICTED = 4;
    public static final int TERMINATED = 5;
    public static final int ABORTED = 9;
    public static final int SUSPENDED = 10;
    public static final int UNSUSPENDED = 11;
    public static final int HELD = 12;
    public static final int RELEASED = 13;
    public static final int RECONNECT_FAILED = 24;

    static final String END = "...";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final Pattern RETURN_VALUE = Pattern.compile("^\\t\\(1\\) Normal termination \\(return value (-?\\d+)\\)$",
            Pattern.MULTILINE);
    private static final Pattern SIGNAL = Pattern.compile("^\\t\\(0\\) Abnormal termination \\(signal (\\d+)\\)$",
            Pattern.MULTILINE);

    public UserLogEvent {
        if (code < 0 || code > 999) {
            throw new IllegalArgumentException("an event number has three digits, got " + code);
        }
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(text, "text");
        if (text.isEmpty() || text.lines().anyMatch(END::equals) || text.endsWith("\n")) {
            throw new IllegalArgumentException("an event's text is one or more lines, none of them \"...\", got '"
                    + text + "'");
        }
    }

    /** The event as it is appended to the log, "..." line and final newline included. */
    public String format() {
        return String.format("%03d (%03d.%03d.000) %s %s\n%s\n", code, job.cluster(), job.proc(), TIME.format(time),
                text, END);
    }

    /** The event's first line: "Job terminated.", "Job was held.", ... */
    public String title() {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    /** A terminated (005) or aborted (009) event: the job has left the queue (condor_wait's end). */
    public boolean isFinal() {
        return code == TERMINATED || code == ABORTED;
    }

    /** The exit code of a normal termination (005, or a requeued 004), if this event says one. */
    public OptionalInt returnValue() {
        Matcher m = RETURN_VALUE.matcher(text);
        return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }

    /** The signal of an abnormal termination, if this event says one. */
    public OptionalInt signal() {
        Matcher m = SIGNAL.matcher(text);
        return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }

    /** Collects an event's lines while a log is read. */
    static final class Builder {
        private final int code;
        private final JobId job;
        private final LocalDateTime time;
        private final StringBuilder text;

        Builder(int code, JobId job, LocalDateTime time, String first) {
            this.code = code;
            this.job = job;
            this.time = time;
            this.text = new StringBuilder(first);
        }

        void line(String line) {
            text.append('\n').append(line);
        }

        /** Adds the event to {@code events}, unless its text is not one a log event can have. */
        void build(List<UserLogEvent> events) {
            try {
                events.add(new UserLogEvent(code, job, time, text.toString()));
            } catch (IllegalArgumentException e) {
                // an empty first line: not an event this reader can give back
            }
        }
    }
}
