package org.harrier.console.submit;

import java.util.Locale;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.Syntax;
import org.harrier.classad.Value;

/**
 * The submit commands in force for the proc being made, as the {@link AdStep}s read them:
 * values expanded for that proc, an empty value the same as none (condor_submit's
 * {@code submit_param}), and errors that name the file and the command's line.
 */
final class ProcCommands {
    private final String file;
    private final SubmitContext context;
    private final Macros macros;
    private final int queueLine;

    ProcCommands(String file, SubmitContext context, Macros macros, int queueLine) {
        this.file = file;
        this.context = context;
        this.macros = macros;
        this.queueLine = queueLine;
    }

    String file() {
        return file;
    }

    SubmitContext context() {
        return context;
    }

    int queueLine() {
        return queueLine;
    }

    Macros macros() {
        return macros;
    }

    /** The expanded, stripped value of {@code command}, or null when it is not set or empty. */
    String text(String command) {
        Macros.Expanded e = macros.get(command);
        if (e == null) {
            return null;
        }
        String t = e.text().strip();
        return t.isEmpty() ? null : t;
    }

    /** The line that set {@code command}, else the queue statement's. */
    int line(String command) {
        Macros.Setting s = macros.setting(command);
        return s == null ? queueLine : s.line();
    }

    SubmitException error(String command, String problem) {
        return new SubmitException(file, line(command), problem);
    }

    /** The value of {@code command} parsed as a ClassAd expression (old syntax), or null when unset. */
    Expr expression(String command) {
        String t = text(command);
        return t == null ? null : parse(command, t);
    }

    Expr parse(String command, String text) {
        try {
            return Expr.parse(text, Syntax.OLD);
        } catch (ClassAdParseException e) {
            throw error(command, command + " is not a valid ClassAd expression: " + e.getMessage());
        }
    }

    /**
     * {@code command} as a boolean: true/false, yes/no, t/f, 1/0 in any case, or a ClassAd
     * expression that evaluates to a boolean without a job ad; {@code absent} when unset.
     */
    boolean bool(String command, boolean absent) {
        String t = text(command);
        if (t == null) {
            return absent;
        }
        switch (t.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "t", "1":
                return true;
            case "false", "no", "f", "0":
                return false;
            default:
                break;
        }
        Value v = tryEvaluate(t);
        if (v instanceof BooleanValue b) {
            return b.value();
        }
        throw error(command, command + " = " + t + " is not a boolean (true or false)");
    }

    /** {@code command} as an integer (a ClassAd expression evaluating to one); {@code absent} when unset. */
    long integer(String command, long absent) {
        String t = text(command);
        if (t == null) {
            return absent;
        }
        Value v = tryEvaluate(t);
        if (v instanceof IntegerValue i) {
            return i.value();
        }
        throw error(command, command + " = " + t + " is not an integer");
    }

    private static Value tryEvaluate(String text) {
        try {
            return Expr.parse(text, Syntax.OLD).evaluate();
        } catch (ClassAdParseException e) {
            return null;
        }
    }
}
