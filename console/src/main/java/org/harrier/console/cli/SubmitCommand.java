package org.harrier.console.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.console.GridClient;
import org.harrier.console.Surroundings;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.LongFormat;
import org.harrier.console.submit.ClusterSubmission;
import org.harrier.console.submit.SubmitContext;
import org.harrier.console.submit.SubmitDescription;
import org.harrier.console.submit.SubmitFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code harrier submit FILE}: condor_submit. The whole file is read and every job made and
 * checked ({@link ClusterSubmission#of}) before the broker is contacted, so a mistake anywhere
 * submits nothing; then one SubmitCluster call queues the cluster. {@code -dump} prints the job
 * ads instead, with cluster 1 standing in, as {@code condor_submit -dump} does.
 */
@Command(name = "submit", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Queue the jobs of an HTCondor submit file (condor_submit).",
        description = {"Reads the whole file and makes every job ad before contacting the grid, so a mistake"
            + " anywhere (named FILE:LINE) submits nothing; then queues all jobs as one cluster.",
            "",
            "Commands (names in any case), as condor_submit reads them: executable, arguments (old syntax, or"
            + " new in double quotes), environment (old 'a=1;b=2' or new \"a=1 b='x y'\"), getenv (true, false"
            + " or a list such as 'PATH, CUDA*, !HOME'), initialdir, input, output, error, log, universe"
            + " (vanilla or local), requirements, rank, request_cpus, request_memory (MiB, or K/M/G/T),"
            + " request_disk (KiB, or K/M/G/T), request_gpus, request_<name>, priority, notification, hold,"
            + " periodic_hold/release/remove (with _reason, _subcode), on_exit_hold/remove, max_retries,"
            + " success_exit_code, retry_until, concurrency_limits, should_transfer_files,"
            + " when_to_transfer_output, transfer_input_files, transfer_output_files, transfer_executable. '+Name = value' and"
            + " 'MY.Name = value' add ClassAd attributes.",
            "",
            "queue [N], queue [N] [var] in (a, b), queue [N] [vars] from FILE, queue [N] [vars] from ( rows ),"
            + " queue [N] [var] matching [files|dirs] GLOBS, each list optionally sliced [start:end:step]. Any"
            + " other 'name = value' defines a macro for $(name); $(Cluster), $(Process), $(Step), $(Item),"
            + " $(ItemIndex)/$(Row), $(JobId), $ENV(name), $(name:default) and $(DOLLAR) expand as in"
            + " condor_submit; $$$$(name) is left in the ad. Lines starting with '#' are comments; a '\\' at the"
            + " end of a line continues it."},
        footerHeading = "%nExample (examples/hello.sub):%n",
        footer = {"  executable = /bin/echo", "  arguments  = hello from Harrier", "  output     = hello.out",
            "  error      = hello.err", "  log        = hello.log", "  queue"})
final class SubmitCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Option(names = {"-dump", "--dump"}, description = "print the job ads instead of submitting them")
    boolean dump;

    @Option(names = {"-json", "--json"}, description = "print JSON: the job ads with -dump, else the cluster and count")
    boolean json;

    @Parameters(paramLabel = "FILE", description = "the submit description file")
    Path file;

    @Override
    public Integer call() {
        Surroundings s = harrier.surroundings();
        // The job's Owner is who logs in (the scheduler takes it from the broker, and refuses
        // another unless the caller may submit as others), not the local account's name.
        String owner = dump ? s.user() : harrier.brokerAddress().user().orElse(s.user());
        SubmitContext context = SubmitContext.onThisMachine(s.workingDir(), owner, s.env());
        SubmitDescription description = SubmitFile.read(s.workingDir().resolve(file), file.toString());
        PrintWriter out = harrier.out();
        if (dump) {
            // Cluster 1 stands in for the real one, as condor_submit -dump does.
            List<ClassAd> jobs = description.jobs(context, 1);
            out.print(json ? AdJson.array(jobs) : LongFormat.render(jobs));
            return 0;
        }
        // Every proc is made and checked here, so a mistake anywhere surfaces before the grid is asked.
        ClusterSubmission cluster = ClusterSubmission.of(description, context);
        if (cluster.count() == 0) {
            out.print(json ? AdJson.write(Map.of("Count", 0)) : "0 job(s) submitted.\n");
            return 0;
        }
        GridClient.Submitted submitted;
        try (GridClient grid = harrier.grid()) {
            submitted = grid.submit(cluster);
        }
        if (json) {
            out.print(AdJson.write(result(submitted.cluster(), submitted.count())));
        } else {
            out.println("Submitting job(s).");
            out.println(submitted.count() + " job(s) submitted to cluster " + submitted.cluster() + ".");
        }
        return 0;
    }

    private static Map<String, Object> result(long cluster, int count) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ClusterId", cluster);
        m.put("Count", count);
        return m;
    }
}
