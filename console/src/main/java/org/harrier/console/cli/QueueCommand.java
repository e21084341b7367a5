package org.harrier.console.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.console.Grid;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.JobTable;
import org.harrier.console.format.LongFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code harrier q}: condor_q. */
@Command(name = "q", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "List the job queue (condor_q).",
        description = "Columns as condor_q's: ID, OWNER, SUBMITTED, RUN_TIME, ST (I idle, R running, H held,"
            + " C completed, X removed, S suspended), PRI, SIZE (MiB), CMD; then the totals.",
        footerHeading = "%nExamples:%n",
        footer = {"  harrier q                   every job",
            "  harrier q 12 13.2 alice     cluster 12, job 13.2 and alice's jobs",
            "  harrier q -constraint 'JobStatus == 1' -long",
            "  harrier q --json"})
final class QueueCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Option(names = {"-constraint", "--constraint"}, paramLabel = "EXPR",
            description = "only jobs for which this ClassAd expression is true")
    String constraint;

    @Option(names = {"-l", "-long", "--long"}, description = "print whole job ads (old ClassAd syntax)")
    boolean longForm;

    @Option(names = {"-json", "--json"}, description = "print the job ads as a JSON array")
    boolean json;

    @Parameters(paramLabel = "ID|OWNER", arity = "0..*",
            description = "a cluster (12), a job (12.0) or an owner; jobs matching any are shown")
    List<String> selectors = List.of();

    @Override
    public Integer call() {
        OutputForm form = OutputForm.of(longForm, json);
        JobSelection selection = JobSelection.of(selectors, constraint);
        List<ClassAd> jobs;
        try (Grid grid = harrier.grid()) {
            jobs = selection.filter(grid.queue());
        }
        harrier.out().print(switch (form) {
            case LONG -> LongFormat.render(jobs);
            case JSON -> AdJson.array(jobs);
            case TABLE -> new JobTable(harrier.surroundings().clock()).queue(jobs);
        });
        return 0;
    }
}
