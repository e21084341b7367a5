package org.harrier.console.cli;

import java.util.List;
import org.harrier.classad.Expr;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options {@code harrier q} and {@code harrier history} share, as condor_q and
 * condor_history do: which jobs (ids, owners, -constraint) and how to print them (-long, -af).
 * Each command adds its own -json, whose help differs. A picocli mixin: picocli fills the
 * fields while parsing, on the command's thread.
 */
final class JobListOptions {
    @Option(names = {"-constraint", "--constraint"}, paramLabel = "EXPR",
            description = "only jobs for which this ClassAd expression is true")
    String constraint;

    @Option(names = {"-l", "-long", "--long"}, description = "print whole job ads (old ClassAd syntax)")
    boolean longForm;

    @Option(names = {"-af", "-autoformat", "--autoformat"}, paramLabel = "EXPR", arity = "1..*",
            description = "print these attributes (or expressions) of each job, space separated, one job a line")
    List<String> autoformat;

    @Parameters(paramLabel = "ID|OWNER", arity = "0..*",
            description = "a cluster (12), a job (12.0) or an owner; jobs matching any are shown")
    List<String> selectors = List.of();

    /** How to print, given the command's -json; CommandLineError when more than one form is asked for. */
    OutputForm form(boolean json) {
        return OutputForm.of(longForm, json, autoformat != null);
    }

    /** The -af expressions, parsed; none without -af. */
    List<Expr> columns() {
        return autoformat == null ? List.of() : autoformat.stream().map(a -> JobFilter.expression("-af", a)).toList();
    }

    /** The jobs the ids, owners and -constraint select. */
    JobFilter filter() {
        return JobFilter.of(selectors, constraint);
    }
}
