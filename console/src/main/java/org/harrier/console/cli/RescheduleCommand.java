package org.harrier.console.cli;

import java.util.concurrent.Callable;
import org.harrier.console.GridClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/**
 * {@code harrier reschedule}: condor_reschedule. HTCondor asks the schedd, which asks the
 * negotiator; here the console calls the negotiator's Reschedule itself (docs/protocols.md).
 */
@Command(name = "reschedule", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Start a negotiation cycle now (condor_reschedule).",
        description = "Asks the negotiator for a matchmaking cycle now rather than at its next NEGOTIATOR_INTERVAL;"
            + " useful after 'harrier qedit' or 'harrier userprio' changed what a cycle would decide.")
final class RescheduleCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Override
    public Integer call() {
        try (GridClient grid = harrier.grid()) {
            grid.reschedule();
        }
        harrier.out().println("Sent \"Reschedule\" command to the negotiator");
        return 0;
    }
}
