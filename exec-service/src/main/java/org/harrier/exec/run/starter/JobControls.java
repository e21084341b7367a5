package org.harrier.exec.run.starter;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.UndefinedValue;

/**
 * How the starter contains and stops one job: the cgroup it runs in ({@code cgroupName}, below
 * the startd's, named after its slot, e.g. {@code slot1_1@host}: the slot's jobs may run one
 * after another in one cgroup, {@link CgroupShelf}), its memory limit in MiB (0: none), the signal a
 * vacate sends first (the job's KillSig, {@code kill_sig} in the submit file, default SIGTERM),
 * and how long the job then has before its tree is killed (the smaller of the machine's
 * MAXVACATETIME and the job's JobMaxVacateTime, as HTCondor's startd takes them).
 *
 * <p>{@code killSignal} is the name kill(1) takes ("TERM", "USR1"); read from the ad by
 * {@link #from}, which is pure.
 */
public record JobControls(String cgroupName, long memoryLimitMiB, String killSignal, Duration maxVacateTime) {
    /** Signals a job may ask for, as kill(1) names them; their numbers on Linux are their index + 1. */
    static final List<String> SIGNALS = List.of("HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL",
            "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU",
            "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS");

    public static final String DEFAULT_KILL_SIGNAL = "TERM";

    // Compiled once: every job's start names and checks a cgroup (a pattern per call was a regex compiled per job).
    private static final Pattern CGROUP_NAME = Pattern.compile("[A-Za-z0-9_.@-]*");
    private static final Pattern NOT_IN_CGROUP_NAME = Pattern.compile("[^A-Za-z0-9_.@-]");
    private static final Pattern SIGNAL_NUMBER = Pattern.compile("[0-9]{1,2}");

    public JobControls {
        Objects.requireNonNull(cgroupName, "cgroupName");
        if (!CGROUP_NAME.matcher(cgroupName).matches() || cgroupName.equals(".") || cgroupName.equals("..")) {
            throw new IllegalArgumentException("a cgroup name is letters, digits and _.@- only, got '" + cgroupName + "'");
        }
        if (memoryLimitMiB < 0) {
            throw new IllegalArgumentException("memory limit must be >= 0 MiB, got " + memoryLimitMiB);
        }
        if (!SIGNALS.contains(killSignal)) {
            throw new IllegalArgumentException("kill signal must be one of " + SIGNALS + ", got '" + killSignal + "'");
        }
        if (maxVacateTime == null || maxVacateTime.isNegative()) {
            throw new IllegalArgumentException("max vacate time must be zero or positive, got " + maxVacateTime);
        }
    }

    /** No cgroup, no limit, SIGTERM, then SIGKILL after {@code grace}: the starter's behaviour before cgroups. */
    public static JobControls plain(Duration grace) {
        return new JobControls("", 0, DEFAULT_KILL_SIGNAL, grace);
    }

    /**
     * Reads {@code job}'s KillSig and JobMaxVacateTime for a run in dynamic slot {@code slot}
     * holding {@code memoryMiB} (the limit is that in 128 MiB steps, {@link MemoryLimit#limitMiB}). JobSetupException (code 6, the job is held) when KillSig names
     * no signal: the job asked for something the starter cannot do.
     */
    public static JobControls from(ClassAd job, String slot, long memoryMiB, Duration machineMaxVacate) {
        Expr sig = job.lookup("KillSig");
        String signal = DEFAULT_KILL_SIGNAL;
        if (sig != null && !(sig instanceof UndefinedValue)) {
            signal = signalName(sig instanceof StringValue s ? s.value() : sig instanceof IntegerValue i
                    ? Long.toString(i.value()) : null);
            if (signal == null) {
                throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, "KillSig " + sig
                        + " is not a signal (one of " + SIGNALS + ", with or without SIG, or its number)");
            }
        }
        Duration vacate = machineMaxVacate;
        // A constant JobMaxVacateTime cuts the time of every kill (Deactivate, shutdown too); an
        // expression, or nonsense, is the startd's to evaluate when it vacates (VacateTime).
        Expr max = job.lookup("JobMaxVacateTime");
        double seconds = max instanceof IntegerValue i ? i.value() : max instanceof RealValue r ? r.value() : -1;
        if (seconds >= 0) {
            Duration asked = Duration.ofMillis((long) (Math.min(seconds, 1e9) * 1000));
            vacate = asked.compareTo(machineMaxVacate) < 0 ? asked : machineMaxVacate;
        }
        return new JobControls(cgroupName(slot), MemoryLimit.limitMiB(memoryMiB), signal, vacate);
    }

    /** "SIGUSR1", "usr1", "10" all name USR1; null when {@code text} names no signal. */
    static String signalName(String text) {
        if (text == null) {
            return null;
        }
        String t = text.strip().toUpperCase(Locale.ROOT);
        if (SIGNAL_NUMBER.matcher(t).matches()) {
            int n = Integer.parseInt(t);
            return n >= 1 && n <= SIGNALS.size() ? SIGNALS.get(n - 1) : null;
        }
        String name = t.startsWith("SIG") ? t.substring(3) : t;
        return SIGNALS.contains(name) ? name : null;
    }

    /** The job's cgroup's name: its slot's, with anything a directory name should not have as '_'. */
    static String cgroupName(String slot) {
        return NOT_IN_CGROUP_NAME.matcher(slot).replaceAll("_");
    }

    public boolean contained() {
        return !cgroupName.isEmpty();
    }
}
