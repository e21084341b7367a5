package org.harrier.benchmarks.grid;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.scheduler.SubmitCluster;

/**
 * The deep queue the queries read: {@code jobs} jobs that never match (Requirements FALSE), in
 * {@code clusters} consecutive clusters from {@code firstCluster}, one SubmitCluster each as
 * QueryScaleBenchmark queues them; and the four queries issue 16 runs over it, each with the check
 * of its answer. The grid's /bin/true jobs share the queue with them, so every check reads only
 * the deep clusters' jobs and counts the others as whatever the queue holds at the moment.
 */
record DeepQueue(long firstCluster, int clusters, int jobs) {
    /** The names of {@link #queries}, in their order. */
    static final List<String> QUERIES = List.of("q-id", "q-totals", "q-constraint", "q-af");
    private static final Pattern TOTALS = Pattern.compile("^(\\d+) jobs;");

    DeepQueue {
        if (clusters < 1 || jobs < clusters) {
            throw new IllegalArgumentException("a deep queue needs at least one job per cluster, got " + jobs
                    + " jobs in " + clusters + " clusters");
        }
    }

    /** Submits the queue through {@code scheduler}; its clusters must come out numbered one after another. */
    static DeepQueue submit(Scheduler scheduler, Path iwd, int jobs, int clusters) {
        ClassAd ad = neverMatching(iwd);
        long first = -1;
        for (int c = 1; c <= clusters; c++) {
            long id = scheduler.call(new SubmitCluster(ad, procs(jobs, clusters, c), List.of())).clusterId();
            if (first < 0) {
                first = id;
            } else if (id != first + c - 1) {
                throw new IllegalStateException("cluster " + id + " follows cluster " + (first + c - 2)
                        + ": the queries expect the deep queue's clusters numbered one after another");
            }
        }
        return new DeepQueue(first, clusters, jobs);
    }

    /** Procs of the {@code c}-th cluster (1-based): the jobs shared out, the first clusters taking one more. */
    int procsOf(int c) {
        return procs(jobs, clusters, c);
    }

    private static int procs(int jobs, int clusters, int c) {
        return jobs / clusters + (c <= jobs % clusters ? 1 : 0);
    }

    long lastCluster() {
        return firstCluster + clusters - 1;
    }

    /** The four queries of issue 16: q ID, q -totals, q -constraint matching 1% of the deep queue, q -af ClusterId ProcId. */
    List<QueryLoop.Query> queries() {
        int middle = (clusters + 1) / 2;
        String id = (firstCluster + middle - 1) + "." + (procsOf(middle) - 1);
        String constraint = String.format(Locale.ROOT, "ClusterId >= %d && ClusterId <= %d && ProcId %% 100 == 7",
                firstCluster, lastCluster());
        String some = String.format(Locale.ROOT, "\n%d jobs;", selectedByConstraint());
        return List.of(
                new QueryLoop.Query("q-id", List.of("q", id), text -> {
                    long rows = text.lines().filter(l -> l.trim().startsWith(id + " ")).count();
                    return rows == 1 && text.contains("\n1 jobs;") ? null : "did not show job " + id + " once:\n" + tail(text);
                }),
                new QueryLoop.Query("q-totals", List.of("q", "-totals"), this::totalsCountTheDeepQueue),
                new QueryLoop.Query("q-constraint", List.of("q", "-constraint", constraint), text ->
                        text.contains(some) ? null : "did not show " + some.strip() + "\n" + tail(text)),
                new QueryLoop.Query("q-af", List.of("q", "-af", "ClusterId", "ProcId"), this::everyDeepJobOnce));
    }

    /** Jobs with ProcId % 100 == 7: 1% of the queue, give or take a cluster's remainder. */
    long selectedByConstraint() {
        long selected = 0;
        for (int c = 1; c <= clusters; c++) {
            selected += procsOf(c) > 7 ? (procsOf(c) - 8) / 100 + 1 : 0;
        }
        return selected;
    }

    private String totalsCountTheDeepQueue(String text) {
        Matcher m = TOTALS.matcher(text);
        return m.find() && Long.parseLong(m.group(1)) >= jobs ? null
                : "did not count the " + jobs + " queued jobs or more:\n" + tail(text);
    }

    /** Null when {@code text} has a line "cluster proc" for each deep job, in order, once; other clusters' lines pass. */
    String everyDeepJobOnce(String text) {
        int[] seen = new int[clusters];
        long lines = 0;
        for (String line : (Iterable<String>) text.lines()::iterator) {
            String[] f = line.split(" ");
            long c = Long.parseLong(f[0]);
            int p = Integer.parseInt(f[1]);
            if (c < firstCluster || c > lastCluster()) {
                continue;
            }
            int i = (int) (c - firstCluster);
            if (p != seen[i]) {
                return "printed " + line + " out of order or twice, after " + lines + " of the deep queue's lines";
            }
            seen[i]++;
            lines++;
        }
        return lines == jobs ? null : "printed " + lines + " of the deep queue's " + jobs + " jobs";
    }

    /** GridBenchmark's job, which no slot will take. */
    static ClassAd neverMatching(Path iwd) {
        return GridBenchmark.jobAd(iwd).with("Requirements", org.harrier.classad.Expr.parse("FALSE"));
    }

    private static String tail(String text) {
        return text.length() > 2_000 ? "..." + text.substring(text.length() - 2_000) : text;
    }
}
