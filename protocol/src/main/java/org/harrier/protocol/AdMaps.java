package org.harrier.protocol;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * ClassAds as QMF maps, in the two encodings docs/protocols.md describes:
 * <ul>
 *   <li>native (MRG Grid's): integers, reals, strings and booleans as themselves, any other
 *       expression as its ClassAd text, its name listed in a {@code "!!descriptors"} sub-map as
 *       {@code "com.redhat.grid.Expression"};
 *   <li>typed (MRG's QMF submission example): {@code {Attr: {"TYPE": t, "VALUE": v}}}, t one of
 *       STRING, INTEGER, FLOAT, BOOLEAN, EXPR (or their QMF codes), v text or a number; an
 *       INTEGER, FLOAT or BOOLEAN must be that literal (a BOOLEAN true or false, in any case).
 * </ul>
 * Reading accepts either (per attribute) and refuses anything malformed with an
 * IllegalArgumentException naming the attribute.
 */
public final class AdMaps {
    public static final String DESCRIPTORS = "!!descriptors";
    public static final String EXPRESSION = "com.redhat.grid.Expression";

    private AdMaps() {
    }

    /** The native form, a new map the caller may change: literals as themselves, other expressions as text listed in !!descriptors. */
    public static Map<String, Object> toNative(ClassAd ad) {
        return toNative(ad, EVERY_NAME);
    }

    /**
     * {@link #toNative} of {@code ad} without the attributes whose names {@code shown} refuses,
     * made in the one walk that converts: the same map as converting a copy of the ad without
     * them, without building that copy (the scheduler hides a job's private attributes this
     * way in every snapshot of it that it publishes). The filter is java.util.function's
     * Predicate, not this package's QMF one.
     */
    public static Map<String, Object> toNative(ClassAd ad, java.util.function.Predicate<String> shown) {
        NativeMap out = new NativeMap(shown);
        ad.forEach(out);
        return out.done();
    }

    private static final java.util.function.Predicate<String> EVERY_NAME = name -> true;

    /** The native map as {@link ClassAd#forEach} visits the ad; its descriptors made only if an expression needs them. */
    private static final class NativeMap implements BiConsumer<String, Expr> {
        private final java.util.function.Predicate<String> shown;
        private final Map<String, Object> out = new LinkedHashMap<>();
        private Map<String, Object> descriptors;

        NativeMap(java.util.function.Predicate<String> shown) {
            this.shown = shown;
        }

        @Override
        public void accept(String name, Expr expr) {
            if (!shown.test(name)) {
                return;
            }
            Object plain = plainValue(expr);
            if (plain != null) {
                out.put(name, plain);
                return;
            }
            out.put(name, expr.unparse());
            if (descriptors == null) {
                descriptors = new LinkedHashMap<>();
            }
            descriptors.put(name, EXPRESSION);
        }

        Map<String, Object> done() {
            if (descriptors != null) {
                out.put(DESCRIPTORS, descriptors);
            }
            return out;
        }
    }

    /** The typed form {@code {Attr: {TYPE, VALUE}}}, as the MRG QMF example reads it. */
    public static Map<String, Object> toTyped(ClassAd ad) {
        Map<String, Object> out = new LinkedHashMap<>();
        ad.forEach((name, expr) -> {
            Map<String, Object> typed = new LinkedHashMap<>();
            if (expr instanceof IntegerValue i) {
                typed.put("TYPE", "INTEGER");
                typed.put("VALUE", i.value());
            } else if (expr instanceof RealValue r) {
                typed.put("TYPE", "FLOAT");
                typed.put("VALUE", r.value());
            } else if (expr instanceof StringValue s) {
                typed.put("TYPE", "STRING");
                typed.put("VALUE", s.value());
            } else if (expr instanceof BooleanValue b) {
                typed.put("TYPE", "BOOLEAN");
                typed.put("VALUE", b.value());
            } else {
                typed.put("TYPE", "EXPR");
                typed.put("VALUE", expr.unparse());
            }
            out.put(name, typed);
        });
        return out;
    }

    /**
     * A literal integer, finite real, string or boolean as the Java value both the native QMF form
     * and HTCondor's JSON write as itself (Long, Double, String, Boolean); null for any other
     * expression, which each form writes its own way.
     */
    public static Object plainValue(Expr expr) {
        if (expr instanceof IntegerValue i) {
            return i.value();
        }
        if (expr instanceof RealValue r && Double.isFinite(r.value())) {
            return r.value();
        }
        if (expr instanceof StringValue s) {
            return s.value();
        }
        if (expr instanceof BooleanValue b) {
            return b.value();
        }
        return null;
    }

    /** Reads an ad from either form; IllegalArgumentException names the first bad attribute. */
    public static ClassAd toAd(Map<String, ?> map) {
        Object rawDescriptors = map.get(DESCRIPTORS);
        if (rawDescriptors != null && !(rawDescriptors instanceof Map)) {
            throw new IllegalArgumentException(DESCRIPTORS + " must be a map, got " + QmfType.describe(rawDescriptors));
        }
        Map<?, ?> descriptors = rawDescriptors == null ? Map.of() : (Map<?, ?>) rawDescriptors;
        ClassAd.Builder b = ClassAd.builder();
        for (Map.Entry<String, ?> e : map.entrySet()) {
            String name = e.getKey();
            if (name.equals(DESCRIPTORS)) {
                continue;
            }
            if (name.isEmpty() || name.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("attribute name must be non-empty and without NUL");
            }
            try {
                b.set(name, attribute(e.getValue(), EXPRESSION.equals(descriptors.get(name))));
            } catch (ClassAdParseException ex) {
                throw new IllegalArgumentException("attribute " + name + " is not a valid ClassAd expression: " + ex.getMessage());
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException("attribute " + name + ": " + ex.getMessage());
            }
        }
        return b.build();
    }

    static Expr attribute(Object v, boolean isExpression) {
        if (v instanceof Map<?, ?> typed && typed.containsKey("TYPE")) {
            return typedValue(typed.get("TYPE"), typed.get("VALUE"));
        }
        if (isExpression) {
            if (!(v instanceof String text)) {
                throw new IllegalArgumentException("an expression must be ClassAd text, got " + QmfType.describe(v));
            }
            return Expr.parse(text);
        }
        if (v instanceof String s) {
            return new StringValue(s);
        }
        if (v instanceof Boolean bool) {
            return BooleanValue.of(bool);
        }
        if (v instanceof Double || v instanceof Float) {
            return new RealValue(((Number) v).doubleValue());
        }
        if (v instanceof Number n) {
            return IntegerValue.of(n.longValue());
        }
        throw new IllegalArgumentException("a value must be a string, number, boolean or {TYPE, VALUE}, got " + QmfType.describe(v));
    }

    private static Expr typedValue(Object type, Object value) {
        String t = type instanceof Number n ? typeName(n.intValue()) : String.valueOf(type).toUpperCase(java.util.Locale.ROOT);
        if (value == null) {
            throw new IllegalArgumentException("{TYPE, VALUE} without a VALUE");
        }
        switch (t) {
            case "STRING":
                return new StringValue(String.valueOf(value));
            case "INTEGER":
                if (value instanceof Number n && !(value instanceof Double)) {
                    return IntegerValue.of(n.longValue());
                }
                try {
                    return IntegerValue.of(Long.parseLong(String.valueOf(value).trim()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("INTEGER value '" + value + "' is not an integer");
                }
            case "FLOAT":
                if (value instanceof Number n) {
                    return new RealValue(n.doubleValue());
                }
                try {
                    return new RealValue(Double.parseDouble(String.valueOf(value).trim()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("FLOAT value '" + value + "' is not a number");
                }
            case "BOOLEAN":
                // A literal, as INTEGER and FLOAT are: "maybe" parsed as an expression would have
                // been an attribute reference, and anything else a value that is not a boolean.
                if (value instanceof Boolean b) {
                    return BooleanValue.of(b);
                }
                String text = String.valueOf(value).trim();
                if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
                    return BooleanValue.of(text.equalsIgnoreCase("true"));
                }
                throw new IllegalArgumentException("BOOLEAN value '" + value + "' is not true or false");
            case "EXPR":
                return Expr.parse(String.valueOf(value));
            default:
                throw new IllegalArgumentException("TYPE must be STRING, INTEGER, FLOAT, BOOLEAN or EXPR, got '" + type + "'");
        }
    }

    /** The MRG QMF example's numeric type codes (QMF's older type constants) as names. */
    private static String typeName(int code) {
        return switch (code) {
            case 1 -> "INTEGER";
            case 2 -> "FLOAT";
            case 3 -> "STRING";
            case 4 -> "EXPR";
            case 5 -> "BOOLEAN";
            default -> "code " + code;
        };
    }

    /** Unwraps a Value for a QMF map: integers, reals, strings, booleans as themselves, others as text. */
    public static Object toWire(Value v) {
        Object plain = plainValue(v);
        return plain != null ? plain : v.unparse();
    }
}
