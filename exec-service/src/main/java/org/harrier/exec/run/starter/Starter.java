package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

import org.harrier.classad.ClassAd;
import org.harrier.exec.run.account.LocalAccount;
import org.harrier.exec.run.account.JobAccounts;
import org.harrier.exec.run.account.RunAs;
import org.harrier.exec.run.account.RunAsPolicy;

/**
 * Starts jobs as real processes (HTCondor's condor_starter, vanilla universe): checks what the
 * ad names, then runs the executable with its arguments and environment in its working
 * directory with In/Out/Err redirected (Iwd, or the sandbox of a job whose files travel, which
 * the transfer package fills and empties around the run). A file problem is a
 * {@link JobSetupException} with HTCondor's hold reason code, never a half-started job. A root
 * starter runs each job as the account {@link JobAccounts} picks ({@link #command}), through
 * {@link AccountSwitch}; otherwise as its own.
 *
 * <p>Threads: {@link #start} runs on the caller's thread; one daemon timer thread
 * ("harrier-starter") samples CPU time and escalates kills; exits arrive on the JDK's
 * process-reaper threads (see {@link RunningJob}).
 */
public final class Starter implements AutoCloseable {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(Starter.class);
    private final ScheduledExecutorService timer;
    private final long killGraceNanos;
    private final long sampleNanos;
    private final Cgroups cgroups;
    private final CgroupShelf shelf = new CgroupShelf();
    private final JobAccounts accounts;

    public Starter(Duration killGrace, Duration usageInterval) {
        this(killGrace, usageInterval, Cgroups.none("not asked for"));
    }

    /** A starter that runs each job in its own cgroup where {@code cgroups} is usable. */
    public Starter(Duration killGrace, Duration usageInterval, Cgroups cgroups) {
        this(killGrace, usageInterval, cgroups, JobAccounts.detect(RunAsPolicy.DEFAULT));
    }

    /** As above, each job's account picked by {@code accounts}. */
    public Starter(Duration killGrace, Duration usageInterval, Cgroups cgroups, JobAccounts accounts) {
        this.cgroups = java.util.Objects.requireNonNull(cgroups, "cgroups");
        this.accounts = java.util.Objects.requireNonNull(accounts, "accounts");
        this.killGraceNanos = killGrace.toNanos();
        this.sampleNanos = usageInterval.toNanos();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "harrier-starter");
            t.setDaemon(true);
            return t;
        });
        if (cgroups.usable()) {
            long every = CgroupShelf.IDLE / 2;
            timer.scheduleWithFixedDelay(() -> shelf.idle(System.nanoTime(), CgroupShelf.IDLE).forEach(JobCgroup::remove),
                    every, every, java.util.concurrent.TimeUnit.NANOSECONDS);
        }
    }

    /**
     * What {@code job} runs, with {@code base} under its own environment, and as whom: the
     * account {@link JobAccounts} picks, whose HOME, USER and LOGNAME join {@code base} (as a
     * login would set them; the job's Environment still wins). JobSetupException (code 6) when
     * no account may run it, or the ad is malformed ({@link JobCommand#from}). Blocking: it may
     * look accounts up.
     */
    public JobCommand command(ClassAd job, Map<String, String> base) {
        RunAs as = accounts.of(job);
        if (as instanceof RunAs.Refused r) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, "no account to run the job as: "
                    + r.why());
        }
        Map<String, String> env = base;
        if (as instanceof RunAs.User u) {
            env = new LinkedHashMap<>(base);
            env.put("HOME", u.account().home().toString());
            env.put("USER", u.account().name());
            env.put("LOGNAME", u.account().name());
            log.debug("job runs as {} ({})", u.account().name(), u.why());
        }
        return JobCommand.from(job, env).runningAs(as);
    }

    /** Starts {@code command}; {@code onExit} gets the outcome, once, on a reaper thread. */
    public RunningJob start(JobCommand command, Consumer<ProcessOutcome> onExit) {
        return start(command, JobControls.plain(Duration.ofNanos(killGraceNanos)), onExit);
    }

    /**
     * How {@code job} on slot {@code slot} with {@code memoryMiB} is run and vacated: its
     * KillSig, its MaxVacateTime within this machine's kill grace, its memory limit.
     */
    public JobControls controlsFor(ClassAd job, String slot, long memoryMiB) {
        return JobControls.from(job, slot, memoryMiB, Duration.ofNanos(killGraceNanos));
    }

    /**
     * Starts {@code command} under {@code controls}: in its own cgroup with its memory limit
     * when the controls name one and cgroups are usable here (the one the slot's last job
     * emptied, {@link CgroupShelf}, or a new one; a cgroup that cannot be made is logged and the
     * job runs without, as on a host without cgroups); vacated with its KillSig.
     */
    public RunningJob start(JobCommand command, JobControls controls, Consumer<ProcessOutcome> onExit) {
        return begin(command, controls, onExit, false);
    }

    /**
     * Starts {@code command} again after it exited to have its checkpoint saved (HTCondor restarts
     * a self-checkpointing job in the same place): Out and Err are appended to, not truncated, so
     * they keep what the earlier runs wrote.
     */
    public RunningJob restart(JobCommand command, JobControls controls, Consumer<ProcessOutcome> onExit) {
        return begin(command, controls, onExit, true);
    }

    private RunningJob begin(JobCommand command, JobControls controls, Consumer<ProcessOutcome> onExit, boolean append) {
        check(command);
        JobCgroup cgroup = null;
        if (controls.contained() && cgroups.usable()) {
            long limit = MemoryLimit.bytes(controls.memoryLimitMiB());
            try {
                cgroup = shelf.take(controls.cgroupName(), limit).orElseGet(() -> cgroups.create(controls.cgroupName(), limit));
            } catch (IllegalStateException e) {
                log.warn("job runs without its own cgroup: {}", e.getMessage());
            }
        }
        try {
            return launch(command, controls, cgroup, onExit, append);
        } catch (RuntimeException e) {
            if (cgroup != null) {
                cgroup.remove();
            }
            throw e;
        }
    }

    private RunningJob launch(JobCommand command, JobControls controls, JobCgroup cgroup,
            Consumer<ProcessOutcome> onExit, boolean append) {
        long startMillis = System.currentTimeMillis();
        LocalAccount account = command.runAs() instanceof RunAs.User u ? u.account() : null;
        ProcessBuilder pb = account == null ? started(command, append)
                : switched(AccountSwitch.commandLine(account, command, append));
        Process process;
        try {
            process = cgroup == null ? pb.start() : cgroups.start(pb, cgroup);
        } catch (IOException e) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS,
                    "cannot start " + command.executable() + ": " + e.getMessage());
        }
        if (account != null) {
            AccountSwitch.awaitOpened(process, account, timer);
        }
        RunningJob job = new RunningJob(process, timer, new RunningJob.Setup(controls, cgroup, shelf, command.iwd(),
                List.of(command.stdout(), command.stderr()), startMillis));
        job.watch(sampleNanos, onExit);
        return job;
    }

    /** As the startd's own account: the JVM opens the job's files and starts it in its Iwd with its environment. */
    private static ProcessBuilder started(JobCommand command, boolean append) {
        ProcessBuilder pb = new ProcessBuilder(command.commandLine()).directory(command.iwd().toFile());
        pb.environment().clear();
        pb.environment().putAll(command.environment());
        pb.redirectInput(ProcessBuilder.Redirect.from(command.stdin().toFile()));
        pb.redirectOutput(append ? ProcessBuilder.Redirect.appendTo(command.stdout().toFile())
                : ProcessBuilder.Redirect.to(command.stdout().toFile()));
        if (command.stderr().equals(command.stdout()) && !command.stdout().equals(JobCommand.NULL_FILE)) {
            // Same file for both: merge, as HTCondor does, instead of two writers clobbering it.
            pb.redirectErrorStream(true);
        } else {
            pb.redirectError(append ? ProcessBuilder.Redirect.appendTo(command.stderr().toFile())
                    : ProcessBuilder.Redirect.to(command.stderr().toFile()));
        }
        return pb;
    }

    /**
     * As another account ({@link AccountSwitch}): root's side starts in / with PATH only and
     * stdin from /dev/null; stdout and stderr are the pipe the switch reports on.
     */
    private static ProcessBuilder switched(List<String> line) {
        ProcessBuilder pb = new ProcessBuilder(line).directory(Path.of("/").toFile());
        pb.environment().clear();
        pb.environment().putAll(AccountSwitch.rootEnvironment());
        pb.redirectInput(ProcessBuilder.Redirect.from(JobCommand.NULL_FILE.toFile()));
        pb.redirectErrorStream(true);
        return pb;
    }

    private static void check(JobCommand c) {
        if (!Files.isDirectory(c.iwd())) {
            throw new JobSetupException(JobSetupException.IWD_ERROR, "Iwd " + c.iwd()
                    + (Files.exists(c.iwd()) ? " is not a directory" : " does not exist"));
        }
        Path exe = c.executable();
        if (!Files.exists(exe)) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, "Cmd " + exe + " does not exist");
        }
        if (!Files.isRegularFile(exe) || !Files.isExecutable(exe)) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, "Cmd " + exe + " is not an executable file");
        }
        if (!Files.isReadable(c.stdin())) {
            throw new JobSetupException(JobSetupException.UNABLE_TO_OPEN_INPUT, "In " + c.stdin() + " cannot be read");
        }
        writable(c.stdout(), "Out");
        writable(c.stderr(), "Err");
    }

    private static void writable(Path file, String what) {
        if (Files.isDirectory(file)) {
            throw new JobSetupException(JobSetupException.UNABLE_TO_OPEN_OUTPUT, what + " " + file + " is a directory");
        }
        Path dir = file.toAbsolutePath().getParent();
        if (Files.exists(file) ? !Files.isWritable(file) : dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw new JobSetupException(JobSetupException.UNABLE_TO_OPEN_OUTPUT, what + " " + file + " cannot be written");
        }
    }

    /** Stops the timer and removes the emptied cgroups kept for slots' next jobs; running jobs are the caller's. */
    @Override
    public void close() {
        timer.shutdownNow();
        shelf.clear().forEach(JobCgroup::remove);
    }
}
