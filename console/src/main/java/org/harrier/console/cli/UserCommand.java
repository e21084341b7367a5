package org.harrier.console.cli;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.harrier.broker.SecurityDirectory;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code harrier user add|list|remove}: the users who may log in to a broker, in its security
 * directory (broker-config/README.md, "Turning security on"): a personal grid's
 * {@code DATA/security} by default, or a pool broker's {@code --security DIR}. HTCondor's
 * {@code condor_token_create} in spirit: the administrator makes a credential and hands it over.
 * The broker re-reads the files when they change, so no restart is needed.
 */
@Command(name = "user", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Add, list and remove the users who may log in to the broker.",
        description = {"Changes the users and roles files of a broker's security directory: the personal grid's"
            + " <data>/security, or --security DIR (a pool broker's --security). A running broker re-reads them.",
            "Roles: console (a person's tools), service (a daemon; alone it means every daemon role: service,"
            + " schedd, startd, collector, negotiator), schedd, startd, collector, negotiator, admin (everything)."},
        subcommands = {UserAddCommand.class, UserListCommand.class, UserRemoveCommand.class},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier user add alice                 password in ./alice.password",
            "  harrier user add node7 --role service  a daemon (every daemon role)",
            "  harrier user add bob --role admin --security /etc/harrier/security",
            "  harrier user list",
            "  harrier user remove alice"})
final class UserCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Option(names = "--security", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "the broker's security directory (default: the personal grid's <data>/security)")
    Path security;

    @Override
    public Integer call() {
        spec.commandLine().usage(harrier.err());
        return 2;
    }

    /** The directory to change; --data and --security name it two ways, so only one may be given. */
    SecurityDirectory directory(CommandSpec subcommand) {
        return CommandLineError.checked(subcommand, () -> {
            if (security != null && harrier.data != null) {
                throw new CommandLineError("give --data (a personal grid's) or --security DIR, not both");
            }
            return security != null
                    ? SecurityDirectory.at(harrier.surroundings().workingDir().resolve(security).normalize())
                    : SecurityDirectory.at(harrier.dataDir().resolve(GridLocation.SECURITY_DIR));
        });
    }

    /**
     * The directory to add users to. A personal grid's gets its owner and service users first
     * if it has no users yet, as its first 'harrier up' would: that start leaves a directory
     * with users as it is, and the grid's own daemons could not log in.
     */
    SecurityDirectory directoryToAddTo(CommandSpec subcommand) {
        SecurityDirectory directory = directory(subcommand);
        try {
            return security != null ? directory : SecurityDirectory.personal(directory.path(), harrier.surroundings().user());
        } catch (UncheckedIOException e) {
            throw new ConsoleFailure(e.getMessage());
        }
    }
}
