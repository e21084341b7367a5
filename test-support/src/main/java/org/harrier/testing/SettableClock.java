package org.harrier.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A UTC clock a test moves by hand: time is an input of the code under test, so its decisions
 * are reproducible. The code under test may read it from its own threads, so the instant is
 * volatile; only the test thread advances it.
 */
public final class SettableClock extends Clock {
    private volatile Instant now;

    public SettableClock(Instant start) {
        this.now = start;
    }

    public void advance(Duration d) {
        now = now.plus(d);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    /** The same clock: tests read instants, and a zone would change none of them. */
    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
