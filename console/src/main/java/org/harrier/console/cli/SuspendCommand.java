package org.harrier.console.cli;

import picocli.CommandLine.Command;

/** {@code harrier suspend}: condor_suspend. */
@Command(name = "suspend", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Suspend running jobs (condor_suspend).",
        description = {"Stops the processes of running jobs (SIGSTOP to the whole process tree); the jobs keep"
            + " their slots and show as S until 'harrier continue'. Only running jobs can be suspended.",
            "Prints 'Job 12.0 suspended' or 'All jobs in cluster 12 have been suspended', and one line on stderr"
            + " for each id that could not be suspended; exit status 1 if any could not."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier suspend 12.0", "  harrier suspend alice", "  harrier suspend -all"})
final class SuspendCommand extends JobControlCommand {
    @Override
    JobAction action() {
        return JobAction.SUSPEND;
    }
}
