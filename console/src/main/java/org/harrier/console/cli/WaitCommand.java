package org.harrier.console.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.JobStatusCode;
import org.harrier.console.format.JobTable;
import org.harrier.scheduler.userlog.UserLogEvent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code harrier wait}: condor_wait. Given a job event log it follows the file, as condor_wait
 * does, until every job the log submitted has terminated or been aborted; given a job id it
 * watches the job's status on the bus instead.
 */
@Command(name = "wait", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Wait for jobs to finish (condor_wait).",
        description = {"With a job event log (the submit file's 'log'): reads it as it grows until every job it"
            + " mentions (or the job or cluster given after it) has terminated or been aborted, then prints 'All"
            + " jobs done.' and exits 0, as condor_wait does; 1 when the time runs out or the log cannot be read."
            + " A log that does not exist yet is waited for up to 10 seconds (the scheduler writes it shortly"
            + " after the submit).",
            "With a job id (cluster.proc) and no such file: waits until the job is Completed or Removed, then prints"
            + " its history line; exit status 0 when it completed, 1 when it was removed, the time ran out or the"
            + " job is unknown."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier wait hello.log                   every job in the log",
            "  harrier wait hello.log 12 --timeout 600  cluster 12's jobs, ten minutes tops",
            "  harrier wait 12.0 --json                 job 12.0, then its final ad as JSON"})
final class WaitCommand implements Callable<Integer> {
    static final Duration LOG_APPEARS_WITHIN = Duration.ofSeconds(10);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Option(names = {"-timeout", "--timeout", "-wait"}, paramLabel = "SECONDS",
            description = "give up after this many seconds (default: wait forever)")
    Long timeoutSeconds;

    @Option(names = {"-json", "--json"},
            description = "print the job's final ad (a job id) or how each job in the log ended (a log), as JSON")
    boolean json;

    @Parameters(index = "0", paramLabel = "JOBID|LOGFILE", description = "a job (cluster.proc, e.g. 12.0) or a job event log")
    String target;

    @Parameters(index = "1", arity = "0..1", paramLabel = "ID",
            description = "with a log: only this job (12.0) or cluster (12)")
    String only;

    /** What the command line asks to wait for: a job on the bus, or (some of) the jobs of a log. */
    private record Reading(JobRef job, Path log, JobRef only, Duration timeout) {
    }

    @Override
    public Integer call() {
        Reading r = CommandLineError.checked(spec, this::read);
        return r.log() != null ? waitForLog(r) : waitForJob(r);
    }

    private Reading read() {
        if (timeoutSeconds != null && timeoutSeconds <= 0) {
            throw new CommandLineError("--timeout must be a positive number of seconds, got " + timeoutSeconds);
        }
        Duration timeout = timeoutSeconds == null ? null : Duration.ofSeconds(timeoutSeconds);
        Path file = harrier.surroundings().workingDir().resolve(target);
        JobRef job = JobRef.parseOrNull(target);
        if (job != null && !Files.exists(file)) {
            if (only != null) {
                throw new CommandLineError("a job id takes no second id; give a log file to wait for some of its jobs");
            }
            if (job.isCluster()) {
                throw new CommandLineError("wait takes one job, cluster.proc (e.g. " + job + ".0), or a log file");
            }
            return new Reading(job, null, null, timeout);
        }
        return new Reading(null, file, only == null ? null : JobRef.parse(only), timeout);
    }

    private int waitForJob(Reading r) {
        Duration timeout = r.timeout() == null ? Duration.ofSeconds(Long.MAX_VALUE / 2) : r.timeout();
        ClassAd last;
        try (GridClient grid = harrier.grid()) {
            last = grid.awaitFinished(r.job().toString(), timeout);
        }
        harrier.out().print(json ? AdJson.array(List.of(last))
                : new JobTable(harrier.surroundings().clock()).history(List.of(last)));
        boolean completed = last.evaluate("JobStatus") instanceof IntegerValue status
                && status.value() == JobStatusCode.COMPLETED.code();
        return completed ? 0 : 1;
    }

    private int waitForLog(Reading r) {
        long start = System.nanoTime();
        LogFollower follower = new LogFollower(r.log());
        LogWait progress = LogWait.of(r.only());
        while (true) {
            List<UserLogEvent> events = readNew(follower);
            long waited = System.nanoTime() - start;
            boolean outOfTime = r.timeout() != null && waited >= r.timeout().toNanos();
            if (events == null && (outOfTime || waited >= LOG_APPEARS_WITHIN.toNanos())) {
                throw new ConsoleFailure("cannot read " + target + ": no such file");
            }
            progress = progress.read(events == null ? List.of() : events);
            if (progress.allDone()) {
                break;
            }
            if (outOfTime) {
                throw new ConsoleFailure(progress.sawAnyJob()
                        ? "time expired after " + r.timeout().toSeconds() + " s; jobs not yet done: "
                            + String.join(", ", progress.pending())
                        : target + " mentions no " + (r.only() == null ? "job" : "job " + r.only())
                            + " (waited " + r.timeout().toSeconds() + " s)");
            }
            LockSupport.parkNanos(POLL_NANOS);
            if (Thread.interrupted()) {
                throw new ConsoleFailure("interrupted while waiting for the jobs in " + target);
            }
        }
        harrier.out().print(json ? AdJson.write(ended(progress)) : "All jobs done.\n");
        return 0;
    }

    /** The new events, or null while the log does not exist (the scheduler may not have written it yet). */
    private List<UserLogEvent> readNew(LogFollower follower) {
        try {
            return follower.readNew();
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new ConsoleFailure("cannot read " + target + ": " + e.getMessage());
        }
    }

    private static List<Map<String, Object>> ended(LogWait progress) {
        List<Map<String, Object>> out = new ArrayList<>();
        progress.ended().forEach((id, how) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("Id", id);
            m.put("Ended", how);
            out.add(m);
        });
        return out;
    }
}
