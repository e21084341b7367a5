package org.harrier.console.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code harrier hold}: condor_hold. */
@Command(name = "hold", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Put jobs on hold (condor_hold).",
        description = {"Held jobs stay in the queue but do not run until released; a running job is killed."
            + " HoldReason is the -reason given (HoldReasonCode 1, user request).",
            "Prints 'Job 12.0 held' or 'All jobs in cluster 12 have been held' for what was held, and one"
            + " line on stderr for each id that could not be; exit status 1 if any could not."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier hold 12.0                          job 12.0",
            "  harrier hold 12 -reason 'disk full'        every job of cluster 12",
            "  harrier hold alice                         alice's jobs",
            "  harrier hold -constraint 'JobStatus == 1'  every idle job",
            "  harrier hold -all                          every job in the queue"})
final class HoldCommand extends JobControlCommand {
    @Option(names = {"-reason", "--reason"}, paramLabel = "TEXT", description = "why (the jobs' HoldReason)")
    String reason = "via harrier hold";

    @Override
    JobAction action() {
        return JobAction.HOLD;
    }

    @Override
    String reason() {
        return reason;
    }
}
