package org.harrier.bus;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import java.util.Optional;
import javax.net.ssl.SSLException;

/**
 * A connection that failed over TLS, or for the want of it, in one line a person can act on:
 * Qpid JMS reports these as the JDK's certificate path errors or a bare "remotely closed".
 */
final class TlsFailure {
    static final String CA_HINT = "give the pool's CA certificate (ca.pem) as HARRIER_CA_FILE";

    private TlsFailure() {
    }

    /** The sentence for {@code failure} connecting to {@code shown}, if it is a TLS matter. */
    static Optional<String> explain(String shown, Throwable failure) {
        boolean handshake = false;
        Throwable last = failure;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CertPathBuilderException || String.valueOf(t.getMessage()).contains("PKIX path")) {
                return Optional.of("the broker at " + shown + " presented a certificate this client does not trust ("
                        + root(failure) + "); " + CA_HINT);
            }
            if (t instanceof CertificateException && String.valueOf(t.getMessage()).contains("matching")) {
                return Optional.of("the broker at " + shown + " presented a certificate for another host (" + t.getMessage()
                        + "); connect with a name its certificate holds (harrier security init --host)");
            }
            handshake |= t instanceof SSLException;
            last = t;
        }
        if (handshake) {
            return Optional.of("the TLS handshake with the broker at " + shown + " failed (" + root(failure) + ")");
        }
        // An Artemis TLS acceptor takes AMQP's protocol header for the start of a TLS record and
        // waits for the rest until its handshake timeout, then closes without a word.
        if (!shown.contains("amqps://") && String.valueOf(last.getMessage()).contains("remotely closed")) {
            return Optional.of("the broker at " + shown + " closed the connection before AMQP began; if it speaks"
                    + " only TLS, connect with amqps:// (" + CA_HINT + ")");
        }
        return Optional.empty();
    }

    private static String root(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
