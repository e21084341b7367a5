package org.harrier.console.grid;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient.ConcurrencyLimit;

/**
 * The negotiator object's accounting methods (mrg-grid-schema.json, docs/protocols.md "Fair
 * share, limits and preemption"): their arguments, and their answers read into domain values.
 * An answer of the wrong shape is a {@link ConsoleFailure} naming the method.
 */
final class NegotiatorCalls {
    /** One method call on the negotiator object; bus and QMF failures are ConsoleFailures already. */
    @FunctionalInterface
    interface Invoker {
        Map<String, Object> call(String method, Map<String, ?> args);
    }

    private final Invoker negotiator;

    NegotiatorCalls(Invoker negotiator) {
        this.negotiator = negotiator;
    }

    List<ClassAd> priorities() {
        Object records = negotiator.call("GetPriorities", Map.of()).get("Submitters");
        if (!(records instanceof List<?> list)) {
            throw new ConsoleFailure("the negotiator's GetPriorities answered without Submitters");
        }
        List<ClassAd> out = new ArrayList<>(list.size());
        for (Object item : list) {
            if (!(item instanceof Map<?, ?> m)) {
                throw new ConsoleFailure("the negotiator's GetPriorities answered a record that is not a map");
            }
            out.add(BusGridClient.ad(m, "a submitter's record"));
        }
        return out;
    }

    ClassAd stats(String name) {
        Object ad = negotiator.call("GetStats", Map.of("Name", name)).get("Ad");
        if (!(ad instanceof Map<?, ?> m)) {
            throw new ConsoleFailure("the negotiator's GetStats for " + name + " answered without an ad");
        }
        return BusGridClient.ad(m, "the record of " + name);
    }

    /** SetPriority, SetPriorityFactor, SetUsage, SetLimit: a Name and one double. */
    void set(String method, String name, String argument, double value) {
        negotiator.call(method, Map.of("Name", name, argument, value));
    }

    List<ConcurrencyLimit> limits() {
        Object limits = negotiator.call("GetLimits", Map.of()).get("Limits");
        if (!(limits instanceof Map<?, ?> byName)) {
            throw new ConsoleFailure("the negotiator's GetLimits answered without Limits");
        }
        List<ConcurrencyLimit> out = new ArrayList<>();
        for (Map.Entry<?, ?> e : byName.entrySet()) {
            if (!(e.getValue() instanceof Map<?, ?> limit) || !(limit.get("CURRENT") instanceof Number current)
                    || !(limit.get("MAX") instanceof Number max)) {
                throw new ConsoleFailure("the negotiator's GetLimits answered " + e.getKey()
                        + " without a CURRENT and MAX number: " + e.getValue());
            }
            out.add(new ConcurrencyLimit(String.valueOf(e.getKey()), current.doubleValue(), max.doubleValue()));
        }
        out.sort(Comparator.comparing(ConcurrencyLimit::name));
        return out;
    }

    void reschedule() {
        negotiator.call("Reschedule", Map.of());
    }
}
