package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Starting and stopping embedded brokers, and what they refuse. What a client sees of them
 * (connecting, a message across a restart, two brokers side by side) is GridBrokerClientTest's,
 * in the bus module, which has the AMQP client.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GridBrokerTest {
    @TempDir
    Path data;

    @Test
    void everythingTheBrokerStoresIsUnderTheDataDirectory() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(data).withPort(0))) {
            var configuration = broker.artemis().getConfiguration();
            // Paging and large-message directories appear only when first needed.
            assertAll(() -> assertTrue(Files.list(data.resolve("journal")).findAny().isPresent(), "journal files"),
                    () -> assertTrue(Files.list(data.resolve("bindings")).findAny().isPresent(), "bindings files"),
                    () -> assertEquals(data.resolve("paging").toFile(), configuration.getPagingLocation()),
                    () -> assertEquals(data.resolve("large-messages").toFile(), configuration.getLargeMessagesLocation()));
        }
    }

    @Test
    void aTakenPortIsRefusedInOneSentence() {
        try (GridBroker first = GridBroker.start(BrokerSettings.personal(data.resolve("a")).withPort(0))) {
            BrokerException refused = assertThrows(BrokerException.class,
                    () -> GridBroker.start(BrokerSettings.personal(data.resolve("b")).withPort(first.port())));
            assertAll(() -> assertTrue(refused.getMessage().startsWith("cannot listen for AMQP on 127.0.0.1:" + first.port()),
                            refused.getMessage()),
                    () -> assertTrue(first.isRunning()));
        }
        // The refused broker released the data directory it had locked.
        try (GridBroker again = GridBroker.start(BrokerSettings.personal(data.resolve("b")).withPort(0))) {
            assertTrue(again.isRunning());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "192.0.2.1,            cannot listen for AMQP on 192.0.2.1:0: ",
        "no-such-host.invalid, cannot listen for AMQP on no-such-host.invalid:0: ",
    })
    void aHostThatIsNotThisMachinesIsRefusedInOneSentence(String host, String expectedStart) {
        Path brokerData = data.resolve("broker");
        BrokerException refused = assertThrows(BrokerException.class,
                () -> GridBroker.start(BrokerSettings.personal(brokerData).withHost(host).withPort(0)));
        assertAll(() -> assertTrue(refused.getMessage().startsWith(expectedStart), refused.getMessage()),
                () -> assertFalse(Files.exists(brokerData), "a refused broker created its data directory"));
    }

    @Test
    void stopIsIdempotentAndReleasesTheDataDirectory() {
        GridBroker broker = GridBroker.start(BrokerSettings.personal(data).withPort(0));
        broker.stop();
        broker.close();
        assertFalse(broker.isRunning());
        try (GridBroker next = GridBroker.start(BrokerSettings.personal(data).withPort(0))) {
            assertTrue(next.isRunning());
        }
    }

    @Test
    void securityWithoutItsRolesFileIsRefusedBeforeAnythingStarts() throws Exception {
        // A directory with no users file is a new one and gets its users; one with users but no
        // roles was left half made, and a broker must not start half secured.
        Path half = Files.createDirectories(data.resolve("half-security"));
        Files.writeString(half.resolve("artemis-users.properties"), "");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> GridBroker.start(BrokerSettings.personal(data.resolve("broker")).withPort(0).withSecurity(half)));
        assertAll(() -> assertTrue(refused.getMessage().contains("artemis-roles.properties"), refused.getMessage()),
                () -> assertFalse(Files.exists(data.resolve("broker")), "a refused broker created its data directory"));
    }

    @Test
    void urlNamesAHostClientsCanReach() {
        assertAll(() -> assertEquals("amqp://127.0.0.1:5672", urlFor("0.0.0.0", 5672)),
                () -> assertEquals("amqp://[::1]:5672", urlFor("::1", 5672)),
                () -> assertEquals("amqp://localhost:5672", urlFor("localhost", 5672)));
    }

    private String urlFor(String host, int port) {
        BrokerSettings settings = BrokerSettings.personal(data).withHost(host).withPort(port);
        return GridBroker.url(settings, port);
    }
}
