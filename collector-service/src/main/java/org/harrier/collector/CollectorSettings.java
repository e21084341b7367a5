package org.harrier.collector;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Objects;

/**
 * The central manager's knobs, named after their HTCondor configuration macros (grid-rules/README.md,
 * docs/protocols.md "Advertisement" and "Negotiation").
 *
 * @param machine              host name the collector and negotiator objects report
 * @param updateInterval       UPDATE_INTERVAL: how often our own objects are republished
 * @param classAdLifetime      CLASSAD_LIFETIME: how long an ad lives without an update (an ad's
 *                             own integer {@code ClassAdLifetime} attribute overrides it, as in HTCondor)
 * @param negotiatorInterval   NEGOTIATOR_INTERVAL: the longest time between two cycles
 * @param negotiatorCycleDelay NEGOTIATOR_CYCLE_DELAY: the wait after a trigger, so a burst of
 *                             submits or freed slots becomes one cycle (short: agents already
 *                             gather a busy burst's ads into few indications)
 * @param callTimeout          how long the negotiator waits for a scheduler's GetRequests or Matched
 */
public record CollectorSettings(String machine, Duration updateInterval, Duration classAdLifetime,
                                Duration negotiatorInterval, Duration negotiatorCycleDelay, Duration callTimeout) {
    public static final Duration DEFAULT_UPDATE_INTERVAL = Duration.ofSeconds(5);
    public static final Duration DEFAULT_NEGOTIATOR_INTERVAL = Duration.ofSeconds(60);
    public static final Duration DEFAULT_CYCLE_DELAY = Duration.ofMillis(5);
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(10);

    public CollectorSettings {
        Objects.requireNonNull(machine, "machine");
        if (machine.isBlank()) {
            throw new IllegalArgumentException("machine must not be blank");
        }
        positive(updateInterval, "UPDATE_INTERVAL");
        positive(classAdLifetime, "CLASSAD_LIFETIME");
        positive(negotiatorInterval, "NEGOTIATOR_INTERVAL");
        Objects.requireNonNull(negotiatorCycleDelay, "NEGOTIATOR_CYCLE_DELAY");
        if (negotiatorCycleDelay.isNegative()) {
            throw new IllegalArgumentException("NEGOTIATOR_CYCLE_DELAY must not be negative, got " + negotiatorCycleDelay);
        }
        positive(callTimeout, "call timeout");
    }

    private static void positive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, got " + d);
        }
    }

    /** Personal-grid defaults: UPDATE_INTERVAL 5 s, lifetime 3 x that, cycles 5 ms after a trigger and every 60 s. */
    public static CollectorSettings defaults() {
        return new CollectorSettings(localHostName(), DEFAULT_UPDATE_INTERVAL, DEFAULT_UPDATE_INTERVAL.multipliedBy(3),
                DEFAULT_NEGOTIATOR_INTERVAL, DEFAULT_CYCLE_DELAY, DEFAULT_CALL_TIMEOUT);
    }

    /** These settings with UPDATE_INTERVAL changed and the lifetime following it (3 x). */
    public CollectorSettings withUpdateInterval(Duration interval) {
        positive(interval, "UPDATE_INTERVAL");
        return new CollectorSettings(machine, interval, interval.multipliedBy(3), negotiatorInterval,
                negotiatorCycleDelay, callTimeout);
    }

    public CollectorSettings withClassAdLifetime(Duration lifetime) {
        return new CollectorSettings(machine, updateInterval, lifetime, negotiatorInterval, negotiatorCycleDelay, callTimeout);
    }

    public CollectorSettings withNegotiatorInterval(Duration interval) {
        return new CollectorSettings(machine, updateInterval, classAdLifetime, interval, negotiatorCycleDelay, callTimeout);
    }

    public CollectorSettings withNegotiatorCycleDelay(Duration delay) {
        return new CollectorSettings(machine, updateInterval, classAdLifetime, negotiatorInterval, delay, callTimeout);
    }

    public CollectorSettings withCallTimeout(Duration timeout) {
        return new CollectorSettings(machine, updateInterval, classAdLifetime, negotiatorInterval, negotiatorCycleDelay, timeout);
    }

    public CollectorSettings withMachine(String host) {
        return new CollectorSettings(host, updateInterval, classAdLifetime, negotiatorInterval, negotiatorCycleDelay, callTimeout);
    }

    /** Whole seconds, rounded up, as the collector object's uint32 ClassAdLifetime reports it. */
    public long classAdLifetimeSeconds() {
        return ceilSeconds(classAdLifetime);
    }

    /** Whole seconds, rounded up, as the negotiator object's NegotiatorInterval reports it. */
    public long negotiatorIntervalSeconds() {
        return ceilSeconds(negotiatorInterval);
    }

    private static long ceilSeconds(Duration d) {
        long s = d.getSeconds();
        return d.getNano() > 0 ? s + 1 : s;
    }

    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
