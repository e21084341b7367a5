package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Map;
import org.harrier.broker.BrokerKeyStore;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.bus.LoginRefusedException;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * harrier user add, list and remove, and harrier security init, as an administrator runs them,
 * in-process, against real brokers: what they write, and who can log in afterwards.
 */
@Timeout(120)
class UserCommandTest {
    private static final String OWNER = GridBroker.owner();

    @TempDir
    Path dir;

    private Run harrier(Map<String, String> env, String... args) {
        return Run.of(new Surroundings(env, dir, dir, OWNER, Clock.systemUTC()), Harrier.defaultConnector(), args);
    }

    private Run harrier(String... args) {
        return harrier(Map.of(), args);
    }

    private Path data() {
        return dir.resolve("data");
    }

    @Test
    void aUserAddedWhileTheBrokerRunsLogsInAtOnceAndARemovedOneNoLonger() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(data()).withPort(0))) {
            Run add = harrier("--data", data().toString(), "user", "add", "carol");
            Path file = dir.resolve("carol.password");
            assertAll(() -> assertEquals(0, add.status(), add.err()),
                    () -> assertEquals("Added user carol (console) in " + data().resolve("security") + "; its new password is in "
                            + file + "\n", add.out()),
                    () -> assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file))));
            String password = Files.readString(file).strip();
            try (Bus carol = Bus.connect(broker.url(), "carol", password)) {
                assertEquals(broker.url(), carol.url());
            }
            // A command as carol gets past the login to the grid, which has no scheduler here.
            Run q = harrier(Map.of("HARRIER_USER", "carol", "HARRIER_PASSWORD_FILE", file.toString()), "--broker", broker.url(), "q");
            assertTrue(q.err().startsWith("harrier: no scheduler answers on the bus"), q.err());

            Run remove = harrier("--data", data().toString(), "user", "remove", "carol");
            assertAll(() -> assertEquals(0, remove.status(), remove.err()),
                    () -> assertEquals("Removed user carol from " + data().resolve("security") + "\n", remove.out()),
                    () -> assertThrows(LoginRefusedException.class, () -> Bus.connect(broker.url(), "carol", password).close()));
        }
    }

    @Test
    void aPasswordFileThereAlreadyIsReplacedOnlyWithForce() throws Exception {
        Path file = Files.writeString(dir.resolve("carol.password"), "someone else's\n");
        Run refused = harrier("--data", data().toString(), "user", "add", "carol");
        assertAll(() -> assertEquals(1, refused.status()),
                () -> assertEquals("harrier: " + file + " is there already; give --force to replace it, or another --password-file\n",
                        refused.err()),
                () -> assertEquals("someone else's\n", Files.readString(file)));
        Run forced = harrier("--data", data().toString(), "user", "add", "carol", "--force", "--role", "admin");
        assertAll(() -> assertEquals(0, forced.status(), forced.err()),
                () -> assertTrue(forced.out().startsWith("Added user carol (admin) in "), forced.out()),
                () -> assertNotEquals("someone else's\n", Files.readString(file)),
                () -> assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file))));
    }

    /** Its first 'harrier up' would leave a directory with users as it is: the grid's own users come first. */
    @Test
    void aPersonalGridsFirstUserComesWithItsOwnerAndServiceUsersAndServiceMeansEveryDaemonRole() {
        Run add = harrier("--data", data().toString(), "user", "add", "node7", "--role", "service", "--password-file", "n7.pw");
        Run again = harrier("--data", data().toString(), "user", "add", "node7", "--role", "service,schedd", "--password-file", "n7.pw",
                "--force");
        Run list = harrier("--data", data().toString(), "user", "list");
        int width = Math.max(OWNER.length(), "harrier-service".length());
        String row = "%-" + width + "s  %s%n";
        assertAll(() -> assertEquals("Added user node7 (collector,negotiator,schedd,service,startd) in " + data().resolve("security")
                        + "; its new password is in " + dir.resolve("n7.pw") + "\n", add.out()),
                () -> assertTrue(again.out().startsWith("Updated user node7 (schedd,service) in "), again.out()),
                () -> assertEquals(sortedRows(String.format(row, "USER", "ROLES") + String.format(row, "harrier-service",
                        "collector,negotiator,schedd,service,startd") + String.format(row, "node7", "schedd,service")
                        + String.format(row, OWNER, "admin")), list.out()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "user add carol --role root              | harrier user add: unknown role 'root'; roles are [admin, collector, console, negotiator, schedd, service, startd]",
        "user add car/ol                         | harrier user add: a user name is 1-64 letters",
        "user add carol --security sec --data d  | harrier user add: give --data (a personal grid's) or --security DIR, not both",
        "security init --host bad,dns:x          | harrier security init: --host must be a DNS name or an IP address, got 'dns:x'",
    })
    void aCommandLineThatMeansNothingIsRefusedWithExitStatusTwoAndNothingWritten(String line, String message) throws Exception {
        Run r = harrier(line.split(" "));
        assertAll(() -> assertEquals(2, r.status()),
                () -> assertTrue(r.err().startsWith(message), r.err()),
                () -> assertEquals(0, Files.list(dir).count(), "nothing written"));
    }

    @Test
    void aUserThatIsNotThereCannotBeRemoved() {
        Run r = harrier("user", "remove", "nobody", "--security", "sec");
        assertAll(() -> assertEquals(1, r.status()),
                () -> assertEquals("harrier: no user nobody in " + dir.resolve("sec") + "\n", r.err()));
    }

    @Test
    void securityInitMakesCertificatesThatCommandsTrustWithHarrierCaFile() throws Exception {
        Run init = harrier("security", "init", "--dir", "tls", "--host", "localhost");
        Path tls = dir.resolve("tls");
        assertAll(() -> assertEquals(0, init.status(), init.err()),
                () -> assertTrue(init.out().startsWith("Made a pool CA and a broker certificate for localhost, 127.0.0.1, ::1 in " + tls + ":\n"),
                        init.out()),
                () -> assertTrue(init.out().contains("harrier-broker --tls " + tls), init.out()));
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(data()).withPort(0).withTls(BrokerKeyStore.in(tls)))) {
            Run untrusted = harrier("--data", data().toString(), "--broker", broker.url(), "q");
            Run trusted = harrier(Map.of("HARRIER_CA_FILE", tls.resolve("ca.pem").toString()), "--data", data().toString(),
                    "--broker", broker.url(), "q");
            assertAll(() -> assertEquals("harrier: the broker at " + broker.url() + " presented a certificate this client does not"
                            + " trust (unable to find valid certification path to requested target); give the pool's CA certificate"
                            + " (ca.pem) as HARRIER_CA_FILE\n", untrusted.err()),
                    () -> assertTrue(trusted.err().startsWith("harrier: no scheduler answers on the bus at " + broker.url()), trusted.err()));
        }
        Run again = harrier("security", "init", "--dir", "tls", "--host", "localhost");
        assertAll(() -> assertEquals(1, again.status()),
                () -> assertEquals("harrier: " + tls + " already holds ca.p12; remove the old certificates first or choose another"
                        + " directory\n", again.err()));
    }

    /** The header, then the rows in name order (the owner's name, this account's, sorts anywhere). */
    private static String sortedRows(String table) {
        String[] lines = table.split("\n");
        String header = lines[0] + "\n";
        return header + java.util.Arrays.stream(lines).skip(1).sorted().map(l -> l + "\n").reduce("", String::concat);
    }
}
