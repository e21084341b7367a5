package org.harrier.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.qpid.proton.amqp.messaging.Accepted;
import org.apache.qpid.proton.amqp.messaging.Source;
import org.apache.qpid.proton.amqp.messaging.Target;
import org.apache.qpid.proton.amqp.transport.DeliveryState;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Delivery;
import org.apache.qpid.proton.engine.EndpointState;
import org.apache.qpid.proton.engine.Receiver;
import org.apache.qpid.proton.engine.Sasl;
import org.apache.qpid.proton.engine.Sender;
import org.apache.qpid.proton.engine.Session;
import org.apache.qpid.proton.engine.Transport;
import org.apache.qpid.proton.message.Message;

/**
 * A bare AMQP 1.0 client, proton-j's engine over a blocking socket, for bytes no AMQP library
 * sends: a message encoded by hand (a map nested 10,000 deep, which proton-j's own recursive
 * encoder could not write either). One connection and session, SASL PLAIN, a sender per
 * address and one receiver on a dynamic (temporary) queue for replies. The test's thread owns it
 * all; every wait has a deadline.
 */
final class RawTransfers implements AutoCloseable {
    private static final Duration DEADLINE = Duration.ofMillis(Amqp.DEADLINE_MS);

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final Transport transport = Transport.Factory.create();
    private final Connection connection = Connection.Factory.create();
    private final Session session;
    private final Receiver replies;
    private final Map<String, Sender> senders = new HashMap<>();
    private final byte[] readBuffer = new byte[1 << 16];
    private int tags;

    private RawTransfers(Socket socket, String user, String password) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        socket.setSoTimeout(20);
        Sasl sasl = transport.sasl();
        sasl.client();
        sasl.plain(user, password);
        transport.bind(connection);
        connection.setContainer("raw-transfers");
        connection.setHostname("localhost");
        connection.open();
        session = connection.session();
        session.open();
        replies = session.receiver("replies");
        Source dynamic = new Source();
        dynamic.setDynamic(true);
        replies.setSource(dynamic);
        replies.setTarget(new Target());
        replies.open();
        replies.flow(10);
        pumpUntil(() -> replies.getRemoteSource() != null, "the reply queue's attach");
    }

    /** Connects to the broker at {@code url} ({@code amqp://host:port}) as {@code user} (SASL PLAIN). */
    static RawTransfers connect(String url, String user, String password) throws IOException {
        URI uri = URI.create(url);
        return new RawTransfers(new Socket(uri.getHost(), uri.getPort()), user, password);
    }

    /** The temporary queue replies come to. */
    String replyAddress() {
        return ((Source) replies.getRemoteSource()).getAddress();
    }

    /** Whether the broker still has this connection open (no close, no error from its side). */
    boolean isOpen() {
        return connection.getRemoteState() == EndpointState.ACTIVE && connection.getRemoteCondition().getCondition() == null;
    }

    /** Sends {@code encoded} (a whole AMQP message) to {@code address}; returns the broker's outcome. */
    DeliveryState send(String address, byte[] encoded) throws IOException {
        Sender sender = senders.computeIfAbsent(address, a -> {
            Sender s = session.sender("to-" + a);
            Target target = new Target();
            target.setAddress(a);
            s.setTarget(target);
            s.setSource(new Source());
            s.open();
            return s;
        });
        pumpUntil(() -> sender.getCredit() > 0, "credit to send to " + address);
        Delivery delivery = sender.delivery(Integer.toString(tags++).getBytes(StandardCharsets.US_ASCII));
        sender.send(encoded, 0, encoded.length);
        sender.advance();
        pumpUntil(() -> delivery.getRemoteState() != null, "the outcome of a message to " + address);
        delivery.settle();
        flush();
        return delivery.getRemoteState();
    }

    /** The next message on the reply queue, accepted. */
    Message receive() throws IOException {
        pumpUntil(() -> replies.current() != null && replies.current().isReadable() && !replies.current().isPartial(),
                "a reply");
        Delivery delivery = replies.current();
        byte[] bytes = new byte[delivery.pending()];
        int read = replies.recv(bytes, 0, bytes.length);
        replies.advance();
        delivery.disposition(Accepted.getInstance());
        delivery.settle();
        replies.flow(1);
        flush();
        Message message = Message.Factory.create();
        message.decode(bytes, 0, read);
        return message;
    }

    private void pumpUntil(BooleanSupplier done, String what) throws IOException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + what + " within " + DEADLINE);
            }
            if (connection.getRemoteState() == EndpointState.CLOSED) {
                throw new AssertionError("the broker closed the connection while waiting for " + what + ": "
                        + connection.getRemoteCondition());
            }
            flush();
            read();
        }
    }

    private void flush() throws IOException {
        int pending;
        while ((pending = transport.pending()) > 0) {
            ByteBuffer head = transport.head();
            byte[] chunk = new byte[pending];
            head.get(chunk);
            out.write(chunk);
            transport.pop(pending);
        }
        out.flush();
    }

    private void read() throws IOException {
        int capacity = transport.capacity();
        if (capacity <= 0) {
            return;
        }
        int n;
        try {
            n = in.read(readBuffer, 0, Math.min(capacity, readBuffer.length));
        } catch (SocketTimeoutException e) {
            return;
        }
        if (n < 0) {
            transport.close_tail();
            return;
        }
        transport.tail().put(readBuffer, 0, n);
        transport.process();
    }

    @Override
    public void close() throws IOException {
        try {
            connection.close();
            flush();
        } finally {
            socket.close();
        }
    }
}
