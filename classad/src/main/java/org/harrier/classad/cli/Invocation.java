package org.harrier.classad.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.harrier.classad.Syntax;

/**
 * What a person asked classad-eval to do, read from the command line by hand (the module
 * depends on nothing, so no argument library).
 *
 * <p>Options may be spelled with one dash or two ({@code -my-ad}, {@code --my-ad}); those taking
 * one value also accept {@code --name=value}. An argument is an option only if it is a dash
 * followed by a letter, so {@code -1 + x} is an expression; {@code --} ends the options.
 *
 * @param myAd      ad text or {@code @file} for MY, or null
 * @param targetAd  ad text or {@code @file} for TARGET, or null
 * @param syntax    syntax forced on ads and expressions, or null for the default (ads: either,
 *                  told apart by a leading {@code [}; expressions: new)
 */
record Invocation(Mode mode, String myAd, String targetAd, List<String> expressions,
                  String jobAd, String machineAd, Syntax syntax) {

    enum Mode { HELP, EVALUATE, MATCH, JSONL }

    private static final Set<String> OPTIONS =
            Set.of("my-ad", "target-ad", "match", "jsonl", "syntax");

    /** A command line that cannot be carried out; classad-eval exits with status 2. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    static Invocation parse(String[] args) throws UsageException {
        for (String arg : args) {
            if (arg.equals("--")) {
                break;
            }
            // Asking for help always gets it, whatever else is on the line.
            if (arg.equals("-h") || arg.equals("-help") || arg.equals("--help")) {
                return new Invocation(Mode.HELP, null, null, List.of(), null, null, null);
            }
        }
        return new Reader(args).read();
    }

    private static final class Reader {
        private final String[] args;
        private int next;
        private String myAd;
        private String targetAd;
        private String jobAd;
        private String machineAd;
        private Syntax syntax;
        private boolean match;
        private boolean jsonl;
        private final List<String> expressions = new ArrayList<>();
        private final List<String> given = new ArrayList<>();

        Reader(String[] args) {
            this.args = args;
        }

        Invocation read() throws UsageException {
            boolean optionsEnded = false;
            while (next < args.length) {
                String arg = args[next++];
                if (!optionsEnded && arg.equals("--")) {
                    optionsEnded = true;
                } else if (!optionsEnded && isOption(arg)) {
                    option(arg);
                } else {
                    expressions.add(arg);
                }
            }
            return build();
        }

        private static boolean isOption(String arg) {
            int start = arg.startsWith("--") ? 2 : 1;
            return arg.startsWith("-") && arg.length() > start && Character.isLetter(arg.charAt(start));
        }

        private static String nameOf(String arg) {
            String bare = arg.substring(arg.startsWith("--") ? 2 : 1);
            int eq = bare.indexOf('=');
            return eq < 0 ? bare : bare.substring(0, eq);
        }

        private void option(String arg) throws UsageException {
            String name = nameOf(arg);
            if (!OPTIONS.contains(name)) {
                throw new UsageException("unknown option '" + arg + "'"
                        + (arg.startsWith("--") ? "" : " (to evaluate an expression that starts with '-', put '--' before it)"));
            }
            if (given.contains(name)) {
                throw new UsageException("option " + spelled(arg) + " is given more than once");
            }
            given.add(name);
            int eq = arg.indexOf('=');
            String inline = arg.startsWith("--") && eq >= 0 ? arg.substring(eq + 1) : null;
            switch (name) {
                case "my-ad":
                    myAd = value(arg, inline, "the ad text or @file");
                    break;
                case "target-ad":
                    targetAd = value(arg, inline, "the ad text or @file");
                    break;
                case "syntax":
                    syntax = syntax(value(arg, inline, "old or new"));
                    break;
                case "match":
                    noInlineValue(arg, inline);
                    match = true;
                    jobAd = value(arg, null, "two ads: JOBAD MACHINEAD");
                    machineAd = value(arg, null, "two ads: JOBAD MACHINEAD");
                    break;
                default:
                    noInlineValue(arg, inline);
                    jsonl = true;
            }
        }

        /** The option's value: inline after '=', else the next argument unless that is an option. */
        private String value(String option, String inline, String what) throws UsageException {
            if (inline != null) {
                return inline;
            }
            if (next >= args.length || isOption(args[next]) && OPTIONS.contains(nameOf(args[next]))) {
                throw new UsageException("option " + spelled(option) + " needs " + what);
            }
            return args[next++];
        }

        /** The option as written, without any '=value'. */
        private static String spelled(String arg) {
            int eq = arg.indexOf('=');
            return eq < 0 ? arg : arg.substring(0, eq);
        }

        private static void noInlineValue(String arg, String inline) throws UsageException {
            if (inline != null) {
                throw new UsageException("option " + spelled(arg) + " takes no '=value'");
            }
        }

        private static Syntax syntax(String value) throws UsageException {
            switch (value.toLowerCase(java.util.Locale.ROOT)) {
                case "old": return Syntax.OLD;
                case "new": return Syntax.NEW;
                default: throw new UsageException("-syntax must be old or new, not '" + value + "'");
            }
        }

        private Invocation build() throws UsageException {
            List<String> exprs = List.copyOf(expressions);
            if (match && jsonl) {
                throw new UsageException("--match and --jsonl cannot be used together");
            }
            if (match) {
                rejectWith("--match", exprs, "expressions (it evaluates Requirements and Rank)");
                rejectWith("--match", myAd != null || targetAd != null, "-my-ad or -target-ad (its two arguments are the ads)");
                return new Invocation(Mode.MATCH, null, null, List.of(), jobAd, machineAd, syntax);
            }
            if (jsonl) {
                rejectWith("--jsonl", exprs, "expressions (each input line carries its own)");
                rejectWith("--jsonl", myAd != null || targetAd != null || syntax != null,
                        "-my-ad, -target-ad or -syntax (each input line carries its own)");
                return new Invocation(Mode.JSONL, null, null, List.of(), null, null, null);
            }
            if (exprs.isEmpty()) {
                throw new UsageException("nothing to evaluate: give one or more expressions, --match or --jsonl");
            }
            return new Invocation(Mode.EVALUATE, myAd, targetAd, exprs, null, null, syntax);
        }

        private static void rejectWith(String mode, List<String> exprs, String what) throws UsageException {
            if (!exprs.isEmpty()) {
                throw new UsageException(mode + " takes no " + what + ", but got '" + exprs.get(0) + "'");
            }
        }

        private static void rejectWith(String mode, boolean present, String what) throws UsageException {
            if (present) {
                throw new UsageException(mode + " cannot be combined with " + what);
            }
        }
    }
}
