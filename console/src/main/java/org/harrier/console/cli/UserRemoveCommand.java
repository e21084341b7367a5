package org.harrier.console.cli;

import java.util.concurrent.Callable;
import org.harrier.broker.SecurityDirectory;
import org.harrier.console.ConsoleFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier user remove NAME}: the user can no longer log in; connections it has stay until they close. */
@Command(name = "remove", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Remove a user: it can no longer log in.",
        description = "Removes the user's lines from the users and roles files, and its password file if the security"
            + " directory keeps one. Connections it already has stay open until they close.")
final class UserRemoveCommand implements Callable<Integer> {
    @ParentCommand
    UserCommand user;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "the user to remove")
    String name;

    @Override
    public Integer call() {
        SecurityDirectory security = user.directory(spec);
        CommandLineError.checked(spec, () -> {
            try {
                return SecurityDirectory.checkUserName(name);
            } catch (IllegalArgumentException e) {
                throw new CommandLineError(e.getMessage());
            }
        });
        if (!security.removeUser(name)) {
            throw new ConsoleFailure("no user " + name + " in " + security.path());
        }
        user.harrier.out().println("Removed user " + name + " from " + security.path());
        return 0;
    }
}
