package org.harrier.protocol.method;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.QmfType;

/**
 * One argument of a QMF method: its name and QMF type as the schema file gives them, whether it
 * may be left out, and how its Java value goes to and comes from the wire. A method record
 * declares its arguments as constants of this type, so each wire key is spelled once, and
 * {@code MethodArgumentsTest} checks every declaration against the schema file.
 *
 * <p>Reading checks the value ({@link QmfType#accept}, then the conversion): whatever a peer
 * sends, a wrong value is an IllegalArgumentException whose message names the argument.
 */
public final class Arg<T> {
    /** Turns the value {@link QmfType#accept} produced into the Java value; {@code what} names it in errors. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(Object wire, String what);
    }

    private final String name;
    private final QmfType type;
    private final boolean optional;
    private final Reader<T> reader;
    private final java.util.function.Function<T, Object> writer;

    private Arg(String name, QmfType type, boolean optional, Reader<T> reader, java.util.function.Function<T, Object> writer) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
        this.optional = optional;
        this.reader = reader;
        this.writer = writer;
    }

    public static Arg<String> sstr(String name) {
        return plain(name, QmfType.SSTR);
    }

    public static Arg<String> lstr(String name) {
        return plain(name, QmfType.LSTR);
    }

    public static Arg<Boolean> bool(String name) {
        return plain(name, QmfType.BOOL);
    }

    public static Arg<Long> int32(String name) {
        return plain(name, QmfType.INT32);
    }

    public static Arg<Long> int64(String name) {
        return plain(name, QmfType.INT64);
    }

    public static Arg<Long> uint32(String name) {
        return plain(name, QmfType.UINT32);
    }

    public static Arg<Long> uint64(String name) {
        return plain(name, QmfType.UINT64);
    }

    public static Arg<Long> absTime(String name) {
        return plain(name, QmfType.ABSTIME);
    }

    public static Arg<Double> real(String name) {
        return plain(name, QmfType.DOUBLE);
    }

    public static Arg<byte[]> binary(String name) {
        return plain(name, QmfType.BINARY);
    }

    public static Arg<Map<String, Object>> map(String name) {
        return plain(name, QmfType.MAP);
    }

    public static Arg<List<Object>> list(String name) {
        return plain(name, QmfType.LIST);
    }

    /** A ClassAd as a map, in either encoding on the way in and the native one on the way out (docs/protocols.md, "Ads on the wire"). */
    public static Arg<ClassAd> ad(String name) {
        return new Arg<>(name, QmfType.MAP, false, Arg::toAd, AdMaps::toNative);
    }

    /** A ClassAd as a map like {@link #ad}, written in the typed encoding {@code {Attr: {TYPE, VALUE}}}. */
    public static Arg<ClassAd> typedAd(String name) {
        return new Arg<>(name, QmfType.MAP, false, Arg::toAd, AdMaps::toTyped);
    }

    /** A list whose items each read and write as {@code item} does ({@code what} of an item: {@code Name[i]}). */
    public static <E> Arg<List<E>> listOf(String name, Reader<E> item, java.util.function.Function<E, Object> itemWriter) {
        return new Arg<>(name, QmfType.LIST, false, (wire, what) -> {
            List<?> list = (List<?>) wire;
            List<E> out = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                out.add(item.read(list.get(i), name + "[" + i + "]"));
            }
            return List.copyOf(out);
        }, values -> {
            List<Object> out = new ArrayList<>(values.size());
            values.forEach(v -> out.add(itemWriter.apply(v)));
            return out;
        });
    }

    /** A list of ClassAds as maps. */
    public static Arg<List<ClassAd>> ads(String name) {
        return listOf(name, Arg::toAd, AdMaps::toNative);
    }

    /**
     * A list of lists of values: rows of {@link org.harrier.protocol.AdRows}, whose values are
     * checked as they are read into ads. Not copied, as a row may hold nulls.
     */
    public static Arg<List<List<Object>>> rows(String name) {
        return listOf(name, (wire, what) -> {
            if (!(wire instanceof List<?> row)) {
                throw new IllegalArgumentException(what + " must be a list (a row of values), got " + QmfType.describe(wire));
            }
            @SuppressWarnings("unchecked")
            List<Object> values = (List<Object>) row;
            return values;
        }, row -> row);
    }

    /** A list of strings (job ids, attribute names). */
    public static Arg<List<String>> strings(String name) {
        return listOf(name, (wire, what) -> {
            if (!(wire instanceof String s)) {
                throw new IllegalArgumentException(what + " must be a string, got " + QmfType.describe(wire));
            }
            return s;
        }, s -> s);
    }

    @SuppressWarnings("unchecked")
    private static <T> Arg<T> plain(String name, QmfType type) {
        return new Arg<>(name, type, false, (wire, what) -> (T) wire, v -> v);
    }

    /** The same argument, which a caller may leave out. */
    public Arg<T> optional() {
        return new Arg<>(name, type, true, reader, writer);
    }

    public String name() {
        return name;
    }

    public QmfType type() {
        return type;
    }

    public boolean isOptional() {
        return optional;
    }

    /** {@code wire} checked and converted; {@code method} names the method in the message of a bad value. */
    T read(Object wire, String method) {
        String what = "argument '" + name + "' of " + method;
        Object accepted;
        try {
            accepted = type.accept(wire);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " " + e.getMessage());
        }
        return reader.read(accepted, what);
    }

    Object write(T value) {
        return writer.apply(value);
    }

    /** A map (a ClassAd in either encoding) as a ClassAd; {@code what} names it in errors. */
    public static ClassAd toAd(Object wire, String what) {
        if (!(wire instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException(what + " must be a map (a ClassAd), got " + QmfType.describe(wire));
        }
        for (Object key : m.keySet()) {
            if (!(key instanceof String)) {
                throw new IllegalArgumentException(what + " has a key of type " + QmfType.describe(key) + "; attribute names are strings");
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, ?> map = (Map<String, ?>) m;
        try {
            return AdMaps.toAd(map);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return name + " (" + type.schemaName() + (optional ? ", optional" : "") + ")";
    }
}
