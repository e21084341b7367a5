package org.harrier.benchmarks;

import java.io.PrintStream;
import java.util.Locale;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Syntax;

/**
 * The ClassAd figures issue 2 asks for, each with its target, HTCondor's C++ anchor and a ratio
 * to a hand-written Java baseline measured in the same run:
 *
 * <ol>
 *   <li>symmetric matches per second on one core (target at least 1,000,000),
 *   <li>job-ad parses per second on one core (target at least 100,000),
 *   <li>heap retained by one parsed 40-attribute job ad (target at most 4 KiB).
 * </ol>
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.ClassAdBenchmark}
 * ({@code --help} for the options). Everything runs on the main thread. The JMH benchmarks
 * ({@link MatchBenchmark}, {@link ParseBenchmark}) measure the same work more carefully.
 */
public final class ClassAdBenchmark {
    static final double MATCH_TARGET = 1_000_000;
    static final double PARSE_TARGET = 100_000;
    static final double HEAP_TARGET = 4096;

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.ClassAdBenchmark [options]

            Prints symmetric matches/s, job-ad parses/s and retained heap per job ad, each against
            its target, HTCondor's C++ figure, and a hand-written Java baseline run alongside.

              --warmup SECONDS   warm-up of each measured thing (default 2)
              --round SECONDS    length of one measured round of each thing (default 1)
              --rounds N         measured rounds (default 3)
              --heap-ads N       ads held for the heap figure (default 100000)
              --long             a steadier run: --warmup 5 --round 2 --rounds 7 --heap-ads 200000
              --only WHAT        only one figure: match, parse or heap
              -h, --help         this text
            """;

    private ClassAdBenchmark() {
    }

    public static void main(String[] args) {
        Options options = CommandLine.parseOrExit("ClassAdBenchmark", USAGE, args, Options::parse);
        if (options.help()) {
            System.out.print(USAGE);
            return;
        }
        try {
            run(options, System.out);
        } catch (IllegalStateException e) {
            System.out.flush();
            System.err.println("ClassAdBenchmark: " + e.getMessage());
            System.exit(1);
        }
    }

    static void run(Options options, PrintStream out) {
        Report report = new Report(out);
        report.header(options);
        Rounds rounds = new Rounds(options.warmupSeconds(), options.roundSeconds(), options.rounds());
        if (options.includes("match")) {
            Pool pool = Pool.standard();
            double matching = pool.checkBaselineAgrees();
            report.workload(pool, matching);
            Rounds.Result[] results = rounds.compare(pool::baselineMatch, pool::match, pool::matchReusingContext);
            report.matches(results[0], results[1]);
        }
        if (options.includes("parse")) {
            String[] texts = Workload.jobAds(1024);
            Rounds.Result parses = rounds.compare(n -> splitLines(n, texts), n -> parse(n, texts))[0];
            report.parses(parses, texts[0].length());
        }
        if (options.includes("heap")) {
            int count = options.heapAds();
            double classad = RetainedHeap.bytesPerObject(i -> ClassAd.parse(Workload.jobAd(i), Syntax.OLD), count);
            double baseline = RetainedHeap.bytesPerObject(i -> Baseline.textMap(Workload.jobAd(i), true), count);
            report.heap(classad, baseline, count, JolLayout.totalSize(ClassAd.parse(Workload.jobAd(7), Syntax.OLD)));
        }
        report.footer();
    }

    private static long parse(long n, String[] texts) {
        long size = 0;
        for (long i = 0; i < n; i++) {
            size += ClassAd.parse(texts[(int) (i & (texts.length - 1))], Syntax.OLD).size();
        }
        return size;
    }

    private static long splitLines(long n, String[] texts) {
        long size = 0;
        for (long i = 0; i < n; i++) {
            size += Baseline.textMap(texts[(int) (i & (texts.length - 1))], false).size();
        }
        return size;
    }

    /** The command line; {@code only} is null for all three figures. */
    record Options(double warmupSeconds, double roundSeconds, int rounds, int heapAds, String only, boolean help) {

        boolean includes(String figure) {
            return only == null || only.equals(figure);
        }

        static Options parse(String[] args) {
            double warmup = 2;
            double round = 1;
            int rounds = 3;
            int heapAds = 100_000;
            String only = null;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                switch (arg) {
                    case "-h", "--help" -> {
                        return new Options(warmup, round, rounds, heapAds, only, true);
                    }
                    case "--long" -> {
                        warmup = 5;
                        round = 2;
                        rounds = 7;
                        heapAds = 200_000;
                    }
                    case "--warmup" -> warmup = positive(arg, value(args, ++i, arg));
                    case "--round" -> round = positive(arg, value(args, ++i, arg));
                    case "--rounds" -> rounds = (int) positive(arg, value(args, ++i, arg));
                    case "--heap-ads" -> heapAds = (int) positive(arg, value(args, ++i, arg));
                    case "--only" -> {
                        only = value(args, ++i, arg).toLowerCase(Locale.ROOT);
                        if (!only.equals("match") && !only.equals("parse") && !only.equals("heap")) {
                            throw new IllegalArgumentException("--only takes match, parse or heap, not '" + only + "'");
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
                }
            }
            return new Options(warmup, round, rounds, heapAds, only, false);
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        private static double positive(String option, String text) {
            try {
                double d = Double.parseDouble(text);
                if (d > 0 && d < 1e9) {
                    return d;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(option + " takes a positive number, not '" + text + "'");
        }
    }
}
