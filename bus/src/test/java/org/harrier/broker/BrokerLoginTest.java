package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;
import org.apache.activemq.artemis.spi.core.security.scram.UserData;
import org.harrier.bus.Bus;
import org.harrier.bus.BusException;
import org.harrier.bus.LoginRefusedException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * How clients log in to a real broker: Qpid JMS (the bus) with SASL SCRAM, Debian's
 * python3-qpid-proton (the Python examples, run as processes) with PLAIN where the broker offers
 * it, and both over TLS with the pool's CA certificate from PoolCertificates. Each refusal is one
 * line a person can act on.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BrokerLoginTest {
    private static final String OWNER = GridBroker.owner();

    @TempDir
    static Path shared;
    /** harrier security init's files, made once: keytool takes seconds a run. */
    static Path tls;

    @TempDir
    Path dir;

    @BeforeAll
    static void poolCertificates() {
        tls = shared.resolve("tls");
        PoolCertificates.create(tls, List.of());
    }

    private GridBroker personal() {
        return GridBroker.start(BrokerSettings.personal(dir.resolve("data")).withPort(0));
    }

    private GridBroker withTls() {
        return GridBroker.start(BrokerSettings.personal(dir.resolve("data")).withPort(0).withTls(BrokerKeyStore.in(tls)));
    }

    private static String password(GridBroker broker) {
        return broker.security().password(OWNER);
    }

    @Test
    void qpidJmsLogsInWithScramAndTheBrokerSawScram() throws Exception {
        try (GridBroker broker = personal()) {
            // A user with SCRAM-SHA-512 keys and nothing else: no PLAIN hash, no SHA-256 keys.
            String line = StoredPasswords.entries("bob", "bob-pw").entrySet().stream()
                    .filter(e -> e.getKey().equals("bob|SHA512")).map(e -> e.getKey() + " = " + e.getValue()).findFirst().orElseThrow();
            Files.writeString(broker.security().usersFile(), line + "\n", java.nio.file.StandardOpenOption.APPEND);
            try (Bus owner = Bus.connect(broker.url(), OWNER, password(broker)); Bus bob = Bus.connect(broker.url(), "bob", "bob-pw")) {
                List<RemotingConnection> connections = new ArrayList<>(broker.artemis().getRemotingService().getConnections());
                assertAll(() -> assertEquals(2, connections.size()), () -> assertEquals(owner.url(), bob.url()));
                for (RemotingConnection connection : connections) {
                    assertFalse(connection.getSubject().getPublicCredentials(UserData.class).isEmpty(),
                            "a SCRAM exchange leaves the user's stored keys on the connection's subject");
                }
            }
        }
    }

    @Test
    void aBrokerOnEveryInterfaceWithoutTlsOffersScramOnly() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("data")).withHost("0.0.0.0").withPort(0))) {
            try (Bus bus = Bus.connect(broker.url(), OWNER, password(broker))) {
                assertEquals(broker.url(), bus.url());
            }
            assertThrows(JMSSecurityException.class,
                    () -> Amqp.connect(broker.url() + "?amqp.saslMechanisms=PLAIN", OWNER, password(broker)).close());
            Python python = python("--broker", broker.url(), "--user", OWNER, "--password-file", passwordFile(broker).toString());
            assertEquals(1, python.status(), python.output());
            assertEquals("q.py: the broker at " + broker.url() + " offers no login this client has: python3-qpid-proton"
                    + " logs in with PLAIN, which a broker offers only over TLS or loopback; connect with amqps://\n", python.output());
        }
    }

    @Test
    void pythonLogsInWithPlainOnLoopback() throws Exception {
        try (GridBroker broker = personal()) {
            Python python = python("--broker", broker.url(), "--user", OWNER, "--password-file", passwordFile(broker).toString());
            assertEquals(0, python.status(), python.output());
            assertTrue(python.output().contains("0 jobs"), python.output());
        }
    }

    @Test
    void overTlsJavaAndPythonTrustTheBrokerThePoolCaSigned() throws Exception {
        try (GridBroker broker = withTls()) {
            assertTrue(broker.url().startsWith("amqps://127.0.0.1:"), broker.url());
            Bus.Options withCa = new Bus.Options(OWNER, password(broker), tls.resolve(PoolCertificates.CA_CERTIFICATE), null);
            try (Bus bus = Bus.connect(broker.url(), withCa); Bus byName = Bus.connect(broker.url().replace("127.0.0.1", "localhost"), withCa)) {
                assertAll(() -> assertTrue(bus.url().startsWith("amqps://127.0.0.1:"), bus.url()),
                        () -> assertTrue(byName.url().startsWith("amqps://localhost:"), byName.url()));
            }
            Python python = python("--broker", broker.url(), "--user", OWNER, "--password-file", passwordFile(broker).toString(),
                    "--ca-file", tls.resolve(PoolCertificates.CA_CERTIFICATE).toString());
            assertEquals(0, python.status(), python.output());
            assertTrue(python.output().contains("0 jobs"), python.output());
        }
    }

    @Test
    void aClientWithoutTheCaOrWithoutTlsIsRefusedInOneLine() throws Exception {
        try (GridBroker broker = withTls()) {
            String plain = broker.url().replace("amqps://", "amqp://");
            // A plain client waits for the broker's TLS handshake timeout (10 s): both wait at once.
            CompletableFuture<Python> pythonPlain = CompletableFuture.supplyAsync(() -> python("--broker", plain,
                    "--user", OWNER, "--password-file", passwordFile(broker).toString()));
            BusException javaPlain = assertThrows(BusException.class, () -> Bus.connect(plain, OWNER, password(broker)).close());
            BusException javaUntrusted = assertThrows(BusException.class, () -> Bus.connect(broker.url(), OWNER, password(broker)).close());
            Python pythonUntrusted = python("--broker", broker.url(), "--user", OWNER, "--password-file", passwordFile(broker).toString());
            Python pythonWrongCa = python("--broker", broker.url(), "--user", OWNER, "--password-file", passwordFile(broker).toString(),
                    "--ca-file", Path.of("/etc/ssl/certs/ca-certificates.crt").toString());
            assertAll(() -> assertEquals("the broker at " + plain + " closed the connection before AMQP began; if it speaks only TLS,"
                            + " connect with amqps:// (give the pool's CA certificate (ca.pem) as HARRIER_CA_FILE)", javaPlain.getMessage()),
                    () -> assertEquals("the broker at " + broker.url() + " presented a certificate this client does not trust (unable to find"
                            + " valid certification path to requested target); give the pool's CA certificate (ca.pem) as HARRIER_CA_FILE",
                            javaUntrusted.getMessage()),
                    () -> assertEquals(1, pythonUntrusted.status()),
                    () -> assertTrue(pythonUntrusted.output().startsWith("q.py: the broker at " + broker.url() + " presented a certificate"
                            + " this client does not trust; give the pool's CA certificate (ca.pem) as --ca-file ("), pythonUntrusted.output()),
                    () -> assertTrue(pythonWrongCa.output().startsWith("q.py: the broker at " + broker.url() + " presented a certificate"
                            + " not signed by the CA in /etc/ssl/certs/ca-certificates.crt"), pythonWrongCa.output()),
                    () -> assertEquals("q.py: the broker at " + plain + " did not begin AMQP; if it speaks only TLS,"
                            + " connect with amqps:// and --ca-file\n", pythonPlain.get().output()),
                    () -> assertEquals(1, pythonPlain.get().status()));
        }
    }

    @Test
    void aUserAddedWhileTheBrokerRunsLogsInWithoutARestart() throws Exception {
        try (GridBroker broker = personal()) {
            assertThrows(LoginRefusedException.class, () -> Bus.connect(broker.url(), "carol", "carol-pw").close());
            broker.security().putUser("carol", List.of(SecurityDirectory.Role.CONSOLE), "carol-pw");
            Path carolsPassword = Files.writeString(dir.resolve("carol.password"), "carol-pw\n");
            try (Bus bus = Bus.connect(broker.url(), "carol", "carol-pw")) {
                assertNotNull(bus.console());
            }
            Python python = python("--broker", broker.url(), "--user", "carol", "--password-file", carolsPassword.toString());
            assertEquals(0, python.status(), python.output());
        }
    }

    @Test
    void wrongPasswordsAreRefusedInOneLine() throws Exception {
        try (GridBroker broker = personal()) {
            Path wrong = Files.writeString(dir.resolve("wrong.password"), "not-the-password\n");
            LoginRefusedException java = assertThrows(LoginRefusedException.class,
                    () -> Bus.connect(broker.url(), OWNER, "not-the-password").close());
            Python python = python("--broker", broker.url(), "--user", OWNER, "--password-file", wrong.toString());
            assertAll(() -> assertEquals("the broker at " + broker.url() + " refused user " + OWNER + ": wrong user name or password",
                            java.getMessage()),
                    () -> assertEquals(1, python.status()),
                    () -> assertEquals("q.py: the broker at " + broker.url() + " refused the login as " + OWNER + ": wrong user name or"
                            + " password, or none given (--user and --password-file, or $HARRIER_USER and $HARRIER_PASSWORD_FILE)\n",
                            python.output()));
        }
    }

    /** Artemis's own roles reader would give " bob" the role and bob nothing; the stamp shows what bob got. */
    @Test
    void aHandEditedRolesFileWithSpacesAroundNamesGivesEveryUserItsRoles() throws Exception {
        try (GridBroker broker = personal()) {
            SecurityDirectory security = broker.security();
            security.putUser("alice", List.of(), "alice-pw");
            security.putUser("bob", List.of(), "bob-pw");
            Files.writeString(security.rolesFile(), "admin = " + OWNER + "\nconsole = alice , bob\n");
            String queue = "qmf.grid.agent.harrier.scheduler.roles_host";
            try (Connection bob = Amqp.connect(broker.url(), "bob", "bob-pw"); Connection owner = Amqp.connect(broker)) {
                Session bs = bob.createSession(false, Session.AUTO_ACKNOWLEDGE);
                bs.createProducer(bs.createQueue(queue)).send(bs.createTextMessage("a request"));
                Session os = owner.createSession(false, Session.AUTO_ACKNOWLEDGE);
                try (MessageConsumer consumer = os.createConsumer(os.createQueue(queue))) {
                    Message m = consumer.receive(Amqp.DEADLINE_MS);
                    assertNotNull(m, "bob's request did not arrive");
                    assertEquals("console", m.getStringProperty(ValidatedUserStamp.ROLES));
                }
            }
        }
    }

    private Path passwordFile(GridBroker broker) {
        return broker.security().passwordFile(OWNER);
    }

    private record Python(int status, String output) {
    }

    /** python-examples/q.py, which lists jobs: with no scheduler there are none, once it is in. */
    private static Python python(String... arguments) {
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3", examples().resolve("q.py").toString()));
        command.addAll(List.of(arguments));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("q.py did not finish: " + output);
            }
            return new Python(p.exitValue(), output);
        } catch (IOException e) {
            throw new AssertionError("cannot run /usr/bin/python3 (Debian's python3-qpid-proton): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static Path examples() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("python-examples"))) {
                return p.resolve("python-examples");
            }
        }
        throw new AssertionError("python-examples not found above " + Path.of("").toAbsolutePath());
    }
}
