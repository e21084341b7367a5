package org.harrier.collector.negotiation;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Pool-wide concurrency limits (HTCondor's {@code <NAME>_LIMIT} and CONCURRENCY_LIMIT_DEFAULT):
 * how many units of each named limit running jobs may hold at once. Names are case-insensitive
 * (kept lower-case here). A job says what it takes in {@code ConcurrencyLimits}, e.g.
 * {@code "license_x:2,db"}: a missing amount is 1.
 */
public record ConcurrencyLimits(Map<String, Double> max, double defaultMax) {
    /** HTCondor's CONCURRENCY_LIMIT_DEFAULT: in effect, no limit. */
    public static final double HTCONDOR_DEFAULT = 2_308_032;
    public static final ConcurrencyLimits NONE = new ConcurrencyLimits(Map.of(), HTCONDOR_DEFAULT);

    public ConcurrencyLimits {
        Map<String, Double> copy = new TreeMap<>();
        max.forEach((name, m) -> {
            checkMax(name, m);
            copy.put(name.toLowerCase(Locale.ROOT), m);
        });
        max = Map.copyOf(copy);
        checkMax("CONCURRENCY_LIMIT_DEFAULT", defaultMax);
    }

    private static void checkMax(String name, double m) {
        if (!(m >= 0) || Double.isInfinite(m)) {
            throw new IllegalArgumentException("concurrency limit " + name + " must be a number >= 0, got " + m);
        }
    }

    public double maxOf(String name) {
        return max.getOrDefault(name.toLowerCase(Locale.ROOT), defaultMax);
    }

    /** These limits with {@code name} set to {@code m} (negotiator.SetLimit). */
    public ConcurrencyLimits with(String name, double m) {
        if (name == null || !name.matches("[A-Za-z0-9_.]+")) {
            throw new IllegalArgumentException("a concurrency limit name is letters, digits, '_' and '.', got '" + name + "'");
        }
        Map<String, Double> next = new TreeMap<>(max);
        next.put(name.toLowerCase(Locale.ROOT), m);
        return new ConcurrencyLimits(next, defaultMax);
    }

    /**
     * Reads a job's {@code ConcurrencyLimits} text into amounts per (lower-case) name, adding
     * amounts a name is given twice; IllegalArgumentException names what is wrong.
     */
    public static Map<String, Double> parse(String text) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (text == null) {
            return out;
        }
        for (String part : text.split(",")) {
            String item = part.trim();
            if (item.isEmpty()) {
                continue;
            }
            int colon = item.indexOf(':');
            String name = (colon < 0 ? item : item.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
            double amount = 1;
            if (colon >= 0) {
                try {
                    amount = Double.parseDouble(item.substring(colon + 1).trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("concurrency limit '" + item + "' has no number after ':'");
                }
            }
            if (!name.matches("[a-z0-9_.]+") || !(amount > 0) || Double.isInfinite(amount)) {
                throw new IllegalArgumentException("'" + item + "' is not a concurrency limit (name[:amount > 0])");
            }
            out.merge(name, amount, Double::sum);
        }
        return out;
    }
}
