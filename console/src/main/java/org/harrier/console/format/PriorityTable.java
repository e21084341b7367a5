package org.harrier.console.format;

import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.harrier.classad.ClassAd;

/**
 * The negotiator's accountant records (GetPriorities) as condor_userprio prints them: by
 * default the users active in the last day (resources in use, or used since), with Effective
 * Priority, Priority Factor, Res In Use, Total Usage (wghted-hrs) and Time Since Last Usage;
 * {@code -usage} the accumulated usage with its start and last times.
 *
 * <pre>
 *                                     Effective   Priority   Res   Total Usage  Time Since
 * User Name                           Priority     Factor   In Use (wghted-hrs) Last Usage
 * ---------------------------------- ------------ --------- ------ ------------ ----------
 * alice                                      0.50      1.00      1         0.25      &lt;now&gt;
 * ---------------------------------- ------------ --------- ------ ------------ ----------
 * Number of users: 1                                             1         0.25
 * </pre>
 *
 * Records are read as GetStats answers them (mrg-grid-schema.json): Priority (effective),
 * PriorityFactor, ResourcesUsed, AccumulatedUsage in weighted slot-hours (the unit SetUsage
 * takes), BeginUsageTime and LastUsageTime in epoch seconds (0 or missing: never).
 */
public final class PriorityTable {
    static final long ACTIVE_WITHIN_SECONDS = 24 * 60 * 60;
    private static final String NAME_RULE = "-".repeat(34);
    private static final String DEFAULT_FORMAT = "%-34s %12s %9s %6s %12s %10s\n";
    private static final String USAGE_FORMAT = "%-34s %11s %16s %16s %10s\n";
    private static final Comparator<ClassAd> BEST_FIRST = Comparator
            .comparingDouble((ClassAd r) -> AdFields.real(r, "Priority", Double.MAX_VALUE))
            .thenComparing(r -> AdFields.string(r, "Name", ""));

    private final Clock clock;
    private final DateTimeFormatter date;

    public PriorityTable(Clock clock) {
        this.clock = clock;
        this.date = DateTimeFormatter.ofPattern("M/d/yyyy HH:mm", Locale.ROOT).withZone(clock.getZone());
    }

    /** The records condor_userprio lists: all of them, or only those active in the last day. */
    public List<ClassAd> shown(List<ClassAd> records, boolean allUsers) {
        long since = clock.instant().getEpochSecond() - ACTIVE_WITHIN_SECONDS;
        return records.stream()
                .filter(r -> allUsers || inUse(r) > 0 || AdFields.integer(r, "LastUsageTime", 0) >= since)
                .sorted(BEST_FIRST).toList();
    }

    /** condor_userprio's default listing of {@code records} (already chosen by {@link #shown}). */
    public String priorities(List<ClassAd> records) {
        StringBuilder out = new StringBuilder();
        out.append("                                    Effective   Priority   Res   Total Usage  Time Since\n");
        out.append("User Name                           Priority     Factor   In Use (wghted-hrs) Last Usage\n");
        String rule = String.format(Locale.ROOT, DEFAULT_FORMAT, NAME_RULE, "-".repeat(12), "-".repeat(9),
                "-".repeat(6), "-".repeat(12), "-".repeat(10));
        out.append(rule);
        long inUse = 0;
        double usage = 0;
        for (ClassAd r : records) {
            inUse += inUse(r);
            usage += AdFields.real(r, "AccumulatedUsage", 0);
            out.append(String.format(Locale.ROOT, DEFAULT_FORMAT, AdFields.string(r, "Name", "???"),
                    fixed(AdFields.real(r, "Priority", 0)), fixed(AdFields.real(r, "PriorityFactor", 0)), inUse(r),
                    fixed(AdFields.real(r, "AccumulatedUsage", 0)), sinceLastUsage(r)));
        }
        out.append(rule);
        out.append(String.format(Locale.ROOT, DEFAULT_FORMAT, "Number of users: " + records.size(), "", "", inUse,
                fixed(usage), "").stripTrailing()).append('\n');
        return out.toString();
    }

    /** condor_userprio -usage: accumulated usage, when it started and when it was last recorded. */
    public String usage(List<ClassAd> records) {
        StringBuilder out = new StringBuilder();
        out.append("                                   Accumulated      Usage             Last        Time Since\n");
        out.append("User Name                          Usage (hrs)    Start Time       Usage Time     Last Usage\n");
        String rule = String.format(Locale.ROOT, USAGE_FORMAT, NAME_RULE, "-".repeat(11), "-".repeat(16),
                "-".repeat(16), "-".repeat(10));
        out.append(rule);
        double usage = 0;
        long last = 0;
        for (ClassAd r : records) {
            usage += AdFields.real(r, "AccumulatedUsage", 0);
            last = Math.max(last, AdFields.integer(r, "LastUsageTime", 0));
            out.append(String.format(Locale.ROOT, USAGE_FORMAT, AdFields.string(r, "Name", "???"),
                    fixed(AdFields.real(r, "AccumulatedUsage", 0)), time(AdFields.integer(r, "BeginUsageTime", 0)),
                    time(AdFields.integer(r, "LastUsageTime", 0)), sinceLastUsage(r)));
        }
        out.append(rule);
        out.append(String.format(Locale.ROOT, USAGE_FORMAT, "Number of users: " + records.size(), fixed(usage), "",
                time(last), "").stripTrailing()).append('\n');
        return out.toString();
    }

    private static long inUse(ClassAd r) {
        return AdFields.integer(r, "ResourcesUsed", 0);
    }

    private static String fixed(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }

    private String time(long epochSeconds) {
        return epochSeconds <= 0 ? "<never>" : date.format(Instant.ofEpochSecond(epochSeconds));
    }

    /** "&lt;now&gt;" while the submitter has resources, d+hh:mm since its last usage, "&lt;never&gt;". */
    private String sinceLastUsage(ClassAd r) {
        if (inUse(r) > 0) {
            return "<now>";
        }
        long last = AdFields.integer(r, "LastUsageTime", 0);
        if (last <= 0) {
            return "<never>";
        }
        long s = Math.max(0, clock.instant().getEpochSecond() - last);
        return String.format(Locale.ROOT, "%d+%02d:%02d", s / 86_400, s / 3_600 % 24, s / 60 % 60);
    }
}
