package org.harrier.console.format;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.harrier.classad.ClassAd;

/**
 * Slot (machine) ads as condor_status prints them: one line per slot, then what each
 * partitionable slot has left to carve (left/total; Disk in KiB), then the summary of slots per
 * Arch/OpSys by State ({@code -total} prints only the summary).
 *
 * <pre>
 * Name               OpSys      Arch   State     Activity LoadAv Mem   ActvtyTime
 *
 * slot1@host         LINUX      X86_64 Unclaimed Idle      0.000 15701  0+00:45:20
 *
 * Partitionable slots, what is left of each resource:
 *
 * Name                Cpus        Memory            Disk GPUs
 * slot1@host           3/4   15701/16213 85000000/90000000  0/0
 *
 *                   Total Owner Claimed Unclaimed Matched Preempting  Drain
 *
 *   X86_64/LINUX        1     0       0         1       0          0      0
 *
 *          Total        1     0       0         1       0          0      0
 * </pre>
 *
 * Mem is the slot's Memory (MiB; a partitionable slot advertises what is left), ActvtyTime the
 * time since EnteredCurrentActivity. No slots prints nothing, as condor_status does.
 */
public final class SlotTable {
    static final String SUMMARY_HEADER = "                  Total Owner Claimed Unclaimed Matched Preempting  Drain";
    /** The key of the all-platforms row; every platform key has a '/' (Arch/OpSys), so none is this. */
    private static final String TOTAL = "Total";
    private static final List<String> STATES = List.of("Owner", "Claimed", "Unclaimed", "Matched", "Preempting", "Drained");
    private static final Comparator<ClassAd> BY_MACHINE_AND_NAME = Comparator
            .comparing((ClassAd ad) -> AdFields.string(ad, "Machine", ""))
            .thenComparing(ad -> AdFields.string(ad, "Name", ""));

    private final Clock clock;

    public SlotTable(Clock clock) {
        this.clock = clock;
    }

    public String render(List<ClassAd> slots) {
        if (slots.isEmpty()) {
            return "";
        }
        List<ClassAd> sorted = slots.stream().sorted(BY_MACHINE_AND_NAME).toList();
        int nameWidth = Math.max(18, sorted.stream().mapToInt(s -> AdFields.string(s, "Name", "???").length()).max()
                .orElse(0));
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-" + nameWidth + "s %-10s %-6s %-9s %-8s %6s %-5s %11s",
                "Name", "OpSys", "Arch", "State", "Activity", "LoadAv", "Mem", "ActvtyTime")).append("\n\n");
        for (ClassAd slot : sorted) {
            out.append(line(slot, nameWidth)).append('\n');
        }
        out.append('\n').append(partitionable(sorted, nameWidth)).append(summary(sorted));
        return out.toString();
    }

    /** Only the summary by platform and state (condor_status -total); nothing for no slots. */
    public String totals(List<ClassAd> slots) {
        return slots.isEmpty() ? "" : summary(slots);
    }

    /** The summary as JSON-ready rows: {Platform, Total, Owner, Claimed, Unclaimed, Matched, Preempting, Drained}. */
    public static List<Map<String, Object>> totalsByPlatform(List<ClassAd> slots) {
        List<Map<String, Object>> out = new ArrayList<>();
        counts(slots).forEach((platform, c) -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("Platform", platform);
            row.put("Total", c[0]);
            for (int i = 0; i < STATES.size(); i++) {
                row.put(STATES.get(i), c[i + 1]);
            }
            out.add(row);
        });
        return out;
    }

    /** What each partitionable slot has left to carve, as left/total; nothing when there is none. */
    private static String partitionable(List<ClassAd> sorted, int nameWidth) {
        List<ClassAd> pslots = sorted.stream()
                .filter(s -> "Partitionable".equalsIgnoreCase(AdFields.string(s, "SlotType", ""))).toList();
        if (pslots.isEmpty()) {
            return "";
        }
        String format = "%-" + nameWidth + "s %6s %13s %21s %5s";
        StringBuilder out = new StringBuilder("Partitionable slots, what is left of each resource:\n\n");
        out.append(String.format(Locale.ROOT, format, "Name", "Cpus", "Memory", "Disk", "GPUs")).append('\n');
        for (ClassAd s : pslots) {
            out.append(String.format(Locale.ROOT, format, AdFields.string(s, "Name", "???"), left(s, "Cpus"),
                    left(s, "Memory"), left(s, "Disk"), left(s, "GPUs"))).append('\n');
        }
        return out.append('\n').toString();
    }

    /** "left/total" (the startd advertises TotalSlot<Res>), or just what is left. */
    private static String left(ClassAd slot, String resource) {
        long left = AdFields.integer(slot, resource, 0);
        Long total = AdFields.integerOrNull(slot, "TotalSlot" + resource);
        return total == null ? Long.toString(left) : left + "/" + total;
    }

    private String line(ClassAd slot, int nameWidth) {
        return String.format(Locale.ROOT, "%-" + nameWidth + "s %-10s %-6s %-9s %-8s %6.3f %-5d %11s",
                AdFields.string(slot, "Name", "???"), AdFields.string(slot, "OpSys", "???"),
                AdFields.string(slot, "Arch", "???"), AdFields.string(slot, "State", "???"),
                AdFields.string(slot, "Activity", "???"), AdFields.real(slot, "LoadAvg", 0),
                AdFields.integer(slot, "Memory", 0), activityTime(slot));
    }

    private String activityTime(ClassAd slot) {
        Long since = AdFields.integerOrNull(slot, "EnteredCurrentActivity");
        if (since == null) {
            since = AdFields.integerOrNull(slot, "EnteredCurrentState");
        }
        return since == null ? "[Unknown]" : Durations.dhms(clock.instant().getEpochSecond() - since, 2);
    }

    private static String summary(List<ClassAd> slots) {
        Map<String, int[]> byPlatform = counts(slots);
        int[] total = byPlatform.remove(TOTAL);
        StringBuilder out = new StringBuilder(SUMMARY_HEADER).append("\n\n");
        byPlatform.forEach((platform, row) -> out.append(summaryLine(platform, row)).append('\n'));
        return out.append('\n').append(summaryLine(TOTAL, total)).append('\n').toString();
    }

    /** Per Arch/OpSys, then {@link #TOTAL}: [slots, then one count per state of {@link #STATES}]. */
    private static Map<String, int[]> counts(List<ClassAd> slots) {
        Map<String, int[]> byPlatform = new TreeMap<>();
        int[] total = new int[STATES.size() + 1];
        for (ClassAd slot : slots) {
            String platform = AdFields.string(slot, "Arch", "???") + "/" + AdFields.string(slot, "OpSys", "???");
            int[] row = byPlatform.computeIfAbsent(platform, p -> new int[STATES.size() + 1]);
            int state = STATES.indexOf(AdFields.string(slot, "State", ""));
            for (int[] counts : List.of(row, total)) {
                counts[0]++;
                if (state >= 0) {
                    counts[state + 1]++;
                }
            }
        }
        Map<String, int[]> out = new LinkedHashMap<>(byPlatform);
        out.put(TOTAL, total);
        return out;
    }

    private static String summaryLine(String label, int[] c) {
        return String.format(Locale.ROOT, "%14s %8d %5d %7d %9d %7d %10d %6d", label, c[0], c[1], c[2], c[3], c[4], c[5],
                c[6]);
    }
}
