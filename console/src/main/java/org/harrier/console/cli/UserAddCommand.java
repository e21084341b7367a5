package org.harrier.console.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.harrier.broker.SecurityDirectory;
import org.harrier.console.ConsoleFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code harrier user add NAME}: adds the user, or gives it a new password and roles, and writes
 * the new random password to a file only its writer can read, for the administrator to hand
 * over. The password is never printed: a terminal's scrollback and a shell's history are read by
 * others more often than a file is.
 */
@Command(name = "add", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Add a user (or renew its password and roles); its new password goes to a file.",
        description = "Writes a new random password to --password-file (default ./NAME.password), readable only"
            + " by you, and refuses to replace a file that is there unless --force. The broker keeps only a hash and"
            + " SCRAM keys of it. Give the file to the user: HARRIER_USER=NAME HARRIER_PASSWORD_FILE=FILE harrier q.")
final class UserAddCommand implements Callable<Integer> {
    @ParentCommand
    UserCommand user;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "the user name (letters, digits, '_', '.', '@', '-')")
    String name;

    @Option(names = "--role", paramLabel = "ROLE", split = ",",
            description = "a role to give (repeatable; default console): console, service, schedd, startd, collector,"
                + " negotiator, admin; service alone means every daemon role")
    List<String> roles;

    @Option(names = "--password-file", paramLabel = "FILE", description = "where to write the password (default ./NAME.password)")
    Path passwordFile;

    @Option(names = "--force", description = "replace the password file if it is there")
    boolean force;

    @Override
    public Integer call() {
        Set<String> granted = CommandLineError.checked(spec, this::granted);
        SecurityDirectory security = user.directoryToAddTo(spec);
        Path file = user.harrier.surroundings().workingDir().resolve(passwordFile != null ? passwordFile : Path.of(name + ".password"))
                .normalize();
        String password = SecurityDirectory.newPassword();
        writeOwnerOnly(file, password);
        boolean added;
        try {
            added = security.putUser(name, granted, password);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            deleteQuietly(file);
            throw new ConsoleFailure("cannot add " + name + " to " + security.path() + ": " + e.getMessage());
        }
        user.harrier.out().println((added ? "Added" : "Updated") + " user " + name + " (" + String.join(",", granted) + ") in "
                + security.path() + "; its new password is in " + file);
        return 0;
    }

    /** The roles to give, checked; {@code service} alone stands for every daemon role. */
    private Set<String> granted() {
        try {
            SecurityDirectory.checkUserName(name);
        } catch (IllegalArgumentException e) {
            throw new CommandLineError(e.getMessage());
        }
        List<String> asked = roles == null || roles.isEmpty() ? List.of(SecurityDirectory.Role.CONSOLE) : roles;
        if (asked.equals(List.of(SecurityDirectory.Role.SERVICE))) {
            asked = SecurityDirectory.SERVICE_ROLES;
        }
        Set<String> granted = new TreeSet<>();
        for (String role : asked) {
            String r = role.strip();
            if (!SecurityDirectory.ROLES.contains(r)) {
                throw new CommandLineError("unknown role '" + r + "'; roles are " + new TreeSet<>(SecurityDirectory.ROLES));
            }
            granted.add(r);
        }
        return granted;
    }

    /**
     * Writes through a temporary file made owner-only before any byte is in it, then renames it
     * into place; without --force the rename refuses a file that is there, even one made meanwhile.
     */
    private void writeOwnerOnly(Path file, String password) {
        if (!force && Files.exists(file)) {
            throw new ConsoleFailure(file + " is there already; give --force to replace it, or another --password-file");
        }
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, password + "\n", StandardCharsets.UTF_8);
            if (force) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.move(tmp, file);
            }
        } catch (FileAlreadyExistsException e) {
            deleteQuietly(tmp);
            throw new ConsoleFailure(file + " is there already; give --force to replace it, or another --password-file");
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw new ConsoleFailure("cannot write the password file " + file + ": " + e.getMessage());
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // best effort: the failure being reported is the one that matters
        }
    }
}
