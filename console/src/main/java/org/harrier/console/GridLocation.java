package org.harrier.console;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.harrier.console.grid.BrokerAddress;

/**
 * Where a command finds its grid: the data directory ({@code --data}, else {@code ~/.harrier})
 * and the broker URL, taken from the first of {@code --broker}, {@code $HARRIER_BROKER}, the
 * {@code broker.url} file a running {@code harrier up} keeps in the data directory, and
 * {@code amqp://127.0.0.1:5672}; who connects there ({@link #login}); and, over TLS, which
 * broker certificates to trust ({@link #caFile}).
 */
public final class GridLocation {
    public static final String BROKER_ENV = "HARRIER_BROKER";
    public static final String BROKER_FILE = "broker.url";
    public static final String DEFAULT_DATA_DIR = ".harrier";
    public static final String USER_ENV = "HARRIER_USER";
    public static final String PASSWORD_FILE_ENV = "HARRIER_PASSWORD_FILE";
    /** A pool's CA certificate (ca.pem from harrier security init), for brokers that speak TLS. */
    public static final String CA_FILE_ENV = "HARRIER_CA_FILE";
    /** The personal grid's users and passwords, under its data directory. */
    public static final String SECURITY_DIR = "security";

    private GridLocation() {
    }

    public static Path dataDir(Path option, Surroundings s) {
        if (option != null) {
            return s.workingDir().resolve(option).normalize();
        }
        return s.home().resolve(DEFAULT_DATA_DIR);
    }

    /** The broker to use; a malformed URL from any source is a {@link ConsoleFailure} naming the source. */
    public static BrokerAddress broker(String option, Path dataDir, Surroundings s) {
        return address(option, dataDir, s).orLogin(login(dataDir, s)).withCaFile(caFile(s));
    }

    /** {@code $HARRIER_CA_FILE}, the CA whose broker certificates to trust over amqps://; null when unset. */
    static Path caFile(Surroundings s) {
        String name = s.env().get(CA_FILE_ENV);
        if (name == null || name.isBlank()) {
            return null;
        }
        Path file = s.workingDir().resolve(name);
        if (!Files.isReadable(file)) {
            throw new ConsoleFailure("cannot read $" + CA_FILE_ENV + " " + file);
        }
        return file;
    }

    /**
     * Who the command connects as, unless the URL says: {@code $HARRIER_USER} (else this account)
     * with the password in {@code $HARRIER_PASSWORD_FILE}, else in the personal grid's
     * {@code DATA/security/USER.password}, which only the account that started the grid can
     * read. Null when neither is there: the broker then refuses the connection, saying so.
     */
    static BrokerAddress.Login login(Path dataDir, Surroundings s) {
        String user = s.env().getOrDefault(USER_ENV, "");
        if (user.isBlank()) {
            user = s.user();
        }
        String fileName = s.env().get(PASSWORD_FILE_ENV);
        Path file;
        if (fileName != null && !fileName.isBlank()) {
            file = s.workingDir().resolve(fileName);
            if (!Files.isReadable(file)) {
                throw new ConsoleFailure("cannot read $" + PASSWORD_FILE_ENV + " " + file);
            }
        } else {
            file = dataDir.resolve(SECURITY_DIR).resolve(user + ".password");
            if (!Files.isReadable(file)) {
                return null;
            }
        }
        try {
            String password = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (password.isEmpty()) {
                throw new ConsoleFailure("the password file " + file + " is empty");
            }
            return new BrokerAddress.Login(user, password);
        } catch (IOException e) {
            throw new ConsoleFailure("cannot read the password file " + file + ": " + e.getMessage());
        }
    }

    private static BrokerAddress address(String option, Path dataDir, Surroundings s) {
        if (option != null) {
            return parse(option, "--broker");
        }
        String fromEnv = s.env().get(BROKER_ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return parse(fromEnv, "$" + BROKER_ENV);
        }
        Path file = dataDir.resolve(BROKER_FILE);
        if (Files.isRegularFile(file)) {
            try {
                String url = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (!url.isEmpty()) {
                    return parse(url.lines().findFirst().orElse(url), file.toString());
                }
            } catch (IOException e) {
                throw new ConsoleFailure("cannot read " + file + ": " + e.getMessage());
            }
        }
        return BrokerAddress.local(BrokerAddress.AMQP_PORT);
    }

    private static BrokerAddress parse(String url, String source) {
        try {
            return BrokerAddress.parse(url);
        } catch (IllegalArgumentException e) {
            throw new ConsoleFailure(e.getMessage() + " (from " + source + ")");
        }
    }
}
