package org.harrier.console.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier security init}: a pool's TLS certificates (users are {@code harrier user}). */
@Command(name = "security", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Make a pool's TLS certificates (security init).",
        subcommands = {SecurityInitCommand.class},
        footerHeading = "%nExample:%n",
        footer = {"  harrier security init --dir /etc/harrier/tls --host broker.example.org"})
final class SecurityCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(harrier.err());
        return 2;
    }
}
