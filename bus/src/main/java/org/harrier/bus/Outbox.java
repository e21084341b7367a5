package org.harrier.bus;

import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Session;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.jms.provider.amqp.message.AmqpValueBodies;

/**
 * Sends every message a bus sends. A JMS session belongs to one thread, so this class owns one
 * session and an anonymous producer on one thread: agents, consoles and the services' own
 * threads hand it {@link Envelope}s from anywhere, and it turns them into JMS messages and sends
 * them in the order given.
 *
 * <p>Two lanes, one thread: data indications are bulk (a cluster of 500,000 jobs publishes
 * thousands of pages of them, each costly to encode), everything else (method requests and
 * replies, query answers, heartbeats) is urgent and overtakes the bulk queued before it. Within
 * a lane the order is kept. So a SubmitCluster's answer, or a startd's Activate answer, is not
 * held up behind the indications of the jobs just created; those follow at their own pace.
 *
 * <p>Non-persistent messages (replies, indications, heartbeats) go out asynchronously; a
 * persistent one's future completes only when the broker has it on disk, which is what makes an
 * exit report survive a scheduler that is down (docs/protocols.md) — but the outbox thread
 * does not wait for that (a CompletionListener does), so many durable sends share one flush.
 */
final class Outbox implements AutoCloseable {
    private final ExecutorService thread;
    private final Queue<Runnable> urgent = new ConcurrentLinkedQueue<>();
    private final Queue<Runnable> bulk = new ConcurrentLinkedQueue<>();
    private final Session session;
    private final MessageProducer producer;

    Outbox(jakarta.jms.Connection connection, String name) throws JMSException {
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "harrier-bus-outbox-" + name);
            t.setDaemon(true);
            return t;
        });
        this.session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        this.producer = session.createProducer(null);
    }

    /** Queues {@code e} for sending; the future completes when it is handed to the broker. */
    CompletableFuture<Void> send(Envelope e) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        (Qmf.DATA_INDICATION.equals(e.opcode()) ? bulk : urgent).add(() -> deliver(e, done));
        try {
            // One task per message; each sends the oldest urgent message, else the oldest bulk one.
            thread.execute(this::sendNext);
        } catch (RejectedExecutionException ex) {
            done.completeExceptionally(new BusException("the bus is closed"));
        }
        return done;
    }

    /** On the outbox thread: turns {@code e} into a JMS message and sends it. */
    private void deliver(Envelope e, CompletableFuture<Void> done) {
        try {
            Destination to = e.topic() ? session.createTopic(e.address()) : session.createQueue(e.address());
            if (Qmf.DATA_INDICATION.equals(e.opcode()) && !e.persistent() && e.body() instanceof List<?> snapshots) {
                // A batch of big objects (job ads with large attributes) would pass the broker's
                // message size limit, which refuses it whole: it leaves as several messages.
                for (List<?> part : Qmf.wirePages(snapshots, Agent.PAGE_BYTES)) {
                    producer.send(to, toMessage(e, (java.io.Serializable) part), DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, e.ttlMillis());
                }
                done.complete(null);
                return;
            }
            Message m = toMessage(e, Qmf.wire(e.body()));
            if (e.persistent()) {
                // Completes when the broker has the message on disk, without holding this
                // thread (and every other message queued behind it) for the journal flush.
                producer.send(to, m, DeliveryMode.PERSISTENT, Message.DEFAULT_PRIORITY, e.ttlMillis(),
                        new CompletionListener() {
                            @Override
                            public void onCompletion(Message message) {
                                done.complete(null);
                            }

                            @Override
                            public void onException(Message message, Exception ex) {
                                done.completeExceptionally(new BusException(
                                        "the broker did not take a message for " + e.address() + ": " + ex.getMessage(), ex));
                            }
                        });
            } else {
                producer.send(to, m, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, e.ttlMillis());
                done.complete(null);
            }
        } catch (JMSException | RuntimeException ex) {
            done.completeExceptionally(new BusException("cannot send to " + e.address() + ": " + ex.getMessage(), ex));
        }
    }

    private void sendNext() {
        Runnable next = urgent.poll();
        if (next == null) {
            next = bulk.poll();
        }
        if (next != null) {
            next.run();
        }
    }

    /** {@code e} as a JMS message with {@code body}, its body already made wire-ready ({@link Qmf#wire}). */
    private Message toMessage(Envelope e, java.io.Serializable body) throws JMSException {
        ObjectMessage m = session.createObjectMessage();
        // Encode the body as an AMQP map or list, not Java serialization (reference 3.6).
        m.setBooleanProperty("JMS_AMQP_TYPED_ENCODING", true);
        AmqpValueBodies.set(m, body);
        m.setStringProperty(Qmf.APP_ID_PROPERTY, Qmf.APP_ID);
        m.setStringProperty(Qmf.METHOD, e.method());
        m.setStringProperty(Qmf.OPCODE, e.opcode());
        if (e.agent() != null) {
            m.setStringProperty(Qmf.AGENT, e.agent());
        }
        if (e.content() != null) {
            m.setStringProperty(Qmf.CONTENT, e.content());
        }
        if (e.partial()) {
            m.setBooleanProperty(Qmf.PARTIAL, true);
        }
        for (var p : e.properties().entrySet()) {
            m.setStringProperty(p.getKey(), p.getValue());
        }
        if (e.subject() != null) {
            m.setJMSType(e.subject());
        }
        if (e.correlationId() != null) {
            m.setJMSCorrelationID(e.correlationId());
        }
        if (e.replyTo() instanceof Destination d) {
            m.setJMSReplyTo(d);
        } else if (e.replyTo() instanceof String address) {
            // A reply address is always a queue: replying to a Topic would never reach it (reference 3.5).
            m.setJMSReplyTo(session.createQueue(address));
        }
        return m;
    }

    @Override
    public void close() {
        // The session belongs to the outbox thread; close it there, after everything queued.
        java.util.concurrent.Future<?> closed = null;
        try {
            closed = thread.submit(() -> {
                try {
                    producer.close();
                    session.close();
                } catch (JMSException e) {
                    // closing a session whose connection already failed: nothing more to release
                }
            });
        } catch (RejectedExecutionException e) {
            return; // already closed
        }
        thread.shutdown();
        try {
            closed.get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // best effort: the connection is being closed anyway
        }
    }
}
