package org.harrier.console.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code harrier release}: condor_release. */
@Command(name = "release", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Release held jobs (condor_release).",
        description = {"Released jobs are idle again and can be matched; only held jobs can be released."
            + " The -reason is kept in ReleaseReason.",
            "Prints 'Job 12.0 released' or 'All jobs in cluster 12 have been released', and one line on stderr"
            + " for each id that could not be released; exit status 1 if any could not."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier release 12.0",
            "  harrier release alice",
            "  harrier release -constraint 'HoldReasonCode == 1' -reason 'disk replaced'"})
final class ReleaseCommand extends JobControlCommand {
    @Option(names = {"-reason", "--reason"}, paramLabel = "TEXT", description = "why (the jobs' ReleaseReason)")
    String reason = "via harrier release";

    @Override
    JobAction action() {
        return JobAction.RELEASE;
    }

    @Override
    String reason() {
        return reason;
    }
}
