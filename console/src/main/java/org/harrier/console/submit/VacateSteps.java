package org.harrier.console.submit;

import java.util.List;
import java.util.Locale;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Value;

/**
 * How a job is asked to leave a machine (submit_utils.cpp {@code SetKillSig},
 * {@code SetMaxJobRetirementTime}'s neighbour {@code job_max_vacate_time}):
 * <ul>
 *   <li>{@code kill_sig}: KillSig, the signal a vacated job gets first, as {@code SIGUSR1};
 *       a name with or without SIG, or its number; SIGTERM when absent (the starter's default);
 *   <li>{@code job_max_vacate_time}: JobMaxVacateTime, seconds the job needs after its kill
 *       signal before it is killed outright; the startd gives it no more than its own
 *       MAXVACATETIME. A number, or an expression the startd evaluates with the slot as TARGET
 *       when it vacates the job.
 * </ul>
 */
final class VacateSteps {
    /** Linux's signals 1..31 in number order, as kill(1) names them. */
    static final List<String> SIGNALS = List.of("HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL",
            "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU",
            "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS");

    private VacateSteps() {
    }

    static void killSig(ProcCommands c, ClassAd.Builder ad) {
        String text = c.text("kill_sig");
        if (text == null) {
            return;
        }
        String t = text.strip().toUpperCase(Locale.ROOT);
        String name = null;
        if (t.matches("[0-9]{1,2}")) {
            int n = Integer.parseInt(t);
            name = n >= 1 && n <= SIGNALS.size() ? SIGNALS.get(n - 1) : null;
        } else {
            String bare = t.startsWith("SIG") ? t.substring(3) : t;
            name = SIGNALS.contains(bare) ? bare : null;
        }
        if (name == null) {
            throw c.error("kill_sig", "kill_sig = " + text + " is not a signal (a name such as SIGUSR1 or USR1, or a"
                    + " number from 1 to " + SIGNALS.size() + ")");
        }
        ad.set("KillSig", "SIG" + name);
    }

    static void maxVacateTime(ProcCommands c, ClassAd.Builder ad) {
        seconds(c, "job_max_vacate_time", "JobMaxVacateTime", ad);
    }

    /**
     * {@code command}'s expression as {@code attribute}: a constant must be a number of seconds
     * (0 or more); an expression is the startd's to evaluate when it vacates or retires the job.
     */
    static void seconds(ProcCommands c, String command, String attribute, ClassAd.Builder ad) {
        Expr e = c.expression(command);
        if (e == null) {
            return;
        }
        if (e.references().isEmpty()) {
            Value v = e.evaluate();
            boolean seconds = v instanceof IntegerValue i ? i.value() >= 0
                    : v instanceof RealValue r && r.value() >= 0 && Double.isFinite(r.value());
            if (!seconds) {
                throw c.error(command, command + " = " + c.text(command)
                        + " is not a number of seconds (0 or more) or an expression");
            }
        }
        ad.set(attribute, e);
    }
}
