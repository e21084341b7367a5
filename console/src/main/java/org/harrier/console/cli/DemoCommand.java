package org.harrier.console.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient;
import org.harrier.console.Surroundings;
import org.harrier.console.format.JobStatusCode;
import org.harrier.console.format.JobTable;
import org.harrier.console.grid.BrokerAddress;
import org.harrier.console.grid.PersonalGrid;
import org.harrier.console.submit.ClusterSubmission;
import org.harrier.console.submit.SubmitContext;
import org.harrier.console.submit.SubmitDescription;
import org.harrier.console.submit.SubmitFile;
import org.harrier.rules.FileTrees;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code harrier demo}: the README's first command. A personal grid of its own (free port,
 * fresh data directory), the example job through the same client path as {@code harrier submit}
 * and {@code harrier wait}, then the job's output and its history line.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Run an example job on a grid of its own.",
        description = "Starts a personal grid in this process (on a free port, data in a new temporary"
            + " directory unless --data is given), submits examples/hello.sub from a work directory there,"
            + " waits for the job, prints its output file and its history line, and stops the grid.",
        footerHeading = "%nExamples:%n",
        footer = {"  harrier demo                       examples/hello.sub",
            "  harrier demo --file my.sub         another submit file, on a grid of its own"})
final class DemoCommand implements Callable<Integer> {
    static final String HOME_ENV = "HARRIER_HOME";

    @ParentCommand
    HarrierCommand harrier;

    @Option(names = "--file", paramLabel = "FILE",
            description = "the submit file to run (default examples/hello.sub here or in $HARRIER_HOME)")
    Path file;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "give up after this many seconds (default ${DEFAULT-VALUE})")
    long timeoutSeconds = 120;

    @Override
    public Integer call() throws IOException {
        Surroundings s = harrier.surroundings();
        Path submitFile = submitFile(s);
        SubmitDescription description = SubmitFile.read(submitFile, s.workingDir().relativize(submitFile).toString());
        // A bad file is refused before anything is created or started.
        description.jobs(SubmitContext.onThisMachine(s.workingDir(), s.user()), 1);
        boolean ownData = harrier.data == null;
        Path data = ownData ? Files.createTempDirectory("harrier-demo-") : harrier.dataDir();
        Path work = Files.createDirectories(data.resolve("work"));
        PrintWriter out = harrier.out();
        SubmitContext context = SubmitContext.onThisMachine(work, s.user());
        List<ClassAd> finished = new ArrayList<>();
        try (PersonalGrid grid = PersonalGrid.start(new PersonalGrid.Settings(data, 0, PersonalGrid.Settings.QUICK))) {
            out.println("Started a personal grid: broker " + grid.url() + ", data in " + data);
            try (GridClient g = harrier.grid(BrokerAddress.parse(grid.clientUrl()))) {
                GridClient.Submitted submitted = g.submit(ClusterSubmission.of(description, context));
                out.println("Submitting job(s).");
                out.println(submitted.count() + " job(s) submitted to cluster " + submitted.cluster() + ".");
                out.flush();
                for (int proc = 0; proc < submitted.count(); proc++) {
                    String id = submitted.cluster() + "." + proc;
                    ClassAd last = g.awaitFinished(id, Duration.ofSeconds(timeoutSeconds));
                    finished.add(last);
                    printOutput(out, id, last);
                }
            }
            out.println();
            out.print(new JobTable(s.clock()).history(finished));
        }
        out.println();
        out.println("Stopped the personal grid.");
        if (ownData) {
            deleteTree(data);
        }
        return finished.stream().allMatch(DemoCommand::completed) ? 0 : 1;
    }

    private Path submitFile(Surroundings s) {
        if (file != null) {
            return s.workingDir().resolve(file);
        }
        Path here = s.workingDir().resolve("examples/hello.sub");
        String home = s.env().get(HOME_ENV);
        if (!Files.exists(here) && home != null && Files.exists(Path.of(home, "examples/hello.sub"))) {
            return Path.of(home, "examples/hello.sub");
        }
        return here;
    }

    private static void printOutput(PrintWriter out, String id, ClassAd job) {
        String iwd = job.evaluate("Iwd") instanceof StringValue v ? v.value() : ".";
        String name = job.evaluate("Out") instanceof StringValue v ? v.value() : "/dev/null";
        Path output = Path.of(iwd).resolve(name);
        JobStatusCode status = job.evaluate("JobStatus") instanceof IntegerValue i ? JobStatusCode.of(i.value()) : null;
        out.println("Job " + id + " " + (status == null ? "finished" : status.word())
                + (job.evaluate("ExitCode") instanceof IntegerValue code ? " with exit code " + code.value() : "")
                + "; its output " + output + ":");
        try {
            out.print(Files.readString(output, StandardCharsets.UTF_8));
        } catch (IOException e) {
            out.println("(cannot read it: " + e.getMessage() + ")");
        }
    }

    private static boolean completed(ClassAd job) {
        return job.evaluate("JobStatus") instanceof IntegerValue i && i.value() == JobStatusCode.COMPLETED.code();
    }

    private static void deleteTree(Path root) {
        try {
            FileTrees.delete(root);
        } catch (IOException e) {
            throw new ConsoleFailure("could not remove the demo's data directory " + root + ": " + e.getMessage());
        }
    }
}
