package org.harrier.bus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.harrier.protocol.ClassSchema;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Predicate;

/**
 * One QMF {@code _query_request} as an agent answers it: the objects it hosts and those its
 * sources find, of the class and name the query gives, for which its {@code _where} holds, as
 * full data maps ({@code _what} OBJECT) or ids (OBJECT_ID), in pages, at most
 * {@code _harrier_limit} of them.
 *
 * <p>Threads: runs on one of the agent's {@link QueryThreads}, never the request thread. Pages
 * are sent as they fill, each only once the outbox has sent the one before: answers share the
 * outbox's urgent lane with method replies, so a query that ran ahead of the outbox would queue
 * a million objects there (and hold their maps in memory) in front of every Submit's answer.
 * Paced, a method reply waits behind one page at most.
 */
final class QueryAnswer {
    private final Incoming in;
    private final Agent.Hosting hosting;
    private final Replies replies;

    QueryAnswer(Incoming in, Agent.Hosting hosting, Replies replies) {
        this.in = in;
        this.hosting = hosting;
        this.replies = replies;
    }

    void run() {
        if (!(in.body() instanceof Map<?, ?> q)) {
            replies.exception(in, QmfException.BAD_PARAMETER, "a query must be a map");
            return;
        }
        Object what = q.get("_what");
        if (!"OBJECT".equals(what) && !"OBJECT_ID".equals(what)) {
            replies.exception(in, QmfException.NOT_IMPLEMENTED, "queries for " + what + " are not supported; ask for OBJECT");
            return;
        }
        Predicate where;
        try {
            where = Predicate.fromWire(q.get("_where"));
        } catch (IllegalArgumentException e) {
            replies.exception(in, QmfException.BAD_PARAMETER, "bad _where: " + e.getMessage());
            return;
        }
        String className = null;
        String packageName = null;
        if (q.get("_schema_id") instanceof Map<?, ?> sid) {
            className = sid.get("_class_name") instanceof String s ? s : null;
            packageName = sid.get("_package_name") instanceof String s ? s : null;
        }
        String objectName = q.get("_object_id") instanceof Map<?, ?> oid && oid.get("_object_name") instanceof String s ? s : null;
        Set<String> projection;
        try {
            projection = projection(q.get(Qmf.PROJECTION));
        } catch (IllegalArgumentException e) {
            replies.exception(in, QmfException.BAD_PARAMETER, e.getMessage());
            return;
        }
        Object constraintArg = q.get(Qmf.CONSTRAINT);
        if (constraintArg != null && !(constraintArg instanceof String)) {
            replies.exception(in, QmfException.BAD_PARAMETER, Qmf.CONSTRAINT + " must be ClassAd expression text");
            return;
        }
        String constraint = (String) constraintArg;
        if (constraint != null && (className == null || objectName != null)) {
            replies.exception(in, QmfException.BAD_PARAMETER, Qmf.CONSTRAINT + " selects among one class's objects:"
                    + " name the class (_schema_id), not one object");
            return;
        }
        long limit;
        try {
            limit = limit(q.get(Qmf.LIMIT));
        } catch (IllegalArgumentException e) {
            replies.exception(in, QmfException.BAD_PARAMETER, e.getMessage());
            return;
        }
        Page reply = new Page("OBJECT_ID".equals(what), where, projection, limit);
        try {
            if (constraint != null) {
                answerConstrained(reply, className, packageName, constraint);
            } else {
                answer(reply, className, packageName, objectName);
            }
        } catch (Page.Full full) {
            reply.finish();
        }
    }

    private void answer(Page reply, String className, String packageName, String objectName) {
        for (Agent.Hosted h : hosting.hosted()) {
            ObjectId id = h.object().id();
            if (objectName != null && !objectName.equals(id.objectName())
                    || className != null && !className.equals(id.className())
                    || packageName != null && !packageName.equals(id.packageName())) {
                continue;
            }
            reply.offer(h.object(), h.type(), h.createTs());
        }
        for (Agent.Sourced s : hosting.sources()) {
            if (className != null && !className.equals(s.type().name())
                    || packageName != null && !packageName.equals(s.type().packageName())) {
                continue;
            }
            if (objectName == null) {
                s.source().forEach(reply.where(), o -> reply.offer(o, s.type(), Agent.createdNanos(o)));
            } else {
                Agent.Hosted h = findByName(objectName);
                if (h != null && h.type() == s.type()) {
                    reply.offer(h.object(), h.type(), h.createTs());
                }
            }
        }
        reply.finish();
    }

    /** Harrier's {@code _harrier_limit}: a whole number of 1 or more; absent, no limit. */
    private static long limit(Object arg) {
        if (arg == null) {
            return Long.MAX_VALUE;
        }
        if (arg instanceof Number n && n.doubleValue() == n.longValue() && n.longValue() >= 1) {
            return n.longValue();
        }
        throw new IllegalArgumentException(Qmf.LIMIT + " must be a whole number of 1 or more, got " + arg);
    }

    /** Harrier's {@code _harrier_projection}: the property names, lower-cased; null when absent. */
    private static Set<String> projection(Object arg) {
        if (arg == null) {
            return null;
        }
        if (!(arg instanceof List<?> names)) {
            throw new IllegalArgumentException(Qmf.PROJECTION + " must be a list of property names");
        }
        Set<String> out = new HashSet<>();
        for (Object n : names) {
            if (!(n instanceof String name)) {
                throw new IllegalArgumentException(Qmf.PROJECTION + " must be a list of property names");
            }
            out.add(name.toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /**
     * A query with Harrier's {@code _harrier_constraint}: only a class its service keeps itself
     * (an {@link ObjectSource}) can evaluate a ClassAd expression over its objects; hosted objects
     * of that class, if any, are left out. A bad constraint is the whole answer, as an error.
     */
    private void answerConstrained(Page reply, String className, String packageName, String constraint) {
        for (Agent.Sourced s : hosting.sources()) {
            if (className.equals(s.type().name()) && (packageName == null || packageName.equals(s.type().packageName()))) {
                ObjectSource.Selection selection;
                try {
                    selection = s.source().selecting(constraint);
                } catch (IllegalArgumentException e) {
                    replies.exception(in, QmfException.BAD_PARAMETER, e.getMessage());
                    return;
                }
                selection.forEach(reply.where(), o -> reply.offer(o, s.type(), Agent.createdNanos(o)));
                reply.finish();
                return;
            }
        }
        replies.exception(in, QmfException.BAD_PARAMETER, Qmf.CONSTRAINT + ": objects of class " + className
                + " cannot be selected by a ClassAd constraint here");
    }

    private Agent.Hosted findByName(String objectName) {
        try {
            return hosting.find(ObjectId.parse(objectName));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The answer, sent as the objects are found in pages of {@link Agent#PAGE} objects, or fewer
     * when they would pass {@link Agent#PAGE_BYTES}: a page of big job ads must still fit the
     * broker's message size limit, which refuses a larger reply outright.
     */
    private final class Page {
        private final boolean idsOnly;
        private final Predicate where;
        /** The properties each answered object carries; null: all. */
        private final Set<String> projection;
        private final long limit;
        private List<Object> page = new ArrayList<>();
        private long bytes;
        private long answered;
        /** The page sent last, until the outbox has sent it. */
        private CompletableFuture<Void> sent = CompletableFuture.completedFuture(null);

        /** Thrown out of a walk once the page holds the limit's objects: the walk stops there. */
        private static final class Full extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Full() {
                super("the query's limit is reached", null, false, false);
            }
        }

        Page(boolean idsOnly, Predicate where, Set<String> projection, long limit) {
            this.idsOnly = idsOnly;
            this.where = where;
            this.projection = projection;
            this.limit = limit;
        }

        void offer(ManagedObject o, ClassSchema type, long createTs) {
            Map<String, Object> values = o.values();
            if (!where.test(values)) {
                return;
            }
            if (projection != null) {
                values = o.projected(values, projection);
            }
            Object item = idsOnly ? hosting.objectId(o.id()) : hosting.data(o, type, createTs, values);
            long size = idsOnly ? 0 : WireSize.of(item);
            if (!page.isEmpty() && bytes + size > Agent.PAGE_BYTES) {
                next();
            }
            page.add(item);
            bytes += size;
            answered++;
            if (answered == limit) {
                throw new Full();
            }
            if (page.size() == Agent.PAGE) {
                next();
            }
        }

        private void next() {
            send(true);
            page = new ArrayList<>();
            bytes = 0;
        }

        Predicate where() {
            return where;
        }

        void finish() {
            send(false);
        }

        private void send(boolean partial) {
            sent.join();
            sent = replies.send(in, "response", Qmf.QUERY_RESPONSE, idsOnly ? "_object_id" : "_data", partial, page);
        }
    }
}
