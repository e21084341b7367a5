package org.harrier.bus;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.harrier.protocol.Completions;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.Request;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A managed object's methods: each declared method ({@link Method}) with the handler that serves
 * its request record. The table reads the request (a bad argument fails as a bad parameter
 * naming it), calls the handler with the {@link RequestContext}, writes the answer, and turns
 * whatever the handler failed with into a {@link QmfException} through the service's one
 * translation of its domain failures.
 */
public final class MethodTable {
    /** Serves one method; may complete on any thread. */
    @FunctionalInterface
    public interface Handler<Q, R> {
        CompletionStage<R> handle(Q request, RequestContext context);
    }

    private record Entry<Q extends Request<R>, R>(Method<Q, R> method, Handler<Q, R> handler) {
        CompletionStage<Map<String, Object>> invoke(Map<String, Object> arguments, RequestContext context) {
            Q request = method.readRequest(arguments);
            return handler.handle(request, context).thenApply(method::writeAnswer);
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(MethodTable.class);

    private final String className;
    private final Function<Throwable, QmfException> failures;
    private final Map<String, Entry<?, ?>> entries = new LinkedHashMap<>();

    /**
     * A table for objects of {@code className}; {@code failures} maps a handler's failure (already
     * unwrapped) to the code it is answered with. A QmfException is passed through as it is, an
     * IllegalArgumentException (a bad argument) becomes BAD_PARAMETER, before {@code failures} is asked.
     */
    public MethodTable(String className, Function<Throwable, QmfException> failures) {
        this.className = className;
        this.failures = failures;
    }

    /** A table for objects of {@code className} whose handlers fail with nothing a caller should tell apart: any failure is code 7. */
    public MethodTable(String className) {
        this(className, QmfException::unexpected);
    }

    /** Serves {@code method} with {@code handler}; each method once. */
    public <Q extends Request<R>, R> MethodTable on(Method<Q, R> method, Handler<Q, R> handler) {
        if (!method.className().equals(className)) {
            throw new IllegalArgumentException(method + " is not a method of " + className);
        }
        if (entries.putIfAbsent(method.name(), new Entry<>(method, handler)) != null) {
            throw new IllegalStateException(method + " is served twice");
        }
        return this;
    }

    /** Calls the method's handler; fails with the QmfException the caller is answered with. */
    public CompletionStage<Map<String, Object>> invoke(String methodName, Map<String, Object> arguments, RequestContext context) {
        Entry<?, ?> e = entries.get(methodName);
        if (e == null) {
            return CompletableFuture.failedFuture(new QmfException(QmfException.UNKNOWN_METHOD, className + " has no method " + methodName));
        }
        CompletionStage<Map<String, Object>> result;
        try {
            result = e.invoke(arguments, context);
        } catch (RuntimeException failure) {
            result = CompletableFuture.failedFuture(failure);
        }
        CompletableFuture<Map<String, Object>> answer = new CompletableFuture<>();
        result.whenComplete((out, failure) -> {
            if (failure == null) {
                answer.complete(out);
            } else {
                answer.completeExceptionally(translate(methodName, failure));
            }
        });
        return answer;
    }

    /**
     * The answer to a failed call. One that the service itself answers with code 7 (a bug, or an
     * operation that failed) is logged here with its stack, once for every service: the agent
     * sees only the translated answer.
     */
    private QmfException translate(String methodName, Throwable failure) {
        Throwable cause = Completions.cause(failure);
        if (cause instanceof QmfException q) {
            return q;
        }
        if (cause instanceof IllegalArgumentException) {
            return QmfException.badParameter(cause.getMessage());
        }
        QmfException answer = failures.apply(cause);
        if (answer.code() == QmfException.EXCEPTION) {
            LOG.warn("{}.{} failed: {}", className, methodName, answer.getMessage(), cause);
        }
        return answer;
    }
}
