package org.harrier.benchmarks;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/** What every benchmark's command line shares: option values, whole numbers, JVM options, the usage on error. */
public final class CommandLine {
    private CommandLine() {
    }

    /** The value after {@code option} at {@code args[i]}; a clear error when there is none. */
    public static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    /** {@code text} as a whole number of at least {@code least}; a clear error naming {@code option} otherwise. */
    public static int count(String option, String text, int least) {
        try {
            int n = Integer.parseInt(text);
            if (n < least) {
                throw new IllegalArgumentException(option + " must be at least " + least + ", got " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, got '" + text + "'");
        }
    }

    /** Space-separated JVM options; an empty text is none (the JDK's defaults). */
    public static List<String> jvmOptions(String text) {
        return Arrays.stream(text.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

    /** Parses {@code args}; on a bad command line prints the problem and {@code usage} and exits with status 2. */
    public static <O> O parseOrExit(String program, String usage, String[] args, Function<String[], O> parse) {
        try {
            return parse.apply(args);
        } catch (IllegalArgumentException e) {
            System.err.println(program + ": " + e.getMessage());
            System.err.print(usage);
            System.exit(2);
            return null;
        }
    }

    /** A benchmark's run: its figures printed to {@code out}. */
    public interface Run<O> {
        void run(O options, PrintStream out) throws Exception;
    }

    /**
     * A benchmark's {@code main}: parses {@code args} ({@link #parseOrExit}), prints {@code usage}
     * when the options ask for help, else runs on System.out and exits: the bus's client threads
     * would otherwise keep a finished run waiting.
     */
    public static <O> void runAndExit(String program, String usage, String[] args, Function<String[], O> parse,
            Predicate<O> help, Run<O> run) throws Exception {
        O options = parseOrExit(program, usage, args, parse);
        if (help.test(options)) {
            System.out.print(usage);
            return;
        }
        run.run(options, System.out);
        System.exit(0);
    }
}
