package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The standalone broker's command line; running it as a process is StandaloneBrokerIT. */
class GridBrokerMainTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--data /d                                      | /d | 127.0.0.1 | 5672 | /d/security",
        "--data /d --port 0                             | /d | 127.0.0.1 | 0    | /d/security",
        "--port 15672 --host 0.0.0.0 --data /d          | /d | 0.0.0.0   | 15672 | /d/security",
        "--data /d --security /etc/harrier              | /d | 127.0.0.1 | 5672 | /etc/harrier",
    })
    void readsTheOptionsIntoSettings(String line, String data, String host, int port, String security) {
        BrokerSettings settings = GridBrokerMain.parse(line.split(" "));
        assertEquals(new BrokerSettings(Path.of(data), host, port, Path.of(security)), settings);
    }

    @Test
    void tlsTakesTheKeyStoreOfItsDirectoryAndTheAmqpsPort(@TempDir Path tls) throws Exception {
        Files.writeString(tls.resolve(BrokerKeyStore.FILE), "a key store");
        Files.writeString(tls.resolve(BrokerKeyStore.PASSWORD_FILE), "its-password\n");
        BrokerSettings settings = GridBrokerMain.parse("--data", "/d", "--tls", tls.toString());
        assertAll(() -> assertEquals(BrokerSettings.AMQPS_PORT, settings.port()),
                () -> assertEquals(new BrokerKeyStore(tls.resolve("broker.p12"), "its-password"), settings.keyStore()),
                () -> assertEquals(15671, GridBrokerMain.parse("--tls", tls.toString(), "--port", "15671", "--data", "/d").port()));
    }

    @Test
    void tlsWithoutAKeyStoreIsRefusedNamingTheFile(@TempDir Path tls) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> GridBrokerMain.parse("--data", "/d", "--tls", tls.toString()));
        assertEquals("no TLS key store: " + tls.resolve("broker.p12") + " is not a readable file (harrier security init makes one)",
                refused.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--port 5672                   | --data DIR is required (the broker's journal lives there)",
        "--data /d --port many         | --port must be a number, got \"many\"",
        "--data /d --port 70000        | port must be 0 (any free port) to 65535, got 70000",
        "--data /d --port -1           | port must be 0 (any free port) to 65535, got -1",
        "--data /d --colour blue       | unknown option --colour",
        "--data                        | --data needs a value",
        "/d                            | unexpected argument /d",
    })
    void badArgumentsAreNamed(String line, String message) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> GridBrokerMain.parse(line.split(" ")));
        assertEquals(message, refused.getMessage());
    }
}
