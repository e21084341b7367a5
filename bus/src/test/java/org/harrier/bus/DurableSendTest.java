package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The pause before a persistent request the broker did not confirm is sent again. */
class DurableSendTest {
    @ParameterizedTest(name = "after {0} unconfirmed sends: {1} ms")
    @CsvSource({"0, 100", "1, 200", "2, 400", "5, 3200", "6, 5000", "7, 5000", "1000, 5000", "2147483647, 5000"})
    void thePauseDoublesUpToFiveSeconds(int failures, long millis) {
        assertEquals(millis, DurableSend.pauseMillis(failures));
    }
}
