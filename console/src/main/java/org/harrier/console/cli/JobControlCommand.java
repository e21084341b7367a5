package org.harrier.console.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What condor_hold, condor_release, condor_rm, condor_suspend and condor_continue share: the
 * jobs are named by ids, clusters, owners, {@code -constraint} or {@code -all}; each is asked
 * for in its own call (one scheduler transaction each), one failure does not stop the others,
 * and the exit status is 1 when anything failed. The command line is read in full before the
 * grid is contacted.
 */
abstract class JobControlCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Option(names = {"-constraint", "--constraint"}, paramLabel = "EXPR",
            description = "the jobs for which this ClassAd expression is true (with clusters or owners: those of"
                + " them for which it is true)")
    String constraint;

    @Option(names = {"-all", "--all"}, description = "every job in the queue")
    boolean all;

    @Option(names = {"-json", "--json"}, description = "print, per target, the ids acted on or the error, as JSON")
    boolean json;

    @Parameters(paramLabel = "ID|OWNER", arity = "0..*",
            description = "a job (12.0), a cluster (12) or an owner")
    List<String> selectors = List.of();

    abstract JobAction action();

    /** The reason the jobs record; null where the command has none (suspend, continue). */
    String reason() {
        return null;
    }

    @Override
    public Integer call() {
        List<JobTargets.Target> targets = CommandLineError.checked(spec, () -> JobTargets.of(selectors, constraint, all));
        List<ControlReport.Outcome> outcomes = new ArrayList<>();
        try (GridClient grid = harrier.grid()) {
            for (JobTargets.Target t : targets) {
                try {
                    outcomes.add(ControlReport.Outcome.done(t, action().apply(grid, t.jobs(), reason())));
                } catch (ConsoleFailure e) {
                    outcomes.add(ControlReport.Outcome.failed(t, e.getMessage()));
                }
            }
        }
        ControlReport report = new ControlReport(action(), outcomes);
        PrintWriter out = harrier.out();
        if (json) {
            out.print(report.json());
        } else {
            out.print(report.out());
            harrier.err().print(report.err());
        }
        out.flush();
        harrier.err().flush();
        return report.anyFailed() ? 1 : 0;
    }
}
