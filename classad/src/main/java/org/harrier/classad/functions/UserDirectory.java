package org.harrier.classad.functions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Home directories by user name, read from a file in the format of {@code /etc/passwd}
 * ({@code name:password:uid:gid:gecos:home:shell}, {@code #} comments). The file is read on
 * each lookup, so a user added later is found; userHome() is rare enough that this costs nothing
 * that matters. Users known only to NSS services (LDAP, SSSD) are not found, unlike with
 * HTCondor's {@code getpwnam()}.
 */
@FunctionalInterface
interface UserDirectory {
    Optional<String> home(String user);

    static UserDirectory of(Path passwd) {
        return user -> {
            List<String> lines;
            try {
                lines = Files.readAllLines(passwd, StandardCharsets.UTF_8);
            } catch (IOException | UncheckedIOException | SecurityException e) {
                return Optional.empty(); // no password file: nobody has a home, as on Windows
            }
            for (String line : lines) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split(":", -1);
                if (fields.length >= 6 && fields[0].equals(user)) {
                    return Optional.of(fields[5]);
                }
            }
            return Optional.empty();
        };
    }
}
