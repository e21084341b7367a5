package org.harrier.console.cli;

import picocli.CommandLine.Command;

/** {@code harrier vacate_job}: condor_vacate_job. */
@Command(name = "vacate_job", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Vacate running jobs from their machines (condor_vacate_job).",
        description = {"Evicts running jobs: each job's processes get SIGTERM (SIGKILL after the kill grace), so a"
            + " self-checkpointing job (checkpoint_exit_code) may write a checkpoint and exit; the job goes back to"
            + " idle and runs again, from its last checkpoint, wherever it is matched next."
            + " Only running or suspended jobs can be vacated.",
            "Prints 'Job 12.0 vacated' or 'All jobs in cluster 12 have been vacated', and one line on stderr"
            + " for each id that could not be vacated; exit status 1 if any could not."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier vacate_job 12.0", "  harrier vacate_job alice", "  harrier vacate_job -constraint 'NumCkpts > 0'"})
final class VacateJobCommand extends JobControlCommand {
    @Override
    JobAction action() {
        return JobAction.VACATE;
    }
}
