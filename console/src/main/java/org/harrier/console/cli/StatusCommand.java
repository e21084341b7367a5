package org.harrier.console.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.console.Grid;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.LongFormat;
import org.harrier.console.format.SlotTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code harrier status}: condor_status, answered by the collector's Query method. */
@Command(name = "status", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "List the pool's slots (condor_status).",
        description = "Asks the collector for the slot ads it holds. Columns as condor_status's: Name, OpSys,"
            + " Arch, State, Activity, LoadAv, Mem (MiB), ActvtyTime; then a summary by platform and state.",
        footerHeading = "%nExamples:%n",
        footer = {"  harrier status", "  harrier status -constraint 'State == \"Unclaimed\"' -long",
            "  harrier status --json"})
final class StatusCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Option(names = {"-constraint", "--constraint"}, paramLabel = "EXPR",
            description = "only slots for which this ClassAd expression is true")
    String constraint;

    @Option(names = {"-l", "-long", "--long"}, description = "print whole slot ads (old ClassAd syntax)")
    boolean longForm;

    @Option(names = {"-json", "--json"}, description = "print the slot ads as a JSON array")
    boolean json;

    @Override
    public Integer call() {
        OutputForm form = OutputForm.of(longForm, json);
        if (constraint != null) {
            JobSelection.constraint(constraint); // refuse a malformed constraint before connecting
        }
        List<ClassAd> slots;
        try (Grid grid = harrier.grid()) {
            slots = grid.slots(constraint);
        }
        harrier.out().print(switch (form) {
            case LONG -> LongFormat.render(slots);
            case JSON -> AdJson.array(slots);
            case TABLE -> new SlotTable(harrier.surroundings().clock()).render(slots);
        });
        return 0;
    }
}
