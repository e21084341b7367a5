package org.harrier.bus;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.harrier.protocol.AgentInfo;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.Completions;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.Request;
import org.harrier.protocol.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A QMF console: finds agents, queries their objects, invokes their methods and listens to
 * their data indications and heartbeats (bus/README.md, docs/protocols.md).
 *
 * <p>Replies come back on a temporary queue and are matched to calls by correlation id, on the
 * reply session's delivery thread; callers may wait on the returned futures from any thread.
 * After a broker restart the bus reconnects and this console renews its reply queue; calls
 * still waiting then fail with a {@link BusException} (their replies went to the old queue).
 */
public final class Console implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Console.class);

    private final Bus bus;
    private final String prefix = Long.toHexString(System.nanoTime()) + "-";
    private final AtomicLong counter = new AtomicLong();
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    /** sendDurable's reports in order, one lane per agent's request address. */
    private final Map<String, DurableLane> lanes = new ConcurrentHashMap<>();
    private final Subscriptions subscriptions;
    private volatile Replies replies;
    private volatile StampedCaller stamped;

    /** A reply session and its temporary queue; replaced after a reconnect. */
    private record Replies(Session session, TemporaryQueue queue, MessageConsumer consumer) {
    }

    /** A call waiting for its reply, collecting the pages of a multi-message answer. */
    private static final class Pending {
        final CompletableFuture<Object> result = new CompletableFuture<>();
        final List<Object> pages = new ArrayList<>();
        final List<Map<String, Object>> located;
        /** When the request went out or its last page came: a query's timeout runs from there. */
        volatile long heardNanos = System.nanoTime();

        Pending(boolean locate) {
            this.located = locate ? Collections.synchronizedList(new ArrayList<>()) : null;
        }
    }

    Console(Bus bus) throws JMSException {
        this.bus = bus;
        this.subscriptions = new Subscriptions(bus);
        this.replies = openReplies();
        bus.whenRestored(this::renew);
    }

    private Replies openReplies() throws JMSException {
        Session s = bus.connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        TemporaryQueue q = s.createTemporaryQueue();
        MessageConsumer c = s.createConsumer(q);
        c.setMessageListener(this::onReply);
        return new Replies(s, q, c);
    }

    private void renew() {
        Replies old = replies;
        try {
            replies = openReplies();
        } catch (JMSException e) {
            LOG.warn("cannot renew the console's reply queue after reconnecting: {}", e.toString());
            return;
        }
        closeReplies(old);
        for (String cid : List.copyOf(pending.keySet())) {
            Pending p = pending.remove(cid);
            if (p != null && p.located == null) {
                p.result.completeExceptionally(new BusException("the connection to the broker was lost while waiting for a reply"));
            }
        }
    }

    /** Invokes {@code method} on {@code object} hosted by {@code agent}; completes with the output arguments. */
    public CompletableFuture<Map<String, Object>> invoke(AgentName agent, ObjectId object, String method,
            Map<String, ?> arguments, Duration timeout) {
        return request(agent, Qmf.METHOD_REQUEST, methodBody(object, method, arguments), timeout, method + " on " + object)
                .thenApply(reply -> {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> out = reply instanceof Map<?, ?> m && m.get("_arguments") instanceof Map<?, ?> a
                            ? (Map<String, Object>) a : Map.of();
                    return out;
                });
    }

    /**
     * Calls the method {@code request} is a record of on {@code object}; completes with the
     * method's answer, or fails with the agent's QmfException, or a BusException when the
     * answer cannot be read.
     */
    public <R> CompletableFuture<R> call(AgentName agent, ObjectId object, Request<R> request, Duration timeout) {
        Method<?, R> method = request.method();
        return invoke(agent, object, method.name(), method.writeRequest(request), timeout).thenApply(out -> {
            try {
                return method.readAnswer(out);
            } catch (IllegalArgumentException e) {
                throw new BusException("the answer to " + method + " from " + agent + " cannot be read: " + e.getMessage());
            }
        });
    }

    /** {@link #sendDurable(AgentName, ObjectId, String, Map)} of a method record. */
    public CompletableFuture<Void> sendDurable(AgentName agent, ObjectId object, Request<?> request) {
        return sendDurable(agent, object, request.method().name(), writeRequest(request));
    }

    private static <R> Map<String, Object> writeRequest(Request<R> request) {
        return request.method().writeRequest(request);
    }

    /**
     * Invokes {@code method} one way: a persistent request without a reply address, so the agent
     * answers nothing, and the future completes once the broker has the request on disk. For
     * idempotent reports whose sender has nothing to do with an answer (exit reports): it saves
     * the reply message, and a report waiting for an agent that is down is not a failure. A send
     * the broker does not confirm is repeated until it does ({@link DurableSend}). Reports to one
     * agent leave in the order given, and those given while the one ahead is not yet confirmed
     * leave together in one message ({@link DurableLane}).
     */
    public CompletableFuture<Void> sendDurable(AgentName agent, ObjectId object, String method, Map<String, ?> arguments) {
        Objects.requireNonNull(agent, "agent");
        DurableLane lane = lanes.computeIfAbsent(agent.requestAddress(), address -> new DurableLane(bus,
                body -> asStamped(Envelope.to(address, false)).subject(agent.name()).opcode(Qmf.METHOD_REQUEST)
                        .persistent(true).body(body)));
        return lane.send(methodBody(object, method, arguments), method);
    }

    private static Map<String, Object> methodBody(ObjectId object, String method, Map<String, ?> arguments) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("_object_id", Map.of("_object_name", object.objectName()));
        body.put("_method_name", method);
        body.put("_arguments", arguments == null ? Map.of() : arguments);
        return body;
    }

    /** Objects of {@code className} hosted by {@code agent} that satisfy {@code where}, all pages. */
    public List<ObjectData> query(AgentName agent, String className, Predicate where, Duration timeout) {
        return query(agent, className, where, null, timeout);
    }

    /**
     * The same, each object with only the properties {@code projection} names (null: all), which
     * a Harrier agent leaves out before it encodes the answer (Qmf.PROJECTION); {@code where}
     * still sees them all. Another QMF agent ignores the projection and answers every property.
     */
    public List<ObjectData> query(AgentName agent, String className, Predicate where, List<String> projection,
            Duration timeout) {
        return query(agent, className, where, null, projection, timeout);
    }

    /**
     * The same, also narrowed at the agent by ClassAd expression {@code constraint} (null: none),
     * which a Harrier service evaluates over its objects' ads before it makes their property maps
     * (Qmf.CONSTRAINT; the job class). A class whose service cannot evaluate one is refused.
     */
    public List<ObjectData> query(AgentName agent, String className, Predicate where, String constraint,
            List<String> projection, Duration timeout) {
        return query(agent, ObjectQuery.of(className).where(where).constraint(constraint).projection(projection), timeout);
    }

    /**
     * The objects {@code query} asks {@code agent} for, all pages; {@code timeout} is how long
     * the last page may be awaited after the request and after each partial page (a long answer
     * that keeps streaming is not a dead agent).
     */
    public List<ObjectData> query(AgentName agent, ObjectQuery query, Duration timeout) {
        Object pages = join(request(agent, Qmf.QUERY_REQUEST, query.toWire(), timeout, "query for " + query.className()));
        List<ObjectData> out = new ArrayList<>();
        for (Object item : (List<?>) pages) {
            ObjectData d = Decoding.data(item, agent);
            if (d != null) {
                out.add(d);
            }
        }
        return out;
    }

    /** Every agent that answers a locate within {@code wait}. */
    public List<AgentInfo> locate(Duration wait) {
        return locate(wait, agent -> false);
    }

    /**
     * The agents that answer a locate: all that answer within {@code wait}, or fewer if one that
     * satisfies {@code enough} answers sooner (a command looking for one known agent need not
     * sit out the whole wait).
     */
    public List<AgentInfo> locate(Duration wait, java.util.function.Predicate<AgentInfo> enough) {
        String cid = prefix + counter.incrementAndGet();
        Pending p = new Pending(true);
        pending.put(cid, p);
        Map<String, AgentInfo> byName = new LinkedHashMap<>();
        try {
            join(bus.outbox().send(Envelope.to(Qmf.LOCATE_ADDRESS, true).subject("console.request.agent_locate")
                    .opcode(Qmf.AGENT_LOCATE_REQUEST).correlationId(cid).replyTo(replies.queue()).body(List.of())));
            long deadline = System.nanoTime() + wait.toNanos();
            synchronized (p.located) {
                int read = 0;
                while (true) {
                    boolean done = false;
                    for (; read < p.located.size(); read++) {
                        AgentInfo info = Decoding.agent(p.located.get(read));
                        if (info != null) {
                            byName.putIfAbsent(info.name().name(), info);
                            done |= enough.test(info);
                        }
                    }
                    long left = deadline - System.nanoTime();
                    if (done || left <= 0) {
                        break;
                    }
                    p.located.wait(Math.max(1, left / 1_000_000));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pending.remove(cid);
        }
        return new ArrayList<>(byName.values());
    }

    /** All objects of {@code className} from every agent found within {@code wait}. */
    public List<ObjectData> objects(String className, Duration wait) {
        List<ObjectData> out = new ArrayList<>();
        for (AgentInfo a : locate(wait)) {
            try {
                out.addAll(query(a.name(), className, null, Duration.ofSeconds(10)));
            } catch (BusException | QmfException e) {
                LOG.debug("agent {} did not answer a query for {}: {}", a.name(), className, e.getMessage());
            }
        }
        return out;
    }

    /** Calls {@code listener} with every data indication of {@code className} from any agent. */
    public AutoCloseable subscribe(String className, Consumer<ObjectData> listener) {
        return subscriptions.data(className, (data, publisher) -> listener.accept(data));
    }

    /**
     * As {@link #subscribe}, also telling {@code listener} who published each object: the user
     * and roles the broker stamped on the indication's message (broker-config's
     * ValidatedUserStamp), never what the publisher wrote, in a {@link RequestContext} without a
     * reply address; no user when the broker does not authenticate. The broker stamps the daemon
     * ads only (slot, scheduler, submitter): for any other class what arrives here is whatever the
     * publisher wrote and means nothing. For the collector, which keeps only the ads a publisher
     * with the right role sends.
     */
    public AutoCloseable subscribeWithPublisher(String className, BiConsumer<ObjectData, RequestContext> listener) {
        return subscriptions.data(className, listener);
    }

    /** Calls {@code listener} with every agent heartbeat. */
    public AutoCloseable heartbeats(Consumer<AgentInfo> listener) {
        return subscriptions.heartbeats(listener);
    }

    CompletableFuture<Object> request(AgentName agent, String opcode, Object body, Duration timeout, String what) {
        Objects.requireNonNull(agent, "agent");
        String cid = prefix + counter.incrementAndGet();
        Pending p = new Pending(false);
        pending.put(cid, p);
        bus.outbox().send(asStamped(Envelope.to(agent.requestAddress(), false)).subject(agent.name()).opcode(opcode)
                .correlationId(cid).replyTo(replies.queue()).body(body))
                .whenComplete((ok, error) -> {
                    if (error != null) {
                        pending.remove(cid);
                        p.result.completeExceptionally(error);
                    }
                });
        expire(cid, p, timeout.toNanos(), () -> new BusException("no reply from " + agent + " to " + what
                + " within " + timeout.toMillis() + " ms"));
        return p.result;
    }

    /** Fails call {@code cid} once nothing has come for it for {@code timeoutNanos}. */
    private void expire(String cid, Pending p, long timeoutNanos, java.util.function.Supplier<BusException> failure) {
        long quiet = System.nanoTime() - p.heardNanos;
        bus.timer().schedule(() -> {
            long sinceHeard = System.nanoTime() - p.heardNanos;
            if (sinceHeard < timeoutNanos && pending.containsKey(cid)) {
                expire(cid, p, timeoutNanos, failure);
            } else if (pending.remove(cid) != null) {
                p.result.completeExceptionally(failure.get());
            }
        }, Math.max(0, timeoutNanos - quiet), TimeUnit.NANOSECONDS);
    }

    /**
     * A request to an agent carrying the caller and roles the broker stamped on this console's
     * last answered request: when they are still right, the broker lets the request through as
     * it is instead of re-encoding it (broker-config's ValidatedUserStamp); when not, it stamps
     * the right ones. Before the first answer, nothing.
     */
    private Envelope.Builder asStamped(Envelope.Builder request) {
        StampedCaller c = stamped;
        return c == null ? request : request.property(Qmf.VALIDATED_USER, c.user()).property(Qmf.VALIDATED_ROLES, c.roles());
    }

    /** What the broker stamped on a request, as its answer echoes it (Qmf.CALLER_USER). */
    private record StampedCaller(String user, String roles) {
    }

    private void learnStamp(Message m) {
        try {
            String user = m.getStringProperty(Qmf.CALLER_USER);
            String roles = m.getStringProperty(Qmf.CALLER_ROLES);
            StampedCaller was = stamped;
            if (user != null && roles != null && (was == null || !was.user().equals(user) || !was.roles().equals(roles))) {
                stamped = new StampedCaller(user, roles);
            }
        } catch (JMSException | RuntimeException e) {
            // Only a hint: without it the broker stamps every request itself.
        }
    }

    private void onReply(Message m) {
        learnStamp(m);
        Incoming in = Incoming.of(m);
        Pending p = in.correlationId() == null ? null : pending.get(in.correlationId());
        if (p == null) {
            return; // late, or for a call that timed out
        }
        if (p.located != null) {
            if (in.ok() && in.body() instanceof Map<?, ?> body && body.get("_values") instanceof Map<?, ?> v) {
                @SuppressWarnings("unchecked")
                Map<String, Object> attrs = (Map<String, Object>) v;
                synchronized (p.located) {
                    p.located.add(attrs);
                    p.located.notifyAll();
                }
            }
            return;
        }
        if (!in.ok()) {
            pending.remove(in.correlationId());
            p.result.completeExceptionally(new BusException("unreadable reply: " + in.problem()));
            return;
        }
        if (Qmf.EXCEPTION.equals(in.opcode())) {
            pending.remove(in.correlationId());
            p.result.completeExceptionally(Decoding.exception(in.body()));
            return;
        }
        if (Qmf.QUERY_RESPONSE.equals(in.opcode())) {
            if (in.body() instanceof List<?> items) {
                p.pages.addAll(items);
            }
            p.heardNanos = System.nanoTime();
            if (!in.partial()) {
                pending.remove(in.correlationId());
                p.result.complete(p.pages);
            }
            return;
        }
        pending.remove(in.correlationId());
        p.result.complete(in.body());
    }

    static AgentName safeAgent(String name) {
        try {
            return AgentName.parse(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Waits for {@code f}; unwraps its failure into the BusException or QmfException it is. */
    public static <T> T join(CompletableFuture<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BusException("interrupted while waiting for a reply");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw new BusException(c.toString(), c);
        }
    }

    @Override
    public void close() {
        subscriptions.close();
        for (String cid : List.copyOf(pending.keySet())) {
            Pending p = pending.remove(cid);
            if (p != null) {
                p.result.completeExceptionally(new BusException("the console was closed"));
            }
        }
        closeReplies(replies);
    }

    /**
     * Consumer first, then the temporary queue, then the session: Qpid JMS takes about a second
     * to close a session whose listener is still attached, but milliseconds in this order.
     */
    private static void closeReplies(Replies r) {
        try {
            r.consumer().close();
            r.queue().delete();
        } catch (JMSException e) {
            // the connection may already be gone; the session close below still releases it
        }
        try {
            r.session().close();
        } catch (JMSException e) {
            // as above
        }
    }

    static boolean isTimeout(Throwable t) {
        return Completions.cause(t) instanceof TimeoutException;
    }
}
