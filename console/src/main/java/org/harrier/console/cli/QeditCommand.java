package org.harrier.console.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.harrier.console.GridClient;
import org.harrier.console.format.AdJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier qedit}: condor_qedit. */
@Command(name = "qedit", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Change attributes of queued jobs (condor_qedit).",
        description = {"Sets each ATTR to VALUE, a ClassAd expression (a string needs its quotes), in the job"
            + " ads of the jobs named, whatever their state; a running job sees the change when it runs again."
            + " JobStatus, Owner, ClusterId, ProcId, MyType, TargetType, QDate, GlobalJobId and CustomId cannot be"
            + " edited: use hold, release, rm, suspend and continue to change a job's state.",
            "Every value is checked before anything is sent, so a bad one changes nothing. Prints 'Set attribute"
            + " \"ATTR\".' for each attribute set; exit status 1 if the scheduler refused one."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier qedit 12.0 RequestMemory 2048",
            "  harrier qedit 12 Comment '\"rerun with more memory\"'",
            "  harrier qedit alice JobPrio 5",
            "  harrier qedit -constraint 'JobStatus == 1' RequestCpus 2 RequestMemory 4096"})
final class QeditCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Option(names = {"-constraint", "--constraint"}, paramLabel = "EXPR",
            description = "the jobs for which this ClassAd expression is true")
    String constraint;

    @Option(names = {"-json", "--json"}, description = "print, per attribute, the ids of the jobs changed, as JSON")
    boolean json;

    @Parameters(paramLabel = "ARG", arity = "0..*", description = "[ID|OWNER] ATTR VALUE [ATTR VALUE ...]")
    List<String> arguments = List.of();

    @Override
    public Integer call() {
        QeditRequest request = CommandLineError.checked(spec, () -> QeditRequest.parse(arguments, constraint));
        PrintWriter out = harrier.out();
        List<Map<String, Object>> done = new ArrayList<>();
        try (GridClient grid = harrier.grid()) {
            for (QeditRequest.Edit edit : request.edits()) {
                List<String> ids = grid.setAttribute(request.jobs(), edit.name(), edit.value());
                if (json) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("Name", edit.name());
                    m.put("Value", edit.value());
                    m.put("Ids", ids);
                    done.add(m);
                } else {
                    out.println("Set attribute \"" + edit.name() + "\".");
                    out.flush();
                }
            }
        }
        if (json) {
            out.print(AdJson.write(done));
        }
        return 0;
    }
}
