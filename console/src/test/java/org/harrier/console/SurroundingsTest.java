package org.harrier.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SurroundingsTest {
    @Test
    void theProcessClockIsTheSystemClockInTheDefaultZone() {
        Clock clock = Surroundings.current().clock();
        Instant before = Instant.now();
        Instant read = clock.instant();
        assertTrue(!read.isBefore(before) && Duration.between(before, read).compareTo(Duration.ofSeconds(5)) < 0, read + " is now");
        assertTrue(Math.abs(clock.millis() - System.currentTimeMillis()) < 5_000);
        assertEquals(ZoneId.systemDefault(), clock.getZone());
        assertEquals(ZoneOffset.UTC, clock.withZone(ZoneOffset.UTC).getZone());
    }
}
