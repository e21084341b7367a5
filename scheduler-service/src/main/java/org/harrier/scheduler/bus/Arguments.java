package org.harrier.scheduler.bus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.bus.QmfException;
import org.harrier.protocol.QmfType;
import org.harrier.scheduler.queue.JobSelection;

/**
 * A method's input arguments, read into domain values. The agent has already checked them
 * against the schema; what it cannot know (an ad's ClassAd text, the shape of list items) is
 * checked here, each failure a BAD_PARAMETER naming the argument.
 */
final class Arguments {
    private final String method;
    private final Map<String, Object> args;

    Arguments(String method, Map<String, Object> args) {
        this.method = method;
        this.args = args == null ? Map.of() : args;
    }

    private Object required(String name) {
        Object v = args.get(name);
        if (v == null) {
            throw QmfException.badParameter(method + " needs argument '" + name + "'");
        }
        return v;
    }

    boolean has(String name) {
        return args.get(name) != null;
    }

    String string(String name) {
        Object v = required(name);
        if (!(v instanceof String s)) {
            throw QmfException.badParameter("argument '" + name + "' of " + method + " must be a string, got " + QmfType.describe(v));
        }
        return s;
    }

    /** An optional string argument, or {@code otherwise}. */
    String string(String name, String otherwise) {
        return args.get(name) == null ? otherwise : string(name);
    }

    long integer(String name) {
        Object v = required(name);
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        throw QmfException.badParameter("argument '" + name + "' of " + method + " must be an integer, got " + QmfType.describe(v));
    }

    byte[] bytes(String name) {
        Object v = required(name);
        if (v instanceof byte[] b) {
            return b;
        }
        throw QmfException.badParameter("argument '" + name + "' of " + method + " must be binary, got " + QmfType.describe(v));
    }

    double real(String name) {
        Object v = required(name);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw QmfException.badParameter("argument '" + name + "' of " + method + " must be a number, got " + QmfType.describe(v));
    }

    boolean bool(String name) {
        Object v = required(name);
        if (v instanceof Boolean b) {
            return b;
        }
        throw QmfException.badParameter("argument '" + name + "' of " + method + " must be a bool, got " + QmfType.describe(v));
    }

    /**
     * The jobs a control method names: its {@code Id} (a job or a cluster) or its {@code Constraint},
     * exactly one of them (BAD_PARAMETER otherwise, naming the method).
     */
    JobSelection selection() {
        try {
            return JobSelection.of(string("Id", null), string("Constraint", null));
        } catch (QmfException e) {
            throw e.code() == QmfException.BAD_PARAMETER ? QmfException.badParameter(method + ": " + e.getMessage()) : e;
        }
    }

    /** An ad in either map encoding (docs/protocols.md, "Ads on the wire"). */
    ClassAd ad(String name) {
        return toAd(required(name), "argument '" + name + "' of " + method);
    }

    static ClassAd toAd(Object v, String what) {
        if (!(v instanceof Map<?, ?> m)) {
            throw QmfException.badParameter(what + " must be a map (a ClassAd), got " + QmfType.describe(v));
        }
        for (Object key : m.keySet()) {
            if (!(key instanceof String)) {
                throw QmfException.badParameter(what + " has a key of type " + QmfType.describe(key) + "; attribute names are strings");
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, ?> map = (Map<String, ?>) m;
        try {
            return AdMaps.toAd(map);
        } catch (IllegalArgumentException e) {
            throw QmfException.badParameter(what + ": " + e.getMessage());
        }
    }

    /** An optional list of maps, or an empty list. */
    List<Map<?, ?>> maps(String name) {
        Object v = args.get(name);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> list)) {
            throw QmfException.badParameter("argument '" + name + "' of " + method + " must be a list, got " + QmfType.describe(v));
        }
        List<Map<?, ?>> out = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof Map<?, ?> m)) {
                throw QmfException.badParameter(name + "[" + i + "] of " + method + " must be a map, got "
                        + QmfType.describe(list.get(i)));
            }
            out.add(m);
        }
        return out;
    }
}
