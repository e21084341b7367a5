package org.harrier.benchmarks.queue;

import org.harrier.classad.ClassAd;
import org.harrier.protocol.scheduler.Submit;
import org.harrier.protocol.scheduler.SubmitCluster;
import static org.harrier.benchmarks.CommandLine.count;
import static org.harrier.benchmarks.CommandLine.jvmOptions;
import static org.harrier.benchmarks.CommandLine.runAndExit;
import static org.harrier.benchmarks.CommandLine.value;
import static org.harrier.benchmarks.Figures.print;
import static org.harrier.benchmarks.Figures.verdict;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.protocol.AdMaps;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;

/**
 * The durable job queue's speed (issue 4): one cluster of N procs submitted and acknowledged
 * (on disk), the scheduler's heap per proc, its restart with the queue full, and single-job
 * Submit calls from concurrent clients. The scheduler is its own JVM on a fresh spool; the
 * broker runs in this JVM. Jobs never match (Requirements FALSE, no exec service), so only the
 * queue is measured.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.queue.QueueBenchmark}.
 */
public final class QueueBenchmark {
    static final double SUBMIT_TARGET_S = 5;
    static final double HEAP_TARGET_BYTES = 300;
    static final double RESTART_TARGET_S = 10;
    private static final Duration WAIT = Duration.ofSeconds(120);

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.queue.QueueBenchmark [options]

            Starts a broker here and the scheduler as its own JVM on a fresh spool, then measures:
            SubmitCluster of N procs until acknowledged (the answer comes once it is on disk),
            the scheduler's heap per proc (jcmd: full GC, used heap, before and after), the time
            from starting the scheduler again (after SIGKILL) with the N procs queued until it
            answers, and C clients calling Submit for one job at a time (calls/s, p50, p99).

              --procs N          procs in the one cluster (default 500000)
              --calls N          single-job Submit calls in all (default 10000)
              --clients N        concurrent clients for those calls (default 8)
              --scheduler-jvm OPTS  options for the scheduler's JVM (default -XX:TieredStopAtLevel=1,
                                 as bin/harrier; "" for the JDK's defaults)
              --histogram N      also print the N classes holding most of the scheduler's heap
                                 after the submit (jcmd GC.class_histogram)
              -h, --help         this text
            """;

    record Options(int procs, int calls, int clients, List<String> jvm, int histogram, boolean help) {
        static Options parse(String[] args) {
            int procs = 500_000;
            int calls = 10_000;
            int clients = 8;
            List<String> jvm = List.of("-XX:TieredStopAtLevel=1");
            int histogram = 0;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        return new Options(procs, calls, clients, jvm, histogram, true);
                    }
                    case "--procs" -> procs = count(a, value(args, ++i, a), 1);
                    case "--calls" -> calls = count(a, value(args, ++i, a), 1);
                    case "--clients" -> clients = count(a, value(args, ++i, a), 1);
                    case "--histogram" -> histogram = count(a, value(args, ++i, a), 0);
                    case "--scheduler-jvm" -> jvm = jvmOptions(value(args, ++i, a));
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return new Options(procs, calls, clients, jvm, histogram, false);
        }
    }

    private QueueBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        runAndExit("QueueBenchmark", USAGE, args, Options::parse, Options::help, QueueBenchmark::run);
    }

    static void run(Options o, PrintStream out) throws Exception {
        Path dir = Files.createTempDirectory("harrier-queuebench");
        Path spool = dir.resolve("spool");
        out.println("scheduler JVM options: " + (o.jvm().isEmpty() ? "(the JDK's defaults)" : String.join(" ", o.jvm())));
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl())) {
            Console console = bus.console();
            SchedulerProcess scheduler = SchedulerProcess.start(broker.clientUrl(), spool, dir.resolve("scheduler-1.log"), o.jvm());
            try {
                scheduler.awaitServing(console, WAIT);
                long heapBefore = scheduler.usedHeapAfterGc();
                Set<String> published = ConcurrentHashMap.newKeySet();
                long start;
                double seconds;
                double publishedSeconds;
                try (AutoCloseable jobs = console.subscribe("job", d -> published.add(d.id().key()))) {
                    start = System.nanoTime();
                    Console.join(console.call(SchedulerProcess.AGENT, SchedulerProcess.OBJECT,
                            new SubmitCluster(jobAd(), o.procs(), List.of()), WAIT));
                    seconds = (System.nanoTime() - start) / 1e9;
                    // The heap is measured once the job objects' indications are out, not while they queue.
                    long deadline = System.nanoTime() + WAIT.toNanos() * 5;
                    while (published.size() < o.procs() && System.nanoTime() < deadline) {
                        Thread.sleep(20);
                    }
                    publishedSeconds = (System.nanoTime() - start) / 1e9;
                }
                long heapAfter = scheduler.usedHeapAfterGc();
                double perProc = (heapAfter - heapBefore) / (double) o.procs();
                print(out, "submit_cluster_s", "%.2f", seconds, verdict(seconds <= SUBMIT_TARGET_S,
                        "%,d procs, SubmitCluster until acknowledged (durable); target <= %.0f s", o.procs(), SUBMIT_TARGET_S));
                print(out, "procs_per_s", "%.0f", o.procs() / seconds, "");
                print(out, "published_s", "%.2f", publishedSeconds, String.format(Locale.ROOT,
                        "until a console had heard %,d of the %,d new job objects", published.size(), o.procs()));
                print(out, "heap_per_proc_b", "%.0f", perProc, verdict(perProc <= HEAP_TARGET_BYTES,
                        "scheduler heap after GC, growth / procs (cluster ad and job objects included); target <= %.0f",
                        HEAP_TARGET_BYTES));
                if (o.histogram() > 0) {
                    out.println(scheduler.histogram(o.histogram()));
                }
                print(out, "log_mib", "%.2f", Files.size(spool.resolve("job_queue.log")) / 1048576.0, "job_queue.log after the submit");
            } finally {
                scheduler.kill();
            }
            SchedulerProcess again = SchedulerProcess.start(broker.clientUrl(), spool, dir.resolve("scheduler-2.log"), o.jvm());
            try {
                double restart = again.awaitServing(console, WAIT) / 1e9;
                print(out, "restart_s", "%.2f", restart, verdict(restart <= RESTART_TARGET_S,
                        "from starting the JVM (after SIGKILL) with %,d procs queued to its first answer; target <= %.0f s",
                        o.procs(), RESTART_TARGET_S));
                submits(console, o, out);
            } finally {
                again.close();
            }
        }
    }

    /** C clients, each calling Submit for one job and waiting for the answer, until N calls are done. */
    private static void submits(Console console, Options o, PrintStream out) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        List<Thread> clients = new ArrayList<>();
        ClassAd ad = jobAd();
        long start = System.nanoTime();
        for (int c = 0; c < o.clients(); c++) {
            Thread t = new Thread(() -> {
                while (next.getAndIncrement() < o.calls()) {
                    long t0 = System.nanoTime();
                    Console.join(console.call(SchedulerProcess.AGENT, SchedulerProcess.OBJECT, new Submit(ad), WAIT));
                    latencies.add(System.nanoTime() - t0);
                }
            }, "submitter-" + c);
            t.start();
            clients.add(t);
        }
        for (Thread t : clients) {
            t.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        print(out, "submit_calls_per_s", "%.0f", o.calls() / seconds, o.calls() + " single-job Submit calls from "
                + o.clients() + " clients, each acknowledged once on disk");
        print(out, "submit_p50_ms", "%.1f", sorted.get(sorted.size() / 2) / 1e6, "");
        print(out, "submit_p99_ms", "%.1f", sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(sorted.size() * 0.99) - 1)) / 1e6, "");
    }

    /** A job that never matches, so the measurement is the queue's alone. */
    static ClassAd jobAd() {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", "/bin/true");
        ad.put("Args", "");
        ad.put("Requirements", "FALSE");
        ad.put("JobUniverse", 5L);
        ad.put("Iwd", "/tmp");
        ad.put("Owner", "bench");
        ad.put(AdMaps.DESCRIPTORS, Map.of("Requirements", AdMaps.EXPRESSION));
        return AdMaps.toAd(ad);
    }

}
