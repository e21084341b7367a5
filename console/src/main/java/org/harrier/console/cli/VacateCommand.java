package org.harrier.console.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code harrier vacate}: condor_vacate. Each name is a slot ({@code slot1_2@host}: its job) or a
 * host (every job on it); each is asked of its startd in turn and one failure does not stop the
 * others.
 */
@Command(name = "vacate", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Vacate the jobs running on machines or slots (condor_vacate).",
        description = {"Evicts every job running on the named slots or hosts: SIGTERM (SIGKILL after the kill"
            + " grace), so a self-checkpointing job may checkpoint; each job goes back to idle in its scheduler"
            + " and runs again elsewhere, from its last checkpoint.",
            "Prints one line per slot; exit status 1 if a name is not a slot or host of the pool."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier vacate slot1_2@node7", "  harrier vacate node7"})
final class VacateCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Parameters(paramLabel = "SLOT|HOST", arity = "1..*", description = "a slot's Name or a host")
    List<String> names = List.of();

    @Override
    public Integer call() {
        boolean failed = false;
        PrintWriter out = harrier.out();
        try (GridClient grid = harrier.grid()) {
            for (String name : names) {
                try {
                    for (Map.Entry<String, List<String>> slot : grid.vacateSlots(name).entrySet()) {
                        out.println(line(slot.getKey(), slot.getValue()));
                    }
                } catch (ConsoleFailure e) {
                    harrier.err().println("Can't vacate " + name + ": " + e.getMessage());
                    failed = true;
                }
            }
        }
        out.flush();
        harrier.err().flush();
        return failed ? 1 : 0;
    }

    /** "Sent vacate to slot1@host: jobs 1.0, 2.0 vacated", or that nothing ran there. */
    static String line(String slot, List<String> jobs) {
        return jobs.isEmpty() ? "Sent vacate to " + slot + ": no job was running there"
                : "Sent vacate to " + slot + ": job" + (jobs.size() == 1 ? " " : "s ") + String.join(", ", jobs) + " vacated";
    }
}
