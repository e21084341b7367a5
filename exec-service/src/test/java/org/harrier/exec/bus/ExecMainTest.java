package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExecMainTest {
    @Test
    void optionsPinTheMachine() {
        ExecMain.Options o = ExecMain.parse(new String[] {"--broker", "amqp://localhost:5672", "--name", "n1",
                "--cpus", "2", "--memory", "512", "--disk", "4096", "--start", "TARGET.Owner == \"alice\"",
                "--update-interval", "7", "--kill-grace", "1", "--machine", "m1.example"});
        assertEquals("amqp://localhost:5672", o.broker());
        assertEquals("n1", o.name());
        assertEquals(2L, o.settings().cpus());
        assertEquals(512L, o.settings().memoryMiB());
        assertEquals(4096L, o.settings().diskKiB());
        assertEquals("m1.example", o.settings().names().machine());
        assertEquals("TARGET.Owner == \"alice\"", o.settings().start().unparse());
        assertEquals(Duration.ofSeconds(7), o.settings().timings().updateInterval());
    }

    @Test
    void rankAndRetirementAreTheOwnersPreemptionPolicy() {
        ExecMain.Options o = ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1",
                "--rank", "TARGET.Owner == \"alice\"", "--max-job-retirement-time", "3600"});
        assertEquals("TARGET.Owner == \"alice\"", o.settings().policy().rank().unparse());
        assertEquals("3600", o.settings().policy().maxJobRetirementTime().unparse());
        assertEquals("0", ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1"})
                .settings().policy().maxJobRetirementTime().unparse(), "HTCondor's default: no retirement");
    }

    @Test
    void theNameDefaultsToTheMachine() {
        assertEquals("m1", ExecMain.parse(new String[] {"--broker", "amqp://x:1", "--machine", "m1"}).name());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--cpus 2                                  | --broker URL is required (e.g. amqp://localhost:5672)",
            "--broker amqp://x:1 --cpus two            | --cpus needs a whole number, got 'two'",
            "--broker amqp://x:1 --cpus 0              | cpus must be at least 1, got 0",
            "--broker amqp://x:1 --colour blue         | unknown option '--colour'",
            "--broker                                  | --broker needs a value",
            "--broker amqp://x:1 --start TRUE&&        | START is not a ClassAd expression: ",
            "--broker amqp://x:1 --max-job-retirement-time 1+ | MAXJOBRETIREMENTTIME is not a ClassAd expression: "})
    void badOptionsAreOneLineErrors(String line, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExecMain.parse(line.trim().split("\\s+")));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith(message.trim()), e.getMessage());
    }
}
