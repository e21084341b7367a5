package org.harrier.benchmarks;

import java.io.PrintStream;
import java.util.Locale;

/** The printed report of {@link ClassAdBenchmark}: one table row per figure, then the notes. */
final class Report {
    private static final String ROW = "%-34s %13s %13s %7s  %-14s %-15s %s%n";

    private final PrintStream out;
    private final StringBuilder notes = new StringBuilder();
    private boolean tableStarted;

    Report(PrintStream out) {
        this.out = out;
    }

    void header(ClassAdBenchmark.Options o) {
        out.println("Harrier ClassAd benchmark");
        out.printf(Locale.ROOT, "  one thread; Java %s (%s) on %s %s, %d CPUs%n",
                System.getProperty("java.version"), System.getProperty("java.vm.name"),
                System.getProperty("os.name"), System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors());
        out.printf(Locale.ROOT, "  warm-up %s s each, then %d rounds of %s s each, ClassAd and baseline taking turns; medians%n",
                seconds(o.warmupSeconds()), o.rounds(), seconds(o.roundSeconds()));
        out.println();
    }

    void workload(Pool pool, double matchingFraction) {
        out.printf(Locale.ROOT, "Workload: %,d job ads (%d attributes, old syntax, as condor_q -long prints them)"
                        + " x %,d machine ads; %.1f%% of pairs match%n%n",
                pool.jobs.length, pool.jobs[0].size(), pool.machines.length, 100 * matchingFraction);
    }

    void matches(Rounds.Result fresh, Rounds.Result reused) {
        row("symmetric matches/s, 1 core", count(fresh.candidatePerSecond()), count(fresh.baselinePerSecond()),
                ratio(fresh.ratio()), ">= 1,000,000", "~285,000", verdict(fresh.candidatePerSecond() >= ClassAdBenchmark.MATCH_TARGET));
        row("  same, one EvalContext reused", count(reused.candidatePerSecond()), count(reused.baselinePerSecond()),
                ratio(reused.ratio()), "", "", "");
    }

    void parses(Rounds.Result parses, int textLength) {
        row("job-ad parses/s, 1 core", count(parses.candidatePerSecond()), count(parses.baselinePerSecond()),
                ratio(parses.ratio()), ">= 100,000", "30,000-60,000", verdict(parses.candidatePerSecond() >= ClassAdBenchmark.PARSE_TARGET));
        notes.append(String.format(Locale.ROOT, "  job ad text: about %,d characters, %d attributes%n", textLength, Workload.JOB_ATTRIBUTES));
    }

    void heap(double classad, double baseline, int count, String jolSize) {
        row("retained heap per job ad", String.format(Locale.ROOT, "%,.0f B", classad), String.format(Locale.ROOT, "%,.0f B", baseline),
                ratio(classad / baseline), "<= 4,096 B", "-", verdict(classad <= ClassAdBenchmark.HEAP_TARGET));
        notes.append(String.format(Locale.ROOT, "  heap: growth of the used heap after GC with %,d distinct ads held, divided by %,d%n", count, count));
        notes.append("  JOL GraphLayout.totalSize of one ad: " + jolSize + " (counts the names and values all ads share)\n");
    }

    void footer() {
        out.println();
        out.print(notes);
        out.println("  baselines, measured in the same run: the same comparisons written by hand in Java over");
        out.println("  HashMap<String,Object> ads (match); each line split at '=' into a HashMap<String,String>");
        out.println("  (parse; heap, with shared names). ratio = ClassAd / baseline; for heap, lower is better.");
        out.println("  HTCondor C++: libclassad -O3 on this kind of machine (issue 2).");
    }

    private void row(String figure, String classad, String baseline, String ratio, String target, String anchor, String verdict) {
        if (!tableStarted) {
            out.printf(Locale.ROOT, ROW, "", "ClassAd", "baseline", "ratio", "target", "HTCondor C++", "");
            tableStarted = true;
        }
        out.printf(Locale.ROOT, ROW, figure, classad, baseline, ratio, target, anchor, verdict);
        out.flush();
    }

    private static String count(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.2f", r);
    }

    private static String verdict(boolean met) {
        return met ? "MET" : "MISSED";
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(s);
    }
}
