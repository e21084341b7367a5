package org.harrier.bus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

import org.harrier.protocol.AgentName;
import org.harrier.protocol.Completions;
import org.harrier.protocol.MethodSchema;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.QmfType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A QMF method request as an agent serves it: the request checked (a map naming an object and
 * a method), the object found, the arguments checked against the method's schema, the method
 * called, and its result or failure answered as a method response or an {@code _exception}
 * with the failure's code. Whatever the request holds, it gets an answer and the agent goes on.
 */
final class MethodCall {
    private static final Logger LOG = LoggerFactory.getLogger(Agent.class);
    private static final CompletionStage<Void> DONE = CompletableFuture.completedFuture(null);

    private MethodCall() {
    }

    /**
     * Calls the method {@code in} names on the object {@code find} gives for its id, answering
     * through {@code replies}; returns its completion (complete at once when it could not be called).
     */
    static CompletionStage<?> run(Incoming in, AgentName name, Function<ObjectId, Agent.Hosted> find, Replies replies) {
        if (in.body() instanceof List<?> requests) {
            return runEach(in, requests, name, find, replies);
        }
        if (!(in.body() instanceof Map<?, ?> body)) {
            replies.exception(in, QmfException.BAD_PARAMETER, "a method request must be a map");
            return DONE;
        }
        return runOne(in, body, name, find, replies);
    }

    /**
     * A list of one-way method requests in one message (DurableLane; docs/protocols.md, "Reports
     * in one message"): each called in turn, as if each had come alone in that order, with the
     * message's caller; complete when every one is. A list that expects an answer is refused:
     * one call has one reply.
     */
    private static CompletionStage<?> runEach(Incoming in, List<?> requests, AgentName name,
            Function<ObjectId, Agent.Hosted> find, Replies replies) {
        if (in.replyTo() != null) {
            replies.exception(in, QmfException.BAD_PARAMETER,
                    "a method request with a reply address must be a map; a list of them is sent one way only");
            return DONE;
        }
        List<CompletableFuture<?>> calls = new ArrayList<>(requests.size());
        for (Object request : requests) {
            if (request instanceof Map<?, ?> body) {
                calls.add(runOne(in, body, name, find, replies).toCompletableFuture());
            } else {
                replies.exception(in, QmfException.BAD_PARAMETER, "each method request of a list must be a map, got "
                        + QmfType.describe(request));
            }
        }
        return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new));
    }

    private static CompletionStage<?> runOne(Incoming in, Map<?, ?> body, AgentName name,
            Function<ObjectId, Agent.Hosted> find, Replies replies) {
        Object oid = body.get("_object_id");
        Object objectName = oid instanceof Map<?, ?> m ? m.get("_object_name") : null;
        if (!(objectName instanceof String on)) {
            replies.exception(in, QmfException.BAD_PARAMETER, "a method request needs _object_id._object_name");
            return DONE;
        }
        if (!(body.get("_method_name") instanceof String methodName)) {
            replies.exception(in, QmfException.BAD_PARAMETER, "a method request needs _method_name");
            return DONE;
        }
        Object rawArgs = body.get("_arguments");
        if (rawArgs != null && !(rawArgs instanceof Map)) {
            replies.exception(in, QmfException.BAD_PARAMETER, "_arguments must be a map, got " + QmfType.describe(rawArgs));
            return DONE;
        }
        ObjectId id;
        try {
            id = ObjectId.parse(on);
        } catch (IllegalArgumentException e) {
            replies.exception(in, QmfException.UNKNOWN_OBJECT, e.getMessage());
            return DONE;
        }
        Agent.Hosted h = find.apply(id);
        if (h == null) {
            replies.exception(in, QmfException.UNKNOWN_OBJECT, "no object " + on + " on agent " + name);
            return DONE;
        }
        MethodSchema ms = h.type().method(methodName);
        if (ms == null) {
            replies.exception(in, QmfException.UNKNOWN_METHOD, h.type().name() + " has no method " + methodName);
            return DONE;
        }
        Map<String, Object> args;
        try {
            @SuppressWarnings("unchecked")
            Map<String, ?> given = rawArgs == null ? Map.of() : (Map<String, ?>) rawArgs;
            args = ms.checkInputs(given);
        } catch (IllegalArgumentException e) {
            replies.exception(in, QmfException.BAD_PARAMETER, e.getMessage());
            return DONE;
        }
        CompletionStage<Map<String, Object>> result;
        try {
            result = h.object().invoke(ms.name(), args, new RequestContext(in.userId(), in.roleSet(), in.replyTo()));
        } catch (RuntimeException e) {
            result = CompletableFuture.failedFuture(e);
        }
        return result.whenComplete((out, error) -> {
            if (error != null) {
                Throwable cause = Completions.cause(error);
                if (cause instanceof QmfException q) {
                    replies.exception(in, q.code(), q.getMessage());
                } else if (cause instanceof IllegalArgumentException) {
                    replies.exception(in, QmfException.BAD_PARAMETER, cause.getMessage());
                } else {
                    LOG.warn("{}.{} failed", id, ms.name(), cause);
                    replies.exception(in, QmfException.EXCEPTION, ms.name() + " failed: " + cause);
                }
            } else {
                replies.send(in, "response", Qmf.METHOD_RESPONSE, null, false, Map.of("_arguments", out == null ? Map.of() : out));
            }
        });
    }
}
