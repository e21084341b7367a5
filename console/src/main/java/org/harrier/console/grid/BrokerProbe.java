package org.harrier.console.grid;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;

/**
 * Checks that something accepts TCP connections at a broker address before the AMQP client
 * connects. Qpid JMS with failover reconnects forever when no broker is there; a person typing
 * {@code harrier q} wants one line saying so at once instead.
 */
public final class BrokerProbe {
    private final Duration timeout;

    public BrokerProbe(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("probe timeout must be positive, got " + timeout);
        }
        this.timeout = timeout;
    }

    /**
     * Returns when one endpoint of {@code address} accepts a connection; otherwise throws
     * {@link BrokerUnreachableException} with the first endpoint's reason.
     */
    public void check(BrokerAddress address) {
        String firstReason = null;
        for (BrokerAddress.Endpoint e : address.endpoints()) {
            String reason = tryConnect(e);
            if (reason == null) {
                return;
            }
            if (firstReason == null) {
                firstReason = reason;
            }
        }
        throw new BrokerUnreachableException(address, firstReason);
    }

    /** Null when {@code e} accepted a connection, else why not. */
    private String tryConnect(BrokerAddress.Endpoint e) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(e.host(), e.port()), (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            return null;
        } catch (ConnectException ex) {
            return "connection refused";
        } catch (SocketTimeoutException ex) {
            return "no answer within " + timeout.toSeconds() + " s";
        } catch (UnknownHostException ex) {
            return "unknown host " + e.host();
        } catch (NoRouteToHostException ex) {
            return "no route to host " + e.host();
        } catch (IOException | IllegalArgumentException | SecurityException ex) {
            String m = ex.getMessage();
            return m == null ? ex.getClass().getSimpleName() : m.toLowerCase(Locale.ROOT);
        }
    }
}
