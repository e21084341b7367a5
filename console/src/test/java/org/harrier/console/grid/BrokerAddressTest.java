package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BrokerAddressTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "amqp://127.0.0.1:5672                                   | 127.0.0.1:5672",
        "amqp://localhost                                        | localhost:5672",
        "amqps://grid.example.org                                | grid.example.org:5671",
        "AMQP://host:1234?jms.username=alice                     | host:1234",
        "amqp://[::1]:5673                                       | ::1:5673",
        "failover:(amqp://a:5672,amqp://b:5673)?failover.maxReconnectAttempts=3 | a:5672 b:5673",
        "  amqpws://h:8080  | h:8080",
    })
    void brokerUrlsNameTheirEndpoints(String url, String endpoints) {
        List<String> expected = Arrays.asList(endpoints.split(" "));
        assertEquals(expected, BrokerAddress.parse(url).endpoints().stream().map(e -> e.host() + ":" + e.port()).toList());
    }

    @ParameterizedTest(name = "''{0}'' is refused")
    @CsvSource(delimiter = '|', value = {
        "foo                          | 'foo' is not a broker URL: expected amqp://host:port",
        "http://host:80               | 'http://host:80' is not a broker URL: expected amqp://host:port",
        "amqp://                      | 'amqp://' is not a broker URL (amqp://host:port): Expected authority",
        "amqp:///path                 | 'amqp:///path' is not a broker URL: it names no host",
        "failover:amqp://a            | 'failover:amqp://a' is not a broker URL: failover: needs (url,url,...)",
        "amqp://h:99999               | 'amqp://h:99999' is not a broker URL: port must be 1-65535, got 99999",
    })
    void malformedUrlsAreRefusedWithAReason(String url, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BrokerAddress.parse(url));
        assertEquals(message, e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void theUserItLogsInAsComesFromItsLoginElseItsUrl() {
        assertEquals(java.util.Optional.of("alice"), BrokerAddress.parse("amqp://alice:pw@h:5672").user());
        assertEquals(java.util.Optional.of("bob"), BrokerAddress.parse("failover:(amqp://a:1,amqp://b:2)?jms.username=bob&jms.password=x").user());
        assertEquals(java.util.Optional.of("carol"), BrokerAddress.parse("amqp://h:5672").orLogin(new BrokerAddress.Login("carol", "pw")).user());
        assertEquals(java.util.Optional.empty(), BrokerAddress.parse("amqp://h:5672").user());
    }
}
