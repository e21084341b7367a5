package org.harrier.console.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code harrier rm}: condor_rm. Running jobs are killed; removed jobs leave the queue for the history. */
@Command(name = "rm", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Remove jobs (condor_rm).",
        description = {"Removes jobs from the queue; a running job is killed first. The -reason is kept in"
            + " RemoveReason; removed jobs are in 'harrier history'.",
            "Prints 'Job 12.0 marked for removal' or 'All jobs in cluster 12 have been marked for removal', and"
            + " one line on stderr for each id that could not be removed; exit status 1 if any could not."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier rm 12.0                          job 12.0",
            "  harrier rm 12                            every job of cluster 12",
            "  harrier rm alice                         alice's jobs",
            "  harrier rm -constraint 'JobStatus == 5'  every held job",
            "  harrier rm -all                          every job in the queue"})
final class RemoveCommand extends JobControlCommand {
    @Option(names = {"-reason", "--reason"}, paramLabel = "TEXT", description = "why (the jobs' RemoveReason)")
    String reason = "via harrier rm";

    @Override
    JobAction action() {
        return JobAction.REMOVE;
    }

    @Override
    String reason() {
        return reason;
    }
}
