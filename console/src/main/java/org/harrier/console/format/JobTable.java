package org.harrier.console.format;

import java.time.Clock;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.harrier.classad.ClassAd;

/**
 * Job ads as condor_q and condor_history print them (HTCondor manual, condor_q "-nobatch"):
 *
 * <pre>
 *  ID      OWNER            SUBMITTED     RUN_TIME ST PRI SIZE CMD
 *    1.0   alice           3/14 10:27   0+00:00:05 R  0   0.0  echo hello
 *
 * 1 jobs; 0 completed, 0 removed, 0 idle, 1 running, 0 held, 0 suspended
 * </pre>
 *
 * RUN_TIME is wall-clock time: RemoteWallClockTime of earlier runs plus, for a running job, the
 * time since it started. SIZE is MemoryUsage (MiB) if the ad has it, else ImageSize (KiB) in MiB.
 * Times are shown in the clock's zone; the clock is an input so output is reproducible.
 *
 * <p>{@code -hold} and {@code -run} replace the columns after OWNER as condor_q's do: HELD_SINCE
 * (EnteredCurrentStatus) and HOLD_REASON; SUBMITTED, RUN_TIME and HOST(S) (RemoteHost, the slot).
 */
public final class JobTable {
    /**
     * Every attribute the tables read (lower-cased), CommandColumn's included: a listing asks the
     * scheduler for only these. A column that reads another must add it here; JobControlCommandsTest
     * compares each table with the one made from whole ads.
     */
    public static final java.util.Set<String> READS = java.util.Set.of("clusterid", "procid", "owner", "qdate",
            "jobstatus", "jobprio", "imagesize", "memoryusage", "cmd", "args", "arguments", "remotewallclocktime",
            "jobcurrentstartdate", "shadowbday", "enteredcurrentstatus", "completiondate", "remotehost", "holdreason");

    static final String QUEUE_HEADER = " ID      OWNER            SUBMITTED     RUN_TIME ST PRI SIZE CMD";
    static final String HISTORY_HEADER = " ID      OWNER            SUBMITTED     RUN_TIME ST   COMPLETED CMD";
    static final String HOLD_HEADER = " ID      OWNER           HELD_SINCE HOLD_REASON";
    static final String RUN_HEADER = " ID      OWNER            SUBMITTED     RUN_TIME HOST(S)";
    private static final String UNKNOWN_HOST = "[????????????????]";

    private static final Comparator<ClassAd> BY_ID = Comparator
            .comparingLong((ClassAd ad) -> AdFields.integer(ad, "ClusterId", 0))
            .thenComparingLong(ad -> AdFields.integer(ad, "ProcId", 0));

    private final Clock clock;

    public JobTable(Clock clock) {
        this.clock = clock;
    }

    /** The condor_q listing: header, one line per job in id order, a blank line, the totals. */
    public String queue(List<ClassAd> jobs) {
        return listing(QUEUE_HEADER, jobs, this::queueLine);
    }

    /** condor_q -hold: when each job was held and why, then the totals. */
    public String held(List<ClassAd> jobs) {
        return listing(HOLD_HEADER, jobs, this::heldLine);
    }

    /** condor_q -run: how long each job has run and on which slot, then the totals. */
    public String running(List<ClassAd> jobs) {
        return listing(RUN_HEADER, jobs, this::runLine);
    }

    private static String listing(String header, List<ClassAd> jobs, Function<ClassAd, String> line) {
        StringBuilder out = new StringBuilder(header).append('\n');
        jobs.stream().sorted(BY_ID).forEach(job -> out.append(line.apply(job)).append('\n'));
        return out.append('\n').append(totals(jobs)).append('\n').toString();
    }

    /** The header line of the listing {@link #queue}, {@link #held} (-hold) or {@link #running} (-run) prints, without the line break. */
    public static String header(boolean hold, boolean run) {
        return hold ? HOLD_HEADER : run ? RUN_HEADER : QUEUE_HEADER;
    }

    /** One job as a condor_q line, without the line break. */
    public String queueLine(ClassAd job) {
        // "%4d.%-3d %-14s %-11s %-12s %-2c %-3d %-4.1f %s", written out: a Formatter per line
        // was most of a long listing's time.
        StringBuilder line = idAndOwner(job);
        left(line, date(job, "QDate"), 11);
        left(line, Durations.dhms(runTime(job), 3), 12);
        left(line, String.valueOf(status(job)), 2);
        left(line, Long.toString(AdFields.integer(job, "JobPrio", 0)), 3);
        left(line, oneDecimal(size(job)), 4);
        return line.append(command(job)).toString().stripTrailing();
    }

    /** One held job as a condor_q -hold line: HELD_SINCE is when it entered its current (held) status. */
    public String heldLine(ClassAd job) {
        StringBuilder line = idAndOwner(job);
        left(line, date(job, "EnteredCurrentStatus"), 11);
        return line.append(AdFields.string(job, "HoldReason", "")).toString().stripTrailing();
    }

    /** One running job as a condor_q -run line: HOST(S) is the slot it runs on (RemoteHost). */
    public String runLine(ClassAd job) {
        StringBuilder line = idAndOwner(job);
        left(line, date(job, "QDate"), 11);
        left(line, Durations.dhms(runTime(job), 3), 12);
        return line.append(AdFields.string(job, "RemoteHost", UNKNOWN_HOST)).toString().stripTrailing();
    }

    /**
     * The condor_history listing of finished jobs: header and one line per job, in the order
     * given (condor_history's is newest first, as GetHistory answers).
     */
    public String history(List<ClassAd> jobs) {
        StringBuilder out = new StringBuilder(HISTORY_HEADER).append('\n');
        jobs.forEach(job -> out.append(historyLine(job)).append('\n'));
        return out.toString();
    }

    /** One finished job as a condor_history line: COMPLETED is when it left the queue. */
    public String historyLine(ClassAd job) {
        String completed = AdFields.integerOrNull(job, "CompletionDate") != null
                && AdFields.integer(job, "CompletionDate", 0) > 0 ? date(job, "CompletionDate")
                : date(job, "EnteredCurrentStatus");
        StringBuilder line = idAndOwner(job);
        left(line, date(job, "QDate"), 11);
        left(line, Durations.dhms(runTime(job), 3), 12);
        left(line, String.valueOf(status(job)), 2);
        left(line, completed, 11);
        return line.append(command(job)).toString().stripTrailing();
    }

    /** A line's start as {@code "%4d.%-3d %-14s "} writes it: the id, then the owner. */
    private static StringBuilder idAndOwner(ClassAd job) {
        StringBuilder line = new StringBuilder(96);
        String cluster = Long.toString(AdFields.integer(job, "ClusterId", 0));
        line.append(" ".repeat(Math.max(0, 4 - cluster.length()))).append(cluster).append('.');
        left(line, Long.toString(AdFields.integer(job, "ProcId", 0)), 3);
        left(line, AdFields.string(job, "Owner", "???"), 14);
        return line;
    }

    /** {@code text} left-aligned in {@code width} (never cut, as {@code %-Ns}), then the space between columns. */
    private static void left(StringBuilder line, String text, int width) {
        line.append(text);
        for (int i = text.length(); i < width; i++) {
            line.append(' ');
        }
        line.append(' ');
    }

    /**
     * {@code %.1f}: Formatter rounds the shortest decimal form half up, as BigDecimal.valueOf and
     * HALF_UP do; a negative or odd value (-0.0, NaN) goes through Formatter itself.
     */
    private static String oneDecimal(double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return java.math.BigDecimal.valueOf(v).setScale(1, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    /** {@code N jobs; C completed, X removed, I idle, R running, H held, S suspended}. */
    public static String totals(List<ClassAd> jobs) {
        return totals(totalsByName(jobs));
    }

    /** The totals line of counts named as {@link #totalsByName} names them. */
    public static String totals(Map<String, Integer> t) {
        return String.format(Locale.ROOT, "%d jobs; %d completed, %d removed, %d idle, %d running, %d held, %d suspended",
                t.get("Jobs"), t.get("Completed"), t.get("Removed"), t.get("Idle"), t.get("Running"), t.get("Held"),
                t.get("Suspended"));
    }

    /** The totals as {@code -totals --json} prints them: Jobs, then Completed, Removed, Idle, Running, Held, Suspended. */
    public static Map<String, Integer> totalsByName(List<ClassAd> jobs) {
        Map<JobStatusCode, Integer> counts = new EnumMap<>(JobStatusCode.class);
        for (ClassAd job : jobs) {
            count(job, counts);
        }
        return totalsByName(counts, jobs.size());
    }

    /** Adds {@code job} to the counts by status the totals line is made of (a job of no known status adds nothing). */
    public static void count(ClassAd job, Map<JobStatusCode, Integer> counts) {
        JobStatusCode s = JobStatusCode.of(AdFields.integer(job, "JobStatus", 0));
        if (s != null) {
            counts.merge(s, 1, Integer::sum);
        }
    }

    /** The same from counts by status (the scheduler's, condor_q -totals) of {@code jobs} jobs in all. */
    public static Map<String, Integer> totalsByName(Map<JobStatusCode, Integer> counts, int jobs) {
        Map<String, Integer> out = new LinkedHashMap<>();
        out.put("Jobs", jobs);
        for (JobStatusCode s : List.of(JobStatusCode.COMPLETED, JobStatusCode.REMOVED, JobStatusCode.IDLE,
                JobStatusCode.RUNNING, JobStatusCode.HELD, JobStatusCode.SUSPENDED)) {
            String word = s.word();
            out.put(Character.toUpperCase(word.charAt(0)) + word.substring(1), counts.getOrDefault(s, 0));
        }
        return out;
    }

    private String date(ClassAd job, String attribute) {
        Long seconds = AdFields.integerOrNull(job, attribute);
        if (seconds == null) {
            return "???";
        }
        ZonedDateTime t = Instant.ofEpochSecond(seconds).atZone(clock.getZone());
        // "%2d/%-2d %02d:%02d"
        StringBuilder d = new StringBuilder(11);
        d.append(t.getMonthValue() < 10 ? " " : "").append(t.getMonthValue()).append('/').append(t.getDayOfMonth());
        if (t.getDayOfMonth() < 10) {
            d.append(' ');
        }
        d.append(' ');
        return Durations.twoDigits(Durations.twoDigits(d, t.getHour()).append(':'), t.getMinute()).toString();
    }

    /**
     * condor_q's job_time: earlier runs plus, while the job holds a slot (running, suspended or
     * transferring output), the time since this run started.
     */
    private long runTime(ClassAd job) {
        long total = (long) AdFields.real(job, "RemoteWallClockTime", 0);
        JobStatusCode status = JobStatusCode.of(AdFields.integer(job, "JobStatus", 0));
        Long start = status == JobStatusCode.RUNNING
                ? firstOf(job, "JobCurrentStartDate", "ShadowBday", "EnteredCurrentStatus")
                : status == JobStatusCode.SUSPENDED || status == JobStatusCode.TRANSFERRING_OUTPUT
                        ? firstOf(job, "JobCurrentStartDate", "ShadowBday") : null;
        if (start != null) {
            total += clock.instant().getEpochSecond() - start;
        }
        return total;
    }

    private static Long firstOf(ClassAd job, String... attributes) {
        for (String a : attributes) {
            Long v = AdFields.integerOrNull(job, a);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private static char status(ClassAd job) {
        JobStatusCode s = JobStatusCode.of(AdFields.integer(job, "JobStatus", 0));
        return s == null ? '?' : s.letter();
    }

    private static double size(ClassAd job) {
        Double memoryUsage = AdFields.realOrNull(job, "MemoryUsage");
        return memoryUsage != null ? memoryUsage : AdFields.real(job, "ImageSize", 0) / 1024.0;
    }

    /** The program's base name and its arguments (see {@link CommandColumn}). */
    private static String command(ClassAd job) {
        return CommandColumn.of(job);
    }
}
