package org.harrier.console.cli;

import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.broker.SecurityDirectory;
import org.harrier.console.ConsoleFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier user list}: every user of the security directory and its roles. */
@Command(name = "list", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "List the users and their roles.",
        description = "A user marked 'no SCRAM keys' was added by hand with only a PLAIN hash: Java clients log in"
            + " with SCRAM, so give it a new password with 'harrier user add NAME'.")
final class UserListCommand implements Callable<Integer> {
    @ParentCommand
    UserCommand user;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        SecurityDirectory security = user.directory(spec);
        if (!Files.exists(security.usersFile())) {
            throw new ConsoleFailure("no users in " + security.path() + " (" + security.usersFile().getFileName()
                    + " is missing; 'harrier up' or 'harrier user add' makes it)");
        }
        List<SecurityDirectory.User> users = security.users();
        int width = Math.max(4, users.stream().mapToInt(u -> u.name().length()).max().orElse(0));
        user.harrier.out().println(String.format("%-" + width + "s  %s", "USER", "ROLES"));
        for (SecurityDirectory.User u : users) {
            String roles = u.roles().isEmpty() ? "(none)" : String.join(",", u.roles());
            user.harrier.out().println(String.format("%-" + width + "s  %s%s", u.name(), roles, u.scram() ? "" : "  (no SCRAM keys)"));
        }
        return 0;
    }
}
