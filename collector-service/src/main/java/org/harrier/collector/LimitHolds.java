package org.harrier.collector;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.harrier.classad.Value;
import org.harrier.collector.negotiation.ConcurrencyLimits;
import org.harrier.collector.negotiation.SlotOffer;

/**
 * Concurrency limit units that matches took and no slot ad shows yet. A match's job shows its
 * ConcurrencyLimits in its dynamic slot's ad only once it runs (claimed, then activated), and
 * the next cycle may come before that, so the negotiator holds the units meanwhile; once the ad
 * shows them, the hold goes, or the units would count twice (the slot ad and the hold: a limit
 * of 1 reported in use by 2 and a second job kept back). A match the scheduler could not be told
 * of gives its units back at once ({@link #givenBack}). A hold whose job never shows (its
 * claim refused, or the job over before any cycle saw it) lapses at its {@code until}
 * ({@link #lapseAfter}).
 *
 * <p>A claim is known by its slot and the moment its State became Claimed
 * ({@code EnteredCurrentState}), so a claim that runs the next job of its autocluster (no new
 * match, and between the two jobs no ConcurrencyLimits in the ad) is not mistaken for a new
 * one. Each claim that newly shows limits retires one hold: the oldest with the same units,
 * else the oldest sharing a limit with it. Pure: every step answers a new value.
 *
 * @param holds   the units each outstanding match holds, oldest first
 * @param holders the claims seen showing limits, while they last
 */
record LimitHolds(List<Hold> holds, Set<String> holders) {
    static final LimitHolds NONE = new LimitHolds(List.of(), Set.of());

    /**
     * How long a match's units are held when no slot ad shows them: three UPDATE_INTERVALs, for
     * the claimed slot's ad to reach the collector. Not longer (e.g. the startd's MATCH_TIMEOUT),
     * because a job that ends before any cycle sees its slot ad never shows its limits: a
     * longer hold kept the next job of a limit of 1 waiting minutes (measured: 3 one-line jobs
     * in different autoclusters took 6 minutes at 126 s). The price: a claim whose job has not
     * started by then (a long input transfer) can let the limit be handed out twice. A hold that
     * ends early for a known reason does not wait for this (the ad shows the limits, or
     * {@link #givenBack}).
     */
    static Duration lapseAfter(Duration updateInterval) {
        if (updateInterval.isNegative()) {
            throw new IllegalArgumentException("UPDATE_INTERVAL is negative: " + updateInterval);
        }
        return updateInterval.multipliedBy(3);
    }

    /** When the first of the holds lapses, if any is held. */
    java.util.Optional<Instant> nextLapse() {
        return holds.stream().map(Hold::until).min(Instant::compareTo);
    }

    /** What one match took, held until {@code until} at the latest. */
    record Hold(Instant until, Map<String, Double> units) {
        Hold {
            Objects.requireNonNull(until, "until");
            units = Map.copyOf(units);
        }
    }

    LimitHolds {
        holds = List.copyOf(holds);
        holders = Set.copyOf(holders);
    }

    /** With holds for what a cycle's matches took ({@code taken}, one map per match), until {@code until}. */
    LimitHolds matched(List<Map<String, Double>> taken, Instant until) {
        List<Hold> next = new ArrayList<>(holds);
        taken.stream().filter(units -> !units.isEmpty()).forEach(units -> next.add(new Hold(until, units)));
        return new LimitHolds(next, holders);
    }

    /**
     * As of the slot ads {@code slots} at {@code now}: a hold is retired for each claim that
     * shows limits for the first time, and the holds past their time lapse.
     */
    LimitHolds seen(List<SlotOffer> slots, Instant now) {
        List<Hold> next = new ArrayList<>(holds);
        Set<String> claims = new HashSet<>();
        Set<String> showing = new HashSet<>();
        for (SlotOffer s : slots) {
            if (!s.runningJob()) {
                continue;
            }
            String claim = claimOf(s);
            claims.add(claim);
            String text = s.concurrencyLimits();
            if (text == null || text.isBlank()) {
                continue;
            }
            showing.add(claim);
            if (!holders.contains(claim)) {
                retireOne(next, units(text));
            }
        }
        next.removeIf(h -> !h.until().isAfter(now));
        Set<String> known = new HashSet<>(holders);
        known.addAll(showing);
        known.retainAll(claims); // a claim that is gone is forgotten
        return new LimitHolds(next, known);
    }

    /**
     * Without the holds of matches that will not be claimed (the scheduler could not be told of
     * them; {@code given}, one map per match, as {@link #matched} took them): each gives back
     * the oldest hold with the same units. Holds with the same units count the same; giving back
     * the oldest, a live match's units may be held a little longer than its own hold, never less.
     */
    LimitHolds givenBack(List<Map<String, Double>> given) {
        List<Hold> next = new ArrayList<>(holds);
        for (Map<String, Double> units : given) {
            for (int i = 0; i < next.size() && !units.isEmpty(); i++) {
                if (next.get(i).units().equals(units)) {
                    next.remove(i);
                    break;
                }
            }
        }
        return new LimitHolds(next, holders);
    }

    /** The units held, per limit name. */
    Map<String, Double> units() {
        Map<String, Double> out = new HashMap<>();
        holds.forEach(h -> h.units().forEach((name, n) -> out.merge(name, n, Double::sum)));
        return out;
    }

    private static void retireOne(List<Hold> holds, Map<String, Double> shown) {
        if (shown.isEmpty()) {
            return;
        }
        for (int i = 0; i < holds.size(); i++) {
            if (holds.get(i).units().equals(shown)) {
                holds.remove(i);
                return;
            }
        }
        for (int i = 0; i < holds.size(); i++) {
            if (holds.get(i).units().keySet().stream().anyMatch(shown::containsKey)) {
                holds.remove(i);
                return;
            }
        }
    }

    private static Map<String, Double> units(String text) {
        try {
            return ConcurrencyLimits.parse(text);
        } catch (IllegalArgumentException e) {
            return Map.of(); // a garbled ad is not charged (LimitUse), so it retires nothing either
        }
    }

    /** The slot and when its claim began; the slot alone when its ad does not say. */
    private static String claimOf(SlotOffer s) {
        Value since = s.ad().evaluate("EnteredCurrentState");
        return s.id() + (since instanceof org.harrier.classad.IntegerValue i ? "@" + i.value() : "");
    }
}
