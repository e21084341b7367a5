package org.harrier.console.cli;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.Grid;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.JobStatusCode;
import org.harrier.console.format.JobTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code harrier wait ID}: like condor_wait, but watching the job's status on the bus rather than its log. */
@Command(name = "wait", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Wait for a job to finish (condor_wait).",
        description = "Waits until the job is Completed or Removed, then prints its history line. Exit status"
            + " 0 when it completed; 1 when it was removed, the time ran out or the job is unknown.",
        footerHeading = "%nExample:%n",
        footer = {"  harrier wait 12.0 --timeout 60"})
final class WaitCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Option(names = {"-timeout", "--timeout"}, paramLabel = "SECONDS", description = "give up after this many seconds (default: wait forever)")
    Long timeoutSeconds;

    @Option(names = {"-json", "--json"}, description = "print the job's final ad as JSON")
    boolean json;

    @Parameters(paramLabel = "ID", description = "the job, cluster.proc (e.g. 12.0)")
    String id;

    @Override
    public Integer call() {
        JobRef ref = JobRef.parse(id);
        if (ref.isCluster()) {
            throw new ConsoleFailure("wait takes one job, cluster.proc (e.g. " + ref + ".0)");
        }
        if (timeoutSeconds != null && timeoutSeconds <= 0) {
            throw new ConsoleFailure("--timeout must be a positive number of seconds, got " + timeoutSeconds);
        }
        Duration timeout = timeoutSeconds == null ? Duration.ofSeconds(Long.MAX_VALUE / 2)
                : Duration.ofSeconds(timeoutSeconds);
        ClassAd last;
        try (Grid grid = harrier.grid()) {
            last = grid.awaitFinished(ref.toString(), timeout);
        }
        harrier.out().print(json ? AdJson.array(List.of(last))
                : new JobTable(harrier.surroundings().clock()).history(List.of(last)));
        boolean completed = last.evaluate("JobStatus") instanceof IntegerValue status
                && status.value() == JobStatusCode.COMPLETED.code();
        return completed ? 0 : 1;
    }
}
