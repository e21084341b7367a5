package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.harrier.config.Configuration;
import org.harrier.config.ConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** MAX_HISTORY_LOG and MAX_HISTORY_ROTATIONS as a configuration gives them, with HTCondor's defaults. */
class HistoryLimitsTest {
    private static Configuration config(String text) {
        return Configuration.parse(text, "harrier.conf", Path.of("."));
    }

    @Test
    void withoutTheKnobsAHistoryIsRotatedAtTwentyMebibytesKeepingTwoOldFilesAsHTCondorDoes() {
        assertEquals(new HistoryLimits(20L * 1024 * 1024, 2), HistoryLimits.from(Configuration.EMPTY));
        assertEquals(HistoryLimits.DEFAULT, HistoryLimits.from(Configuration.EMPTY));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "MAX_HISTORY_LOG = 838860800                                  | 838860800  | 2",
        "MAX_HISTORY_LOG = 800 * 1024 * 1024                          | 838860800  | 2",
        "max_history_rotations = 0                                    | 20971520   | 0",
        "MAX_HISTORY_LOG = 1\\nMAX_HISTORY_ROTATIONS = 40              | 1          | 40"})
    void theKnobsAreWholeNumbersOrExpressionsOfConstants(String text, long bytes, int rotations) {
        assertEquals(new HistoryLimits(bytes, rotations), HistoryLimits.from(config(text.replace("\\n", "\n"))));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "MAX_HISTORY_LOG = 0             | MAX_HISTORY_LOG must be a positive number of bytes, got 0 (harrier.conf:1)",
        "MAX_HISTORY_LOG = -5            | MAX_HISTORY_LOG must be a positive number of bytes, got -5 (harrier.conf:1)",
        "MAX_HISTORY_LOG = 20MB          | MAX_HISTORY_LOG must be a whole number, got '20MB' (harrier.conf:1)",
        "MAX_HISTORY_ROTATIONS = -1      | MAX_HISTORY_ROTATIONS must be a number of rotated files from 0 to 2147483647, got -1 (harrier.conf:1)",
        "MAX_HISTORY_ROTATIONS = 3000000000 | MAX_HISTORY_ROTATIONS must be a number of rotated files from 0 to 2147483647, got 3000000000 (harrier.conf:1)",
        "MAX_HISTORY_ROTATIONS = two     | MAX_HISTORY_ROTATIONS must be a whole number, got 'two' (harrier.conf:1)"})
    void aBadValueIsRefusedNamingTheKnobWhatItMustBeAndWhereItWasSet(String text, String message) {
        assertEquals(message, assertThrows(ConfigurationException.class, () -> HistoryLimits.from(config(text))).getMessage());
    }

    @Test
    void limitsMadeInCodeAreCheckedTheSameWay() {
        assertEquals("MAX_HISTORY_LOG must be a positive number of bytes, got 0",
                assertThrows(IllegalArgumentException.class, () -> new HistoryLimits(0, 2)).getMessage());
        assertEquals("MAX_HISTORY_ROTATIONS must be 0 or more rotated files, got -1",
                assertThrows(IllegalArgumentException.class, () -> HistoryLimits.DEFAULT.withMaxHistoryRotations(-1)).getMessage());
    }
}
