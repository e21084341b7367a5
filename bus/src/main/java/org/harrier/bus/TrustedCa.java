package org.harrier.bus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A TLS context that trusts the broker certificates one CA file signs, and no other: the PEM
 * file {@code harrier security init} writes as {@code ca.pem}, the same file the Python
 * examples take as {@code --ca-file}. Qpid JMS still checks that the certificate names the host
 * the URL names ({@code transport.verifyHost}, on by default).
 */
final class TrustedCa {
    private TrustedCa() {
    }

    /** Throws BusException naming the file when it cannot be read or holds no certificate. */
    static SSLContext context(Path caFile) {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(caFile)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (IOException | GeneralSecurityException e) {
            throw new BusException("cannot read the CA certificates in " + caFile + ": " + e.getMessage(), e);
        }
        if (certificates.isEmpty()) {
            throw new BusException(caFile + " holds no certificate (a PEM file, -----BEGIN CERTIFICATE-----)");
        }
        try {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            int n = 0;
            for (Certificate certificate : certificates) {
                trusted.setCertificateEntry("ca-" + n++, certificate);
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new BusException("cannot trust the certificates in " + caFile + ": " + e.getMessage(), e);
        }
    }
}
