package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.Grid;
import org.harrier.console.format.AdJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code harrier rm}: condor_rm. Running jobs are killed; removed jobs leave the queue. */
@Command(name = "rm", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Remove jobs (condor_rm).",
        description = "Removes jobs from the queue; a running job is killed first. Exit status 1 if any"
            + " id could not be removed.",
        footerHeading = "%nExamples:%n",
        footer = {"  harrier rm 12.0       job 12.0", "  harrier rm 12         every job of cluster 12"})
final class RemoveCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Option(names = {"-reason", "--reason"}, paramLabel = "TEXT", description = "why (kept in the job's RemoveReason)")
    String reason = "via harrier rm";

    @Option(names = {"-json", "--json"}, description = "print the outcome per id as JSON")
    boolean json;

    @Parameters(paramLabel = "ID", arity = "1..*", description = "a cluster (12) or a job (12.0)")
    List<String> ids;

    @Override
    public Integer call() {
        List<JobRef> refs = ids.stream().map(JobRef::parse).toList();
        Map<String, String> failures = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        try (Grid grid = harrier.grid()) {
            for (JobRef ref : refs) {
                try {
                    grid.remove(ref.toString(), reason);
                    lines.add(ref.isCluster() ? "All jobs in cluster " + ref + " have been marked for removal"
                            : "Job " + ref + " marked for removal");
                } catch (ConsoleFailure e) {
                    failures.put(ref.toString(), e.getMessage());
                    lines.add("Couldn't find/remove " + (ref.isCluster() ? "all jobs in cluster " : "job ") + ref
                            + ": " + e.getMessage());
                }
            }
        }
        if (json) {
            List<Map<String, Object>> out = new ArrayList<>();
            for (JobRef ref : refs) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("Id", ref.toString());
                m.put("Removed", !failures.containsKey(ref.toString()));
                if (failures.containsKey(ref.toString())) {
                    m.put("Error", failures.get(ref.toString()));
                }
                out.add(m);
            }
            harrier.out().print(AdJson.write(out));
        } else {
            lines.forEach(harrier.out()::println);
        }
        return failures.isEmpty() ? 0 : 1;
    }
}
