package org.harrier.protocol.negotiator;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code negotiator.GetLimits}: every concurrency limit that is configured or in use, by name,
 * with the units in use and the limit ({@code {name: {CURRENT, MAX}}} on the wire).
 */
public record GetLimits() implements Request<GetLimits.Limits> {
    private static final Arg<Map<String, Object>> LIMITS = Arg.map("Limits");
    private static final String CURRENT = "CURRENT";
    private static final String MAX = "MAX";

    public static final Method<GetLimits, Limits> METHOD = Method.<GetLimits, Limits>of("negotiator", "GetLimits")
            .outputs(LIMITS)
            .request(a -> new GetLimits(), q -> MethodArguments.writer())
            .answer(a -> Limits.read(a.get(LIMITS)), r -> MethodArguments.writer().put(LIMITS, r.toMap()))
            .build();

    /** One limit: the units matched jobs hold now and the most they may. */
    public record Limit(double current, double max) {
    }

    /** The limits by name, in name order. */
    public record Limits(Map<String, Limit> byName) {
        public Limits {
            byName = Collections.unmodifiableMap(new TreeMap<>(byName));
        }

        static Limits read(Map<String, Object> wire) {
            Map<String, Limit> out = new TreeMap<>();
            wire.forEach((name, value) -> {
                if (!(value instanceof Map<?, ?> limit) || !(limit.get(CURRENT) instanceof Number current)
                        || !(limit.get(MAX) instanceof Number max)) {
                    throw new IllegalArgumentException("GetLimits answered " + name + " without a CURRENT and MAX number: " + value);
                }
                out.put(name, new Limit(current.doubleValue(), max.doubleValue()));
            });
            return new Limits(out);
        }

        Map<String, Object> toMap() {
            Map<String, Object> out = new LinkedHashMap<>();
            byName.forEach((name, l) -> out.put(name, Map.of(CURRENT, l.current(), MAX, l.max())));
            return out;
        }
    }

    @Override
    public Method<GetLimits, Limits> method() {
        return METHOD;
    }
}
