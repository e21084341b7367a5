package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.console.GridClient;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.LongFormat;
import org.harrier.console.format.PriorityTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier userprio}: condor_userprio, answered by the negotiator's accountant. */
@Command(name = "userprio", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Show or change user priorities (condor_userprio).",
        description = {"Lists the submitters (an Owner, or a job's accounting group.user) and accounting groups"
            + " the negotiator's accountant knows, best priority first: Effective Priority (real priority times"
            + " priority factor; lower is better, 0.5 the best), Priority Factor, Res In Use (slots claimed),"
            + " Total Usage (weighted slot-hours, decaying with PRIORITY_HALFLIFE) and Time Since Last Usage."
            + " Only those active in the last day unless -allusers; only the NAMEs given, if any.",
            "The edit options change one submitter's record (one option per call): -setprio (at least 0.5),"
            + " -setfactor (at least 1), -setaccum (weighted slot-hours, at least 0), -resetusage (usage 0 and"
            + " priority 0.5). A bad value is refused before the negotiator is asked (exit status 2)."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier userprio                      active submitters and their priorities",
            "  harrier userprio -allusers -usage     everyone's accumulated usage",
            "  harrier userprio -setfactor bob 4     bob gets a quarter of alice's share",
            "  harrier userprio -resetusage bob      forget bob's usage",
            "  harrier userprio --json"})
final class UserprioCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Option(names = {"-setprio", "--setprio"}, arity = "2", paramLabel = "NAME VALUE",
            description = "set NAME's real priority (at least 0.5)")
    List<String> setPrio;

    @Option(names = {"-setfactor", "--setfactor"}, arity = "2", paramLabel = "NAME VALUE",
            description = "set NAME's priority factor (at least 1)")
    List<String> setFactor;

    @Option(names = {"-setaccum", "--setaccum"}, arity = "2", paramLabel = "NAME VALUE",
            description = "set NAME's accumulated usage, weighted slot-hours (at least 0)")
    List<String> setAccum;

    @Option(names = {"-resetusage", "--resetusage"}, paramLabel = "NAME",
            description = "reset NAME's accumulated usage to 0 and its priority to 0.5")
    List<String> resetUsage;

    @Option(names = {"-usage", "--usage"}, description = "show accumulated usage with its start and last times")
    boolean usage;

    @Option(names = {"-allusers", "--allusers"}, description = "also submitters not active in the last day")
    boolean allUsers;

    @Option(names = {"-l", "-long", "--long"}, description = "print the accountant's records (old ClassAd syntax)")
    boolean longForm;

    @Option(names = {"-json", "--json"}, description = "print the records as a JSON array")
    boolean json;

    @Parameters(paramLabel = "NAME", arity = "0..*", description = "only these submitters or groups (GetStats)")
    List<String> names = List.of();

    private record Reading(OutputForm form, PriorityEdit edit) {
    }

    @Override
    public Integer call() {
        Reading r = CommandLineError.checked(spec, this::read);
        try (GridClient grid = harrier.grid()) {
            if (r.edit() != null) {
                r.edit().applyTo(grid);
                harrier.out().println(r.edit().confirmation());
                return 0;
            }
            PriorityTable table = new PriorityTable(harrier.surroundings().clock());
            List<ClassAd> records = names.isEmpty() ? table.shown(grid.priorities(), allUsers)
                    : names.stream().map(grid::submitterStats).toList();
            harrier.out().print(switch (r.form()) {
                case LONG -> LongFormat.render(records);
                case JSON -> AdJson.array(records);
                case AUTOFORMAT, TABLE -> usage ? table.usage(records) : table.priorities(records);
            });
        }
        return 0;
    }

    private Reading read() {
        List<PriorityEdit> edits = new ArrayList<>();
        pairs(setPrio, PriorityEdit.Kind.PRIORITY, edits);
        pairs(setFactor, PriorityEdit.Kind.FACTOR, edits);
        pairs(setAccum, PriorityEdit.Kind.USAGE, edits);
        if (resetUsage != null) {
            resetUsage.forEach(n -> edits.add(PriorityEdit.reset(n)));
        }
        if (edits.size() > 1) {
            throw new CommandLineError("give one of -setprio, -setfactor, -setaccum and -resetusage, once");
        }
        OutputForm form = OutputForm.of(longForm, json);
        if (!edits.isEmpty() && (usage || allUsers || longForm || json || !names.isEmpty())) {
            throw new CommandLineError("an edit option changes one record; it cannot go with -usage, -allusers,"
                    + " -long, --json or names to show");
        }
        return new Reading(form, edits.isEmpty() ? null : edits.get(0));
    }

    private static void pairs(List<String> given, PriorityEdit.Kind kind, List<PriorityEdit> edits) {
        if (given != null) {
            for (int i = 0; i + 1 < given.size(); i += 2) {
                edits.add(PriorityEdit.of(kind, given.subList(i, i + 2)));
            }
        }
    }
}
