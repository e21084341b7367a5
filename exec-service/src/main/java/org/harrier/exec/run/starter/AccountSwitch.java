package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.harrier.exec.run.account.LocalAccount;

/**
 * Starting a job as another account (a root startd's job, {@code RunAs.User}) with util-linux's
 * setpriv, which sets the real and effective uid and gid and the account's groups
 * (--init-groups, as login would) and then execs in place: the job keeps the pid the JVM
 * started, so its {@link ProcessTree}, its cgroup (entered by the root shell before setpriv) and
 * kills, suspends and usage work as for any job. runuser (also installed) is not used: it goes
 * through a PAM session, stays the job's parent instead of exec'ing it, and runs a command only
 * as a shell string.
 *
 * <p>Nothing of the job's runs as root: the root side (the cgroup's shell, setpriv) gets only
 * PATH, so the job's Environment (LD_PRELOAD, say) cannot reach a root process. As the account, a
 * fixed shell script (its paths are positional parameters, never spliced into it) enters Iwd,
 * checks Cmd, opens In, Out and Err, so the account's rights decide and a link in a job's
 * directory can make root open nothing; then {@code env -i} execs the job with exactly the
 * environment the starter built (through env, not the shell, which would drop names it cannot
 * hold, such as {@code a.b}). The script reports each step on its stdout/stderr pipe; once Err
 * is open no one holds the pipe, and the JVM reads to its end: every step named and nothing
 * else is a started job, anything else is a {@link JobSetupException} with the step's hold code.
 */
final class AccountSwitch {
    static final String SETPRIV = found("setpriv");
    static final String ENV = found("env");
    static final Duration OPEN_LIMIT = Duration.ofSeconds(30);
    private static final List<String> STEPS = List.of("Iwd", "Cmd", "In", "Out", "Err");
    private static final String SCRIPT = String.join("\n",
            "d=$1 i=$2 o=$3 e=$4 m=$5 x=$6 v=$7; shift 7",
            "printf 'Iwd ' >&2; cd \"$d\" || exit 1",
            "printf 'Cmd ' >&2; [ -f \"$x\" ] && [ -x \"$x\" ] || { printf 'it cannot be executed' >&2; exit 1; }",
            "printf 'In ' >&2; exec <\"$i\"",
            "printf 'Out ' >&2; case $m in a*) exec >>\"$o\";; *) exec >\"$o\";; esac",
            "printf 'Err ' >&2; case $m in *m) exec 2>&1;; a) exec 2>>\"$e\";; *) exec 2>\"$e\";; esac",
            "exec \"$v\" -i -- \"$@\"");

    private AccountSwitch() {
    }

    /**
     * The command line that runs {@code c} as {@code account}, Out and Err appended to when
     * {@code append}; JobSetupException when this host cannot (no setpriv) or env could not tell
     * the command from an assignment (a Cmd with '=').
     */
    static List<String> commandLine(LocalAccount account, JobCommand c, boolean append) {
        if (SETPRIV == null || ENV == null) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, "cannot run the job as "
                    + account.name() + ": util-linux's setpriv or coreutils' env is not installed");
        }
        if (c.executable().toString().contains("=")) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, "Cmd " + c.executable()
                    + " has a '=' in its path, which env(1) would take for a variable: it cannot run as another account");
        }
        boolean merged = c.stderr().equals(c.stdout()) && !c.stdout().equals(JobCommand.NULL_FILE);
        List<String> line = new ArrayList<>(List.of(SETPRIV, "--reuid=" + account.uid(), "--regid=" + account.gid(),
                "--init-groups", "--inh-caps=-all", "--", "/bin/sh", "-c", SCRIPT, "harrier-job"));
        line.addAll(List.of(c.iwd().toString(), c.stdin().toString(), c.stdout().toString(), c.stderr().toString(),
                (append ? "a" : "t") + (merged ? "m" : ""), c.executable().toString(), ENV));
        for (Map.Entry<String, String> e : c.environment().entrySet()) {
            line.add(e.getKey() + "=" + e.getValue());
        }
        line.addAll(c.commandLine());
        return line;
    }

    /** The root side's whole environment. */
    static Map<String, String> rootEnvironment() {
        return Map.of("PATH", "/usr/bin:/bin");
    }

    /**
     * Waits until {@code process} has opened its files as the account (milliseconds), reading
     * its report; JobSetupException, with the process gone, when a step failed. A step that
     * does not end within {@link #OPEN_LIMIT} (an Out that is a FIFO nobody reads, a hung file
     * system) has its process killed by {@code timer}, so a job cannot hold the startd's thread.
     */
    static void awaitOpened(Process process, LocalAccount account, ScheduledExecutorService timer) {
        AtomicBoolean late = new AtomicBoolean();
        ScheduledFuture<?> limit = timer.schedule(() -> {
            late.set(true);
            process.destroyForcibly();
        }, OPEN_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        String report;
        try {
            report = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            report = "its report could not be read: " + e.getMessage();
        } finally {
            limit.cancel(false);
        }
        if (late.get()) {
            report += " did not finish within " + OPEN_LIMIT.toSeconds() + " s";
        }
        Optional<JobSetupException> failed = failure(report, account.name());
        if (failed.isPresent()) {
            process.destroyForcibly();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw failed.get();
        }
    }

    /** Pure: what a report says went wrong, empty when every step was taken and nothing more said. */
    static Optional<JobSetupException> failure(String report, String account) {
        String all = String.join(" ", STEPS) + " ";
        if (report.equals(all)) {
            return Optional.empty();
        }
        int taken = 0;
        while (taken < STEPS.size() && report.startsWith(String.join(" ", STEPS.subList(0, taken + 1)) + " ")) {
            taken++;
        }
        String said = report.substring(taken == 0 ? 0 : String.join(" ", STEPS.subList(0, taken)).length() + 1).strip();
        String step = taken == 0 ? "switching to the account" : STEPS.get(taken - 1);
        int code = switch (step) {
            case "Iwd" -> JobSetupException.IWD_ERROR;
            case "In" -> JobSetupException.UNABLE_TO_OPEN_INPUT;
            case "Out", "Err" -> JobSetupException.UNABLE_TO_OPEN_OUTPUT;
            default -> JobSetupException.FAILED_TO_CREATE_PROCESS;
        };
        return Optional.of(new JobSetupException(code, "as account " + account + ", " + step + " failed: "
                + (said.isEmpty() ? "the process ended" : said)));
    }

    private static String found(String program) {
        return Stream.of("/usr/bin/", "/bin/").map(d -> d + program)
                .filter(p -> Files.isRegularFile(Path.of(p)) && Files.isExecutable(Path.of(p))).findFirst().orElse(null);
    }
}
