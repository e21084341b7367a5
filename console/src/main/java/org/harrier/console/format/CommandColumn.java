package org.harrier.console.format;

import java.util.List;
import org.harrier.classad.ArgList;
import org.harrier.classad.ClassAd;

/**
 * The CMD column of {@code harrier q} and {@code harrier history}: the program's base name, then
 * its arguments in the submit file's new syntax as a user writes them, each argument that holds
 * white space or a single quote put whole in single quotes ({@code sh -c 'echo hello world'}).
 *
 * <p>The ad keeps new-syntax arguments in the raw form condor_submit writes (condor_arglist.cpp
 * {@code append_arg}), where only the white space and quotes inside an argument are quoted
 * ({@code -c echo' 'hello' 'world}); condor_q prints that string as it is, which reads as
 * garbage. Both forms split into the same arguments, so showing the whole-quoted one changes
 * nothing a user could paste back. Old-syntax {@code Args} are shown as stored (they hold no
 * quoting), and raw text that does not split (an ad edited by hand) is shown as it is. Pure.
 */
final class CommandColumn {
    private CommandColumn() {
    }

    /** Cmd's base name and the job's arguments (Arguments before Args, as condor_q reads them). */
    static String of(ClassAd job) {
        String cmd = AdFields.string(job, "Cmd", "");
        String base = cmd.substring(cmd.lastIndexOf('/') + 1);
        String v2 = AdFields.string(job, "Arguments", null);
        String args = v2 != null ? display(v2) : AdFields.string(job, "Args", "");
        return args.isEmpty() ? base : base + " " + args;
    }

    /** Raw new-syntax arguments as written in a submit file; {@code raw} itself when it does not split. */
    static String display(String raw) {
        List<String> args = split(raw);
        if (args == null) {
            return raw;
        }
        StringBuilder out = new StringBuilder();
        for (String arg : args) {
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(needsQuotes(arg) ? "'" + arg.replace("'", "''") + "'" : arg);
        }
        return out.toString();
    }

    private static boolean needsQuotes(String arg) {
        if (arg.isEmpty()) {
            return true;
        }
        for (int i = 0; i < arg.length(); i++) {
            if (ArgList.isSpace(arg.charAt(i)) || arg.charAt(i) == '\'') {
                return true;
            }
        }
        return false;
    }

    /** The arguments of raw new-syntax text ({@link ArgList#split}); null if a quote is unbalanced. */
    private static List<String> split(String raw) {
        try {
            return ArgList.split(raw);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

}
