package org.harrier.console.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.console.GridClient;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.AutoFormat;
import org.harrier.console.format.LongFormat;
import org.harrier.console.format.SlotTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier status}: condor_status, answered by the collector's Query method. */
@Command(name = "status", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "List the pool's slots (condor_status).",
        description = {"Asks the collector for the slot ads it holds. Columns as condor_status's: Name, OpSys,"
            + " Arch, State, Activity, LoadAv, Mem (MiB), ActvtyTime; then what each partitionable slot has left"
            + " to carve (Cpus, Memory MiB, Disk KiB, GPUs, as left/total); then a summary by platform and state"
            + " (Total, Owner, Claimed, Unclaimed, Matched, Preempting, Drain).",
            "-total prints only the summary; -af prints the values of the attributes (or expressions) named, space"
            + " separated, 'undefined' for a missing one; put it last, as it takes every argument after it."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier status", "  harrier status -constraint 'State == \"Unclaimed\"' -long",
            "  harrier status --json", "  harrier status -total", "  harrier status -af Name Cpus Memory"})
final class StatusCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Option(names = {"-constraint", "--constraint"}, paramLabel = "EXPR",
            description = "only slots for which this ClassAd expression is true")
    String constraint;

    @Option(names = {"-l", "-long", "--long"}, description = "print whole slot ads (old ClassAd syntax)")
    boolean longForm;

    @Option(names = {"-json", "--json"}, description = "print the slot ads as a JSON array")
    boolean json;

    @Option(names = {"-total", "--total", "-totals"}, description = "only the summary by platform and state"
            + " (with --json, its rows)")
    boolean total;

    @Option(names = {"-af", "-autoformat", "--autoformat"}, paramLabel = "EXPR", arity = "1..*",
            description = "print these attributes (or expressions) of each slot, space separated, one slot a line")
    List<String> autoformat;

    private List<Expr> columns = List.of();

    @Override
    public Integer call() {
        OutputForm form = CommandLineError.checked(spec, () -> {
            if (constraint != null) {
                JobFilter.constraint(constraint); // refuse a malformed constraint before connecting
            }
            columns = autoformat == null ? List.of()
                    : autoformat.stream().map(a -> JobFilter.expression("-af", a)).toList();
            OutputForm f = OutputForm.of(longForm, json, autoformat != null);
            if (total && (f == OutputForm.LONG || f == OutputForm.AUTOFORMAT)) {
                throw new CommandLineError("-total prints only the summary; it cannot go with " + (longForm ? "-long"
                        : "-af"));
            }
            return f;
        });
        List<ClassAd> slots;
        try (GridClient grid = harrier.grid()) {
            slots = grid.slots(constraint);
        }
        harrier.out().print(switch (form) {
            case LONG -> LongFormat.render(slots);
            case JSON -> total ? AdJson.write(SlotTable.totalsByPlatform(slots)) : AdJson.array(slots);
            case AUTOFORMAT -> AutoFormat.render(slots, columns);
            case TABLE -> total ? new SlotTable(harrier.surroundings().clock()).totals(slots)
                    : new SlotTable(harrier.surroundings().clock()).render(slots);
        });
        return 0;
    }
}
