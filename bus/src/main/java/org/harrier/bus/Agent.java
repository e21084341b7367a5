package org.harrier.bus;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.harrier.protocol.AgentName;
import org.harrier.protocol.ClassSchema;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A QMF agent: hosts managed objects, answers locate, query and method requests sent to its
 * request queue, publishes data indications and heartbeats (bus/README.md, docs/protocols.md).
 *
 * <p>Threads: requests arrive on the consumer session's delivery thread, one at a time; a query
 * is handed to the agent's {@link QueryThreads} and answered there, page by page, so method
 * calls keep being served on the delivery thread while a long query streams. Replies and
 * indications leave through the bus outbox. The set of hosted objects is a concurrent map
 * written by the service's threads ({@link #add}, {@link #remove}). A method's result may
 * complete on any thread. Nothing a request contains can stop the agent: every malformed or
 * failing request is answered with an {@code _exception} (docs/architecture.md, "Failures and bad input").
 */
public final class Agent implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Agent.class);
    /** Objects per query reply message; more are sent as several messages marked partial. */
    static final int PAGE = 200;
    /**
     * Characters of objects per query reply message at most, past its first object
     * ({@link WireSize}): at 3 UTF-8 bytes a character at worst, 12 MiB, within the broker's
     * default message size limit of 16 MiB (broker-config's MessageLimits).
     */
    static final long PAGE_BYTES = 4L << 20;
    /** Qpid JMS's session mode that acknowledges each message by itself (its documented value). */
    private static final int INDIVIDUAL_ACKNOWLEDGE = 101;
    private static final CompletionStage<Void> DONE = CompletableFuture.completedFuture(null);

    private final Bus bus;
    private final AgentName name;
    private final Schema schema = Schema.grid();
    private final long epoch;
    private final Session session;
    private final MessageConsumer requests;
    private final MessageConsumer broadcasts;
    private final Map<ObjectId, Hosted> objects = new ConcurrentHashMap<>();
    private final Map<ClassSchema, Map<String, Object>> schemaIds = new ConcurrentHashMap<>();
    private final Map<ObjectId, ScheduledFuture<?>> advertising = new ConcurrentHashMap<>();
    private final Map<String, Sourced> sources = new ConcurrentHashMap<>();
    private final ScheduledFuture<?> heartbeats;
    private final Presence presence;
    private final Indications indications;
    private final Replies replies;
    private final QueryThreads queries;

    /** An object with what the agent needs to publish it. */
    record Hosted(ManagedObject object, ClassSchema type, long createTs) {
    }

    record Sourced(ClassSchema type, ObjectSource source) {
    }

    Agent(Bus bus, AgentName name, Duration heartbeat) throws JMSException {
        this(bus, name, heartbeat, true);
    }

    /**
     * With {@code serveNow} false, method requests wait (on the broker, or unacknowledged in the
     * consumer) until {@link #serveRequests}: a service whose objects are not all hosted yet does
     * not answer the requests that waited for it while it was down with "no object".
     */
    Agent(Bus bus, AgentName name, Duration heartbeat, boolean serveNow) throws JMSException {
        this.bus = bus;
        this.replies = new Replies(bus, name);
        this.name = Objects.requireNonNull(name, "name");
        this.queries = new QueryThreads(name.name());
        Objects.requireNonNull(heartbeat, "heartbeat");
        // Epoch: a new one per start, so consoles know cached object ids may be stale.
        this.epoch = System.currentTimeMillis();
        // Each request is acknowledged on its own: a one-way request only once its method is done
        // (see onRequest), so one the service dies before applying is delivered again.
        this.session = bus.connection().createSession(false, INDIVIDUAL_ACKNOWLEDGE);
        this.requests = session.createConsumer(session.createQueue(name.requestAddress()));
        if (serveNow) {
            requests.setMessageListener(this::onRequest);
        }
        this.broadcasts = session.createConsumer(session.createTopic(Qmf.CONSOLE_BROADCASTS));
        broadcasts.setMessageListener(this::onRequest);
        this.indications = new Indications((task, nanos) -> bus.timer().schedule(task, nanos, TimeUnit.NANOSECONDS),
                System::nanoTime, PAGE, this::publish);
        long period = Math.max(1, heartbeat.toMillis());
        Presence presence = new Presence(bus, name, heartbeat, epoch, replies);
        this.presence = presence;
        this.heartbeats = bus.timer().scheduleAtFixedRate(presence::sendHeartbeat, 0, period, TimeUnit.MILLISECONDS);
    }

    public AgentName name() {
        return name;
    }

    /**
     * Starts taking method requests, oldest first, for an agent made by
     * {@link Bus#agentServingLater}; does nothing more when it already does.
     */
    public void serveRequests() {
        try {
            if (requests.getMessageListener() == null) {
                requests.setMessageListener(this::onRequest);
            }
        } catch (JMSException e) {
            throw new BusException("agent " + name + " cannot take requests: " + e.getMessage(), e);
        }
    }

    /**
     * The threads this agent answers queries on (at most {@link QueryThreads#THREADS} at once,
     * the rest waiting their turn): a service runs a method that reads many objects here too
     * (the scheduler's Query), so long reads take turns with QMF queries and never hold the
     * thread that serves calls. {@code execute} throws BusException when too many wait.
     */
    public java.util.concurrent.Executor queries() {
        return queries;
    }

    /**
     * Serves class {@code className} from {@code source}: its objects are published with
     * {@link #add}, {@link #changed} and {@link #removed} as they come, change and go, but never
     * held here. The class must exist in the schema and no object of it may be hosted already.
     */
    public void serve(String className, ObjectSource source) {
        ClassSchema type = schema.type(className);
        if (objects.keySet().stream().anyMatch(id -> id.className().equals(className))) {
            throw new IllegalStateException("agent " + name + " already hosts objects of class " + className);
        }
        if (sources.putIfAbsent(className, new Sourced(type, Objects.requireNonNull(source, "source"))) != null) {
            throw new IllegalStateException("class " + className + " is already served by a source on agent " + name);
        }
    }

    /**
     * Hosts {@code o} and publishes it. Its class must exist in the schema. An object of a
     * {@linkplain #serve served} class is only published: its source has it.
     */
    public void add(ManagedObject o) {
        ObjectId id = o.id();
        Sourced s = sources.get(id.className());
        if (s != null) {
            publish(s.type(), o, createdNanos(o), 0, false);
            return;
        }
        ClassSchema type = schema.type(id.className());
        objects.put(id, new Hosted(o, type, nowNanos()));
        changed(o);
    }

    /**
     * Publishes {@code o}'s current values, in call order with its other changes. A busy agent
     * gathers changes into few messages and sends only the latest of an object that does not
     * {@linkplain ManagedObject#keepsEveryChange keep every change} ({@link Indications}).
     */
    public void changed(ManagedObject o) {
        Hosted h = objects.get(o.id());
        if (h != null) {
            publish(h.type(), h.object(), h.createTs(), 0, false);
            return;
        }
        Sourced s = sources.get(o.id().className());
        if (s == null) {
            throw new IllegalStateException(o.id() + " is not hosted by agent " + name);
        }
        publish(s.type(), o, createdNanos(o), 0, false);
    }

    /** Publishes {@code o}, an object of a {@linkplain #serve served} class, as deleted with its last values. */
    public void removed(ManagedObject o) {
        Sourced s = sources.get(o.id().className());
        if (s == null) {
            throw new IllegalStateException("class " + o.id().className() + " is not served by a source on agent " + name);
        }
        publish(s.type(), o, createdNanos(o), nowNanos(), true);
    }

    private void publish(ClassSchema type, ManagedObject o, long createTs, long deleteTs, boolean deleted) {
        indications.add(type, o.id(), data(o.id(), type, createTs, o.snapshot(), deleteTs), o.keepsEveryChange(), deleted);
    }

    static long createdNanos(ManagedObject o) {
        long created = o.createdNanos();
        return created > 0 ? created : nowNanos();
    }

    /** Republishes {@code o} every {@code every} as well (daemon ads keep the collector's copy alive). */
    public void advertise(ManagedObject o, Duration every) {
        if (!objects.containsKey(o.id())) {
            add(o);
        }
        long period = Math.max(1, every.toMillis());
        ScheduledFuture<?> old = advertising.put(o.id(), bus.timer().scheduleAtFixedRate(() -> {
            try {
                changed(o);
            } catch (RuntimeException e) {
                LOG.warn("advertising {} failed: {}", o.id(), e.toString());
            }
        }, period, period, TimeUnit.MILLISECONDS));
        if (old != null) {
            old.cancel(false);
        }
    }

    /** Stops hosting {@code id} and publishes it as deleted. */
    public void remove(ObjectId id) {
        ScheduledFuture<?> ad = advertising.remove(id);
        if (ad != null) {
            ad.cancel(false);
        }
        Hosted h = objects.remove(id);
        if (h != null) {
            publish(h.type(), h.object(), h.createTs(), nowNanos(), true);
        }
    }

    /** Whether {@code id} is hosted here, or found by the source serving its class. */
    public boolean hosts(ObjectId id) {
        return find(id) != null;
    }

    /** What a query reads of this agent ({@link QueryAnswer}). */
    interface Hosting {
        Iterable<Hosted> hosted();
        Iterable<Sourced> sources();

        Hosted find(ObjectId id);

        /** A data indication's map of {@code o} (query answers carry the same maps as indications). */
        Map<String, Object> data(ManagedObject o, ClassSchema type, long createTs, Map<String, Object> values);

        Map<String, Object> objectId(ObjectId id);
    }

    private final Hosting hosting = new Hosting() {
        @Override
        public Iterable<Hosted> hosted() {
            return objects.values();
        }

        @Override
        public Iterable<Sourced> sources() {
            return sources.values();
        }

        @Override
        public Hosted find(ObjectId id) {
            return Agent.this.find(id);
        }

        @Override
        public Map<String, Object> data(ManagedObject o, ClassSchema type, long createTs, Map<String, Object> values) {
            return Agent.this.data(o.id(), type, createTs, () -> values, 0);
        }

        @Override
        public Map<String, Object> objectId(ObjectId id) {
            return Qmf.objectId(id, name, epoch);
        }
    };

    /** The object {@code id} names with the class it is published as, or null. */
    private Hosted find(ObjectId id) {
        Hosted h = objects.get(id);
        if (h != null) {
            return h;
        }
        Sourced s = sources.get(id.className());
        ManagedObject o = s == null || !s.type().packageName().equals(id.packageName()) ? null : s.source().find(id);
        return o == null ? null : new Hosted(o, s.type(), createdNanos(o));
    }

    private void publish(ClassSchema type, List<Map<String, Object>> data) {
        bus.outbox().send(Envelope.to(Qmf.dataAddress(type.packageName(), type.name(), name), true)
                .subject("agent.ind.data." + AgentName.keyify(type.packageName()) + "." + type.name() + "."
                        + name.addressPart())
                .method("indication").opcode(Qmf.DATA_INDICATION).content("_data").agent(name.name())
                .body(data));
    }

    /** A data indication's map; {@code _values} is the object's snapshot, made into a map when sent (Qmf.wire). */
    private Map<String, Object> data(ObjectId id, ClassSchema type, long createTs, Supplier<Map<String, Object>> values,
            long deleteTs) {
        Map<String, Object> d = new LinkedHashMap<>();
        // Both made when sent (Qmf.wire): an agent publishing 500,000 new jobs does not build a
        // million small maps on its caller's thread; the schema id is one per class anyway.
        Supplier<Map<String, Object>> objectId = () -> Qmf.objectId(id, name, epoch);
        d.put("_object_id", objectId);
        d.put("_schema_id", schemaIds.computeIfAbsent(type,
                t -> Map.copyOf(Qmf.schemaId(t.packageName(), t.name(), t.hash()))));
        d.put("_values", values);
        d.put("_create_ts", createTs);
        d.put("_update_ts", nowNanos());
        d.put("_delete_ts", deleteTs);
        return d;
    }

    private static long nowNanos() {
        return System.currentTimeMillis() * 1_000_000L;
    }

    /**
     * A request with a reply address is acknowledged as soon as it is taken (a call is not
     * repeated after a restart: its caller has given up or retries itself). A one-way request
     * (Console.sendDurable: a persistent report nobody waits for) is acknowledged only once its
     * method has completed, which for a scheduler means its change is on disk: one the service
     * dies before applying stays on the broker and is delivered again, so methods called this
     * way must ignore a repeat (docs/protocols.md, "Scheduler restart").
     */
    private void onRequest(Message m) {
        Incoming in = Incoming.of(m);
        CompletionStage<?> done = DONE;
        try {
            if (!in.ok()) {
                replies.exception(in, QmfException.BAD_PARAMETER, in.problem());
            } else {
                switch (in.opcode()) {
                    case Qmf.AGENT_LOCATE_REQUEST -> presence.locate(in);
                    case Qmf.QUERY_REQUEST -> answerLater(in);
                    case Qmf.METHOD_REQUEST -> done = MethodCall.run(in, name, this::find, replies);
                    default -> replies.exception(in, QmfException.NOT_IMPLEMENTED, "agent " + name + " does not handle " + in.opcode());
                }
            }
        } catch (RuntimeException e) {
            // The agent keeps serving whatever a request contains.
            LOG.warn("request {} from {} failed: {}", in.opcode(), in.replyTo(), e.toString());
            replies.exception(in, QmfException.EXCEPTION, "internal error: " + e);
        }
        if (in.replyTo() == null) {
            done.whenComplete((v, e) -> acknowledge(m));
        } else {
            acknowledge(m);
        }
    }

    /** Hands query {@code in} to the query threads; one that cannot wait is refused at once. */
    private void answerLater(Incoming in) {
        try {
            queries.execute(() -> {
                try {
                    new QueryAnswer(in, hosting, replies).run();
                } catch (RuntimeException e) {
                    LOG.warn("query from {} failed: {}", in.replyTo(), e.toString());
                    replies.exception(in, QmfException.EXCEPTION, "internal error: " + e);
                }
            });
        } catch (BusException e) {
            replies.exception(in, QmfException.EXCEPTION, e.getMessage());
        }
    }

    private void acknowledge(Message m) {
        try {
            m.acknowledge();
        } catch (JMSException | RuntimeException e) {
            // The connection dropped since: the broker delivers the request again, and it is applied once.
            LOG.debug("acknowledging a request failed (it will be delivered again): {}", e.toString());
        }
    }

    /** Stops serving; daemon objects (those advertised) are published as deleted first. */
    @Override
    public void close() {
        heartbeats.cancel(false);
        queries.close();
        for (ObjectId id : List.copyOf(advertising.keySet())) {
            remove(id);
        }
        indications.flush();
        try {
            // Consumers before the session: closing a session with listeners attached is slow.
            requests.close();
            broadcasts.close();
            session.close();
        } catch (JMSException e) {
            // the connection may already be gone
        }
    }
}
