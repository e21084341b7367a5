package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MATCH_TIMEOUT: HTCondor's 120 s unless the configuration file or {@code --match-timeout} (which wins) says otherwise. */
class ExecMainMatchTimeoutTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "[{index}] file ''{0}'', options ''{1}'' -> {2} s")
    @CsvSource(delimiter = '|', value = {
            "                    |                      | 120",
            "MATCH_TIMEOUT = 30  |                      | 30",
            "MATCH_TIMEOUT = 30  | --match-timeout 5    | 5",
            "                    | --match-timeout 7    | 7",
    })
    void matchTimeoutComesFromTheFileAndTheOption(String file, String options, long seconds) throws IOException {
        Path conf = dir.resolve("exec.conf");
        Files.writeString(conf, file == null ? "" : file + "\n");
        String line = "--broker amqp://x:1 --machine m1 --config " + conf + (options == null ? "" : " " + options);

        assertEquals(Duration.ofSeconds(seconds), ExecMain.parse(line.split(" ")).settings().timings().matchTimeout());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "MATCH_TIMEOUT = 0      | MATCH_TIMEOUT",
            "MATCH_TIMEOUT = soon   | MATCH_TIMEOUT",
    })
    void aBadMatchTimeoutInTheFileIsRefusedNamingIt(String file, String named) throws IOException {
        Path conf = dir.resolve("exec.conf");
        Files.writeString(conf, file + "\n");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--config", conf.toString()}));
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "--match-timeout 0     | matchTimeout (MATCH_TIMEOUT) must be positive, got PT0S",
            "--match-timeout never | --match-timeout needs a whole number, got 'never'",
    })
    void aBadMatchTimeoutOptionIsAOneLineError(String option, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExecMain.parse(("--broker amqp://x:1 " + option).split(" ")));
        assertEquals(message, e.getMessage());
    }
}
