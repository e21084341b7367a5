package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class BrokerProbeTest {
    private final BrokerProbe probe = new BrokerProbe(Duration.ofSeconds(3));

    /** A loopback port nothing listens on (it was free a moment ago). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void noListenerIsConnectionRefused() throws IOException {
        BrokerAddress address = BrokerAddress.local(freePort());
        BrokerUnreachableException e = assertThrows(BrokerUnreachableException.class, () -> probe.check(address));
        assertEquals("connection refused", e.reason());
        assertEquals("cannot reach the broker at " + address + " (connection refused); is 'harrier up' running?",
                e.getMessage());
    }

    @Test
    void aListeningPortIsReachable() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertDoesNotThrow(() -> probe.check(BrokerAddress.local(s.getLocalPort())));
        }
    }

    @Test
    void failoverIsReachableWhenAnyBrokerIs() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String url = "failover:(amqp://127.0.0.1:" + freePort() + ",amqp://127.0.0.1:" + s.getLocalPort() + ")";
            assertDoesNotThrow(() -> probe.check(BrokerAddress.parse(url)));
        }
    }

    @Test
    void unknownHostIsNamed() {
        BrokerAddress address = BrokerAddress.parse("amqp://no-such-host.invalid:5672");
        BrokerUnreachableException e = assertThrows(BrokerUnreachableException.class, () -> probe.check(address));
        assertEquals("unknown host no-such-host.invalid", e.reason());
    }
}
