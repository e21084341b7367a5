package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.store.HistoryLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** harrier-scheduler's command line: the history knobs from --config, overridden by their options. */
class SchedulerOptionsTest {
    @TempDir
    Path dir;

    private static SchedulerOptions parse(String... args) {
        return SchedulerOptions.parse(args, SchedulerSettings.defaults());
    }

    @Test
    void theHistoryKeepsHTCondorsDefaultsUnlessToldOtherwise() {
        assertEquals(HistoryLimits.DEFAULT, parse("--broker", "amqp://x").settings().historyLimits());
    }

    @Test
    void anOptionOverridesTheConfigurationFilesKnobAndTheOtherKnobStands() throws Exception {
        Path conf = Files.writeString(dir.resolve("harrier.conf"), "MAX_HISTORY_LOG = 100 * 1024 * 1024\nMAX_HISTORY_ROTATIONS = 9\n");
        assertEquals(new HistoryLimits(100L * 1024 * 1024, 9), parse("--broker", "amqp://x", "--config", conf.toString())
                .settings().historyLimits());
        SchedulerOptions o = parse("--config", conf.toString(), "--max-history-rotations", "4", "--broker", "amqp://x");
        assertEquals(new HistoryLimits(100L * 1024 * 1024, 4), o.settings().historyLimits());
        assertEquals("amqp://x", o.service().broker(), "the options every service takes are still read");
        assertEquals(new HistoryLimits(800_000_000L, 2), parse("--max-history-log", "800000000", "--broker", "amqp://x")
                .settings().historyLimits());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--max-history-log 0           | MAX_HISTORY_LOG must be a positive number of bytes, got 0 (command line)",
        "--max-history-log big         | MAX_HISTORY_LOG must be a whole number, got 'big' (command line)",
        "--max-history-rotations -1    | MAX_HISTORY_ROTATIONS must be a number of rotated files from 0 to 2147483647, got -1 (command line)",
        "--max-history-rotations       | --max-history-rotations needs a number of files"})
    void aBadHistoryOptionIsAUsageErrorNamingTheKnob(String args, String message) {
        String[] given = ("--broker amqp://x " + args.strip()).split(" +");
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> parse(given)).getMessage());
    }
}
