package org.harrier.bus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.harrier.protocol.Predicate;
import org.harrier.protocol.Schema;

/**
 * What a console asks an agent for in a QMF {@code _query_request}: the objects of one class
 * that satisfy {@code where} (null: all), and Harrier's extensions, which other QMF agents
 * ignore: a ClassAd {@code constraint} the service evaluates over its objects' ads (null: none;
 * docs/protocols.md), the {@code projection} of properties each object carries (null: all) and
 * a {@code limit} on how many objects the answer holds (null: all; HTCondor's condor_q -limit).
 */
public record ObjectQuery(String className, Predicate where, String constraint, List<String> projection, Long limit) {
    public ObjectQuery {
        if (className == null || className.isBlank()) {
            throw new IllegalArgumentException("a query names the class of the objects it asks for");
        }
        projection = projection == null ? null : List.copyOf(projection);
        if (limit != null && limit < 1) {
            throw new IllegalArgumentException("a query's limit is at least 1, got " + limit + "; leave it out for every object");
        }
    }

    /** Every object of {@code className}. */
    public static ObjectQuery of(String className) {
        return new ObjectQuery(className, null, null, null, null);
    }

    public ObjectQuery where(Predicate where) {
        return new ObjectQuery(className, where, constraint, projection, limit);
    }

    public ObjectQuery constraint(String constraint) {
        return new ObjectQuery(className, where, constraint, projection, limit);
    }

    public ObjectQuery projection(List<String> projection) {
        return new ObjectQuery(className, where, constraint, projection, limit);
    }

    public ObjectQuery limit(Long limit) {
        return new ObjectQuery(className, where, constraint, projection, limit);
    }

    /** The request's body (QMFv2 query map, {@code _what} OBJECT, with the Harrier keys given). */
    Map<String, Object> toWire() {
        Map<String, Object> q = new LinkedHashMap<>();
        if (projection != null) {
            q.put(Qmf.PROJECTION, projection);
        }
        if (constraint != null) {
            q.put(Qmf.CONSTRAINT, constraint);
        }
        if (limit != null) {
            q.put(Qmf.LIMIT, limit);
        }
        q.put("_what", "OBJECT");
        Map<String, Object> sid = new LinkedHashMap<>();
        sid.put("_class_name", className);
        sid.put("_package_name", Schema.grid().packageName());
        q.put("_schema_id", sid);
        if (where != null) {
            q.put("_where", where.toWire());
        }
        return q;
    }
}
