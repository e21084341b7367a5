package org.harrier.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A QMF query predicate (the {@code _where} of a query): a prefix list such as
 * {@code ["and", ["eq", "Owner", ["quote", "alice"]], ["gt", "JobPrio", 5]]}. Operators:
 * not, and, or, eq, ne, lt, le, gt, ge, re_match, exists, true, false. A bare string operand
 * names a property; {@code ["quote", x]} is the literal x; numbers and booleans are literals.
 *
 * <p>Built only from checked wire lists, so {@link #test} never throws; a comparison of
 * unlike types, or with a missing property, is false.
 */
public final class Predicate {
    public static final Predicate ALL = new Predicate(List.of("true"));

    private final List<Object> wire;

    private Predicate(List<Object> wire) {
        this.wire = wire;
    }

    /** Checks a predicate received from the wire; IllegalArgumentException names what is wrong. */
    public static Predicate fromWire(Object where) {
        if (where == null) {
            return ALL;
        }
        check(where, 0);
        @SuppressWarnings("unchecked")
        List<Object> list = (List<Object>) where;
        return new Predicate(list);
    }

    public static Predicate eq(String property, Object value) {
        return new Predicate(List.of("eq", property, List.of("quote", value)));
    }

    public static Predicate exists(String property) {
        return new Predicate(List.of("exists", property));
    }

    public static Predicate and(Predicate... parts) {
        List<Object> l = new ArrayList<>();
        l.add("and");
        for (Predicate p : parts) {
            l.add(p.wire);
        }
        return new Predicate(List.copyOf(l));
    }

    /** The list to put in a query's {@code _where}. */
    public List<Object> toWire() {
        return wire;
    }

    private static void check(Object node, int depth) {
        if (depth > 64) {
            throw new IllegalArgumentException("predicate nested more than 64 levels deep");
        }
        if (!(node instanceof List<?> list) || list.isEmpty() || !(list.get(0) instanceof String op)) {
            throw new IllegalArgumentException("a predicate must be a list starting with an operator, got " + node);
        }
        switch (op) {
            case "true", "false" -> arity(list, 1, op);
            case "not" -> {
                arity(list, 2, op);
                check(list.get(1), depth + 1);
            }
            case "and", "or" -> {
                for (int i = 1; i < list.size(); i++) {
                    check(list.get(i), depth + 1);
                }
            }
            case "exists" -> {
                arity(list, 2, op);
                if (!(list.get(1) instanceof String)) {
                    throw new IllegalArgumentException("exists takes a property name, got " + list.get(1));
                }
            }
            case "eq", "ne", "lt", "le", "gt", "ge", "re_match" -> {
                arity(list, 3, op);
                operand(list.get(1));
                operand(list.get(2));
                if (op.equals("re_match")) {
                    Object pattern = list.get(2) instanceof List<?> q ? q.get(1) : null;
                    if (!(pattern instanceof String s)) {
                        throw new IllegalArgumentException("re_match needs a quoted pattern string");
                    }
                    try {
                        Pattern.compile(s);
                    } catch (PatternSyntaxException e) {
                        throw new IllegalArgumentException("re_match pattern is not a regular expression: " + e.getDescription());
                    }
                }
            }
            default -> throw new IllegalArgumentException("unknown predicate operator '" + op + "'");
        }
    }

    private static void arity(List<?> list, int n, String op) {
        if (list.size() != n) {
            throw new IllegalArgumentException(op + " takes " + (n - 1) + " operand(s), got " + (list.size() - 1));
        }
    }

    private static void operand(Object o) {
        if (o instanceof String || o instanceof Number || o instanceof Boolean) {
            return;
        }
        if (o instanceof List<?> l && l.size() == 2 && "quote".equals(l.get(0))) {
            return;
        }
        throw new IllegalArgumentException("an operand must be a property name, a number, a boolean or [\"quote\", x], got " + o);
    }

    /**
     * The properties the predicate requires to equal a literal: its {@code eq} terms between a
     * property and a literal, at the top or in a top-level {@code and}. Every object the
     * predicate selects has these values, so a source may look such objects up directly.
     */
    public Map<String, Object> equalities() {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        collectEqualities(wire, out);
        return out;
    }

    private static void collectEqualities(List<?> node, Map<String, Object> out) {
        String op = (String) node.get(0);
        if (op.equals("and")) {
            for (int i = 1; i < node.size(); i++) {
                collectEqualities((List<?>) node.get(i), out);
            }
        } else if (op.equals("eq")) {
            if (node.get(1) instanceof String name && !(node.get(2) instanceof String)) {
                out.putIfAbsent(name, value(node.get(2), Map.of()));
            } else if (node.get(2) instanceof String name && !(node.get(1) instanceof String)) {
                out.putIfAbsent(name, value(node.get(1), Map.of()));
            }
        }
    }

    /** Whether an object with these property values satisfies the predicate. */
    public boolean test(Map<String, Object> values) {
        return eval(wire, values);
    }

    private static boolean eval(Object node, Map<String, Object> values) {
        List<?> list = (List<?>) node;
        String op = (String) list.get(0);
        switch (op) {
            case "true": return true;
            case "false": return false;
            case "not": return !eval(list.get(1), values);
            case "and":
                for (int i = 1; i < list.size(); i++) {
                    if (!eval(list.get(i), values)) {
                        return false;
                    }
                }
                return true;
            case "or":
                for (int i = 1; i < list.size(); i++) {
                    if (eval(list.get(i), values)) {
                        return true;
                    }
                }
                return false;
            case "exists": return values.containsKey((String) list.get(1));
            default: return compare(op, value(list.get(1), values), value(list.get(2), values));
        }
    }

    private static Object value(Object operand, Map<String, Object> values) {
        if (operand instanceof String name) {
            return values.get(name);
        }
        if (operand instanceof List<?> quoted) {
            return quoted.get(1);
        }
        return operand;
    }

    private static boolean compare(String op, Object a, Object b) {
        if (a == null || b == null) {
            return op.equals("ne") && (a != null || b != null);
        }
        if (op.equals("re_match")) {
            return a instanceof String s && b instanceof String p && Pattern.compile(p).matcher(s).find();
        }
        int c;
        if (a instanceof Number x && b instanceof Number y) {
            c = Double.compare(x.doubleValue(), y.doubleValue());
        } else if (a instanceof String x && b instanceof String y) {
            c = x.compareTo(y);
        } else if (a instanceof Boolean x && b instanceof Boolean y) {
            c = Boolean.compare(x, y);
        } else {
            return op.equals("ne");
        }
        return switch (op) {
            case "eq" -> c == 0;
            case "ne" -> c != 0;
            case "lt" -> c < 0;
            case "le" -> c <= 0;
            case "gt" -> c > 0;
            case "ge" -> c >= 0;
            default -> false;
        };
    }

    @Override
    public String toString() {
        return wire.toString();
    }
}
