package org.harrier.console.cli;

import picocli.CommandLine.Command;

/** {@code harrier continue}: condor_continue. */
@Command(name = "continue", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Continue suspended jobs (condor_continue).",
        description = {"Lets the processes of suspended jobs run again (SIGCONT); only suspended jobs can be"
            + " continued.",
            "Prints 'Job 12.0 continued' or 'All jobs in cluster 12 have been continued', and one line on stderr"
            + " for each id that could not be continued; exit status 1 if any could not."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier continue 12.0", "  harrier continue alice", "  harrier continue -all"})
final class ContinueCommand extends JobControlCommand {
    @Override
    JobAction action() {
        return JobAction.CONTINUE;
    }
}
