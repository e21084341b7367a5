package org.harrier.console.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.console.GridClient;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.AutoFormat;
import org.harrier.console.format.JobTable;
import org.harrier.console.format.LongFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier history}: condor_history, answered by the scheduler's GetHistory. */
@Command(name = "history", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "List completed and removed jobs (condor_history).",
        description = "Newest first. Columns as condor_history's: ID, OWNER, SUBMITTED, RUN_TIME, ST (C completed,"
            + " X removed), COMPLETED (when the job left the queue), CMD. Ids, owners and -constraint select as in"
            + " 'harrier q'; -limit counts after selecting.",
        footerHeading = "%nExamples:%n",
        footer = {"  harrier history                            every finished job, newest first",
            "  harrier history 12 alice                   cluster 12 and alice's jobs",
            "  harrier history -constraint 'ExitCode != 0' -limit 10",
            "  harrier history -af ClusterId ProcId ExitCode",
            "  harrier history 12.0 -long"})
final class HistoryCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Mixin
    JobListOptions jobs;

    @Option(names = {"-limit", "--limit", "-match"}, paramLabel = "N", description = "at most N jobs (the newest)")
    Integer limit;

    @Option(names = {"-json", "--json"}, description = "print the job ads as a JSON array")
    boolean json;

    private record Reading(OutputForm form, String constraint, List<Expr> columns) {
    }

    @Override
    public Integer call() {
        Reading r = CommandLineError.checked(spec, this::read);
        List<ClassAd> finished;
        try (GridClient grid = harrier.grid()) {
            finished = grid.history(r.constraint(), reads(r), limit);
        }
        harrier.out().print(switch (r.form()) {
            case LONG -> LongFormat.render(finished);
            case JSON -> AdJson.array(finished);
            case AUTOFORMAT -> AutoFormat.render(finished, r.columns());
            case TABLE -> new JobTable(harrier.surroundings().clock()).history(finished);
        });
        return 0;
    }

    /**
     * What the listing reads, as harrier q asks its queue: -af's columns or the table's, what
     * the selection reads (the command filters nothing itself) and the cursor; null, whole ads,
     * for -long and --json.
     */
    private java.util.Set<String> reads(Reading r) {
        if (r.form() == OutputForm.LONG || r.form() == OutputForm.JSON) {
            return null;
        }
        java.util.Set<String> needs = new java.util.HashSet<>(List.of("clusterid", "procid"));
        if (r.form() == OutputForm.AUTOFORMAT) {
            r.columns().forEach(column -> needs.addAll(column.references()));
        } else {
            needs.addAll(JobTable.READS);
        }
        return needs;
    }

    private Reading read() {
        OutputForm form = jobs.form(json);
        if (limit != null && limit < 1) {
            throw new CommandLineError("-limit must be at least 1, got " + limit);
        }
        return new Reading(form, jobs.filter().asConstraint(), jobs.columns());
    }
}
