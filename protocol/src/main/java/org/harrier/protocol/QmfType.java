package org.harrier.protocol;

import java.util.List;
import java.util.Map;

/**
 * QMF's value types, as the schema file names them. {@link #accept} checks an incoming value
 * (whatever number type the wire produced) and converts it to the one Java type each QMF type
 * uses inside Harrier: {@code Long} for every integer type and absTime, {@code Double},
 * {@code Boolean}, {@code String}, {@code Map<String,Object>}, {@code List<Object>}, {@code byte[]}
 * (an AMQP binary; file transfer chunks).
 */
public enum QmfType {
    SSTR("sstr"), LSTR("lstr"), BOOL("bool"),
    INT32("int32"), INT64("int64"), UINT32("uint32"), UINT64("uint64"),
    DOUBLE("double"), ABSTIME("absTime"), MAP("map"), LIST("list"), BINARY("binary");

    private final String schemaName;

    QmfType(String schemaName) {
        this.schemaName = schemaName;
    }

    public String schemaName() {
        return schemaName;
    }

    public static QmfType fromSchemaName(String name) {
        for (QmfType t : values()) {
            if (t.schemaName.equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown QMF type '" + name + "'");
    }

    /**
     * {@code value} as this type's Java form, or an IllegalArgumentException whose message says
     * what was expected and what came ({@code "must be uint32, got string"}).
     */
    public Object accept(Object value) {
        switch (this) {
            case SSTR:
            case LSTR:
                if (value instanceof String) {
                    return value;
                }
                break;
            case BOOL:
                if (value instanceof Boolean) {
                    return value;
                }
                break;
            case INT32:
                return integer(value, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case UINT32:
                return integer(value, 0, 0xFFFF_FFFFL);
            case INT64:
            case ABSTIME:
                return integer(value, Long.MIN_VALUE, Long.MAX_VALUE);
            case UINT64:
                return integer(value, 0, Long.MAX_VALUE);
            case DOUBLE:
                if (value instanceof Number n) {
                    return n.doubleValue();
                }
                break;
            case MAP:
                if (value instanceof Map<?, ?> m) {
                    for (Object k : m.keySet()) {
                        if (!(k instanceof String)) {
                            throw new IllegalArgumentException("must be a map with string keys, got a key of type " + describe(k));
                        }
                    }
                    return value;
                }
                break;
            case LIST:
                if (value instanceof List<?>) {
                    return value;
                }
                break;
            case BINARY:
                if (value instanceof byte[]) {
                    return value;
                }
                break;
            default:
                break;
        }
        throw new IllegalArgumentException("must be " + schemaName + ", got " + describe(value));
    }

    private Object integer(Object value, long min, long max) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            long v = ((Number) value).longValue();
            if (v < min || v > max) {
                throw new IllegalArgumentException("must be " + schemaName + ", got " + v + " (out of range)");
            }
            return v;
        }
        throw new IllegalArgumentException("must be " + schemaName + ", got " + describe(value));
    }

    /** How a value's type reads in an error message. */
    public static String describe(Object value) {
        if (value == null) {
            return "nothing (null)";
        }
        if (value instanceof String) {
            return "string";
        }
        if (value instanceof Boolean) {
            return "bool";
        }
        if (value instanceof Double || value instanceof Float) {
            return "double";
        }
        if (value instanceof Number) {
            return "integer";
        }
        if (value instanceof Map) {
            return "map";
        }
        if (value instanceof List) {
            return "list";
        }
        return value.getClass().getSimpleName();
    }
}
