package org.harrier.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.console.grid.BrokerAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The connection Harrier.main begins while the command line is still being parsed, against a real broker. */
@Timeout(60)
class EarlyConnectionTest {
    @TempDir
    Path dir;

    private Surroundings here() {
        return new Surroundings(Map.of(), dir, dir, "alice", Clock.systemUTC());
    }

    @Test
    void addressIsTheOneTheCommandWouldWorkOut() throws IOException {
        Path data = dir.resolve("grid");
        Files.createDirectories(data);
        Files.writeString(data.resolve(GridLocation.BROKER_FILE), "amqp://127.0.0.1:6000\n");
        BrokerAddress expected = GridLocation.broker(null, data, here());
        assertEquals(expected, EarlyConnection.addressFor(new String[] {"--data", "grid", "q", "-totals"}, here()));
        assertEquals(expected, EarlyConnection.addressFor(new String[] {"--debug", "--data=grid", "submit", "a.sub"}, here()));
        assertEquals(GridLocation.broker("amqp://h:1", data, here()),
                EarlyConnection.addressFor(new String[] {"--broker", "amqp://h:1", "--data", "grid", "rm", "1"}, here()));
    }

    @Test
    void theSameAddressIsTheSameUrlLoginAndCaFile() {
        BrokerAddress plain = BrokerAddress.parse("amqp://127.0.0.1:6000");
        BrokerAddress alice = plain.orLogin(new BrokerAddress.Login("alice", "secret"));
        assertTrue(EarlyConnection.sameAddress(plain, BrokerAddress.parse("amqp://127.0.0.1:6000")));
        assertTrue(EarlyConnection.sameAddress(alice, BrokerAddress.parse("amqp://127.0.0.1:6000")
                .orLogin(new BrokerAddress.Login("alice", "secret"))));
        assertTrue(EarlyConnection.sameAddress(alice.withCaFile(dir.resolve("ca.pem")),
                alice.withCaFile(dir.resolve("ca.pem"))));
        assertFalse(EarlyConnection.sameAddress(plain, BrokerAddress.parse("amqp://127.0.0.1:6001")));
        assertFalse(EarlyConnection.sameAddress(plain, alice));
        assertFalse(EarlyConnection.sameAddress(alice, plain));
        assertFalse(EarlyConnection.sameAddress(alice, plain.orLogin(new BrokerAddress.Login("alice", "other"))));
        assertFalse(EarlyConnection.sameAddress(alice, plain.orLogin(new BrokerAddress.Login("bob", "secret"))));
        assertFalse(EarlyConnection.sameAddress(alice, alice.withCaFile(dir.resolve("ca.pem"))));
    }

    @Test
    void everyConnectingNameIsASubcommand() {
        for (String name : EarlyConnection.CONNECTING) {
            assertEquals(1, org.harrier.console.cli.HarrierCommand.subcommandsFor(name).size(), name);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "up", "demo", "--version", "--help", "classad-eval 1", "user list", "wait a.log", "--data",
        "q --help", "q -h", "q --broker amqp://elsewhere:5672", "q --data=elsewhere", "submit a.sub --version",
        "--broker amqp://a:1 --broker amqp://b:1 q", "--data a --data b q", "--broker not-a-url q"})
    void commandLinesItCannotBeSureOfConnectNothingEarly(String line) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        assertNull(EarlyConnection.addressFor(args, here()), line);
    }

    @Test
    void theCommandTakesTheEarlySessionAndAnotherAddressGetsItsOwn() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0))) {
            Recording connector = new Recording(Harrier.defaultConnector());
            String[] args = {"--broker", broker.clientUrl(), "q"};
            // What the command works out for itself, after picocli has read its options.
            BrokerAddress asked = GridLocation.broker(broker.clientUrl(), GridLocation.dataDir(null, here()), here());
            try (EarlyConnection early = EarlyConnection.begin(args, here(), connector)) {
                GridClient taken = early.connect(asked);
                assertEquals(1, connector.connected.size(), "one session, begun early");
                assertSame(connector.connected.get(0), taken, "and handed over");
                taken.close();
            }
            assertTrue(connector.closes.tryAcquire(1, 30, TimeUnit.SECONDS), "closed by the command that took it");

            // The same broker by another URL: the command did not ask for the early session.
            BrokerAddress other = BrokerAddress.parse("failover:(" + broker.clientUrl() + ")");
            GridClient own;
            try (EarlyConnection early = EarlyConnection.begin(args, here(), connector)) {
                own = early.connect(other);
                own.close();
            }
            // EarlyConnection.close does not wait for an early session still on its way: it is
            // counted once it closed itself, unused.
            assertTrue(connector.closes.tryAcquire(2, 30, TimeUnit.SECONDS),
                    "the command's closed by itself, the early one when unused");
            assertEquals(3, connector.connected.size(), "the early session and the command's own");
            assertTrue(connector.connected.stream().anyMatch(c -> c == own), "the command's own is one of them");
            assertEquals(0, connector.closes.availablePermits(), "each closed once");
        }
    }

    @Test
    void aFailureIsTheCommandsOwnWhenItAsks() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        String[] args = {"--broker", "amqp://127.0.0.1:" + port, "q"};
        BrokerAddress address = EarlyConnection.addressFor(args, here());
        ConsoleFailure direct = assertThrows(ConsoleFailure.class, () -> Harrier.defaultConnector().connect(address));
        try (EarlyConnection early = EarlyConnection.begin(args, here(), Harrier.defaultConnector())) {
            ConsoleFailure e = assertThrows(ConsoleFailure.class, () -> early.connect(address));
            assertEquals(direct.getMessage(), e.getMessage());
        }
    }

    /** The real connector, recording the sessions it opened, and a permit for each close. */
    private static final class Recording implements GridConnector {
        final GridConnector real;
        final List<GridClient> connected = new ArrayList<>();
        final Semaphore closes = new Semaphore(0);

        Recording(GridConnector real) {
            this.real = real;
        }

        @Override
        public GridClient connect(BrokerAddress broker) {
            GridClient c = real.connect(broker);
            GridClient recorded = (GridClient) java.lang.reflect.Proxy.newProxyInstance(GridClient.class.getClassLoader(),
                    new Class<?>[] {GridClient.class}, (proxy, method, args) -> {
                        try {
                            return method.invoke(c, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        } finally {
                            if (method.getName().equals("close")) {
                                closes.release();
                            }
                        }
                    });
            synchronized (this) {
                connected.add(recorded);
            }
            return recorded;
        }
    }
}
