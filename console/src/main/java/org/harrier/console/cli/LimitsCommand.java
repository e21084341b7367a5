package org.harrier.console.cli;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.harrier.console.GridClient;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.LimitTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code harrier limits}: the pool's concurrency limits (HTCondor keeps them in the
 * negotiator's configuration, {@code <NAME>_LIMIT}; Harrier also sets them at run time with
 * the negotiator's SetLimit, until it restarts).
 */
@Command(name = "limits", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Show or set concurrency limits (the negotiator's GetLimits/SetLimit).",
        description = {"Lists every concurrency limit the negotiator has configured or sees in use: how much running"
            + " jobs use of it (their concurrency_limits, e.g. license_x:2) and the most they may.",
            "-set NAME MAX sets limit NAME (a name as concurrency_limits writes it, case-insensitive) to MAX (at"
            + " least 0) until the negotiator restarts; a bad name or value is refused before it is asked (exit"
            + " status 2)."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier limits", "  harrier limits -set license_x 2", "  harrier limits --json"})
final class LimitsCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Option(names = {"-set", "--set"}, arity = "2", paramLabel = "NAME MAX", description = "set limit NAME to MAX")
    List<String> set;

    @Option(names = {"-json", "--json"}, description = "print the limits as a JSON array")
    boolean json;

    private record Setting(String name, double max) {
    }

    @Override
    public Integer call() {
        Setting s = CommandLineError.checked(spec, this::read);
        try (GridClient grid = harrier.grid()) {
            if (s != null) {
                grid.setLimit(s.name(), s.max());
                harrier.out().println("Concurrency limit " + s.name() + " set to " + LimitTable.amount(s.max()));
                return 0;
            }
            List<GridClient.ConcurrencyLimit> limits = grid.limits();
            harrier.out().print(json ? AdJson.write(LimitTable.json(limits)) : LimitTable.render(limits));
        }
        return 0;
    }

    private Setting read() {
        if (set == null) {
            return null;
        }
        if (set.size() != 2) {
            throw new CommandLineError("give -set once: -set NAME MAX");
        }
        if (json) {
            throw new CommandLineError("-set changes a limit; it cannot go with --json");
        }
        String name = set.get(0).strip().toLowerCase(Locale.ROOT);
        if (!name.matches("[a-z_][a-z0-9_.]*")) {
            throw new CommandLineError("-set: '" + set.get(0) + "' is not a concurrency limit name (letters, digits,"
                    + " '_' and '.', not starting with a digit)");
        }
        String text = set.get(1).strip();
        double max;
        try {
            max = text.matches("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)") ? Double.parseDouble(text) : Double.NaN;
        } catch (NumberFormatException e) {
            max = Double.NaN;
        }
        if (!(max >= 0)) {
            throw new CommandLineError("-set " + name + ": the maximum must be a number of at least 0, got '" + text
                    + "'");
        }
        return new Setting(name, max);
    }
}
