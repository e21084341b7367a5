package org.harrier.console.format;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.harrier.console.GridClient.ConcurrencyLimit;

/**
 * The pool's concurrency limits (negotiator GetLimits) as {@code harrier limits} lists them: one
 * line per limit, what running jobs use of it and the most they may, in name order.
 *
 * <pre>
 * Limit                            In Use        Max
 * license_x                             1          2
 * </pre>
 */
public final class LimitTable {
    private static final String FORMAT = "%-30s %8s %10s\n";

    private LimitTable() {
    }

    public static String render(List<ConcurrencyLimit> limits) {
        if (limits.isEmpty()) {
            return "No concurrency limits are configured or in use.\n";
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, FORMAT, "Limit", "In Use", "Max"));
        limits.stream().sorted((a, b) -> a.name().compareTo(b.name())).forEach(l -> out.append(
                String.format(Locale.ROOT, FORMAT, l.name(), amount(l.current()), amount(l.max()))));
        return out.toString();
    }

    /** The limits as JSON-ready rows {Name, Current, Max}, in name order. */
    public static List<Map<String, Object>> json(List<ConcurrencyLimit> limits) {
        return limits.stream().sorted((a, b) -> a.name().compareTo(b.name())).map(l -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("Name", l.name());
            row.put("Current", l.current());
            row.put("Max", l.max());
            return row;
        }).toList();
    }

    /** Whole amounts as integers (the usual case), fractions ("license:0.5") with two decimals. */
    public static String amount(double d) {
        if (Double.isInfinite(d)) {
            return "unlimited";
        }
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : String.format(Locale.ROOT, "%.2f", d);
    }
}
