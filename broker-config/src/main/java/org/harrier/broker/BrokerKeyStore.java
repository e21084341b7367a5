package org.harrier.broker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.util.Collections;
import java.util.Objects;

/**
 * The broker's TLS identity: a PKCS#12 file holding its private key and its certificate chain
 * (the certificate first, then the CA that signed it), and that file's password. With one, the
 * AMQP acceptor speaks only TLS ({@code amqps://}).
 *
 * <p>{@code harrier security init} writes one as {@link #FILE} and {@link #PASSWORD_FILE} in a
 * directory ({@link PoolCertificates}); an administrator with certificates of their own puts
 * theirs there under the same names (broker-config/README.md, "Turning security on").
 *
 * @param path     the PKCS#12 file, absolute
 * @param password its password; {@link #toString()} never shows it
 */
public record BrokerKeyStore(Path path, String password) {
    public static final String FILE = "broker.p12";
    public static final String PASSWORD_FILE = "broker.password";

    public BrokerKeyStore {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(password, "password");
        path = path.toAbsolutePath().normalize();
        if (password.isEmpty()) {
            throw new IllegalArgumentException("a key store password must not be empty (" + path + ")");
        }
    }

    /**
     * The key store {@code directory} holds as {@link #FILE}, with its password in
     * {@link #PASSWORD_FILE}; IllegalArgumentException names a file that is missing or unreadable.
     */
    public static BrokerKeyStore in(Path directory) {
        Path file = directory.resolve(FILE);
        Path passwordFile = directory.resolve(PASSWORD_FILE);
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("no TLS key store: " + file + " is not a readable file (harrier security init makes one)");
        }
        try {
            return new BrokerKeyStore(file, Files.readString(passwordFile, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the TLS key store's password in " + passwordFile + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens the key store as Artemis will: IllegalArgumentException says why it cannot serve
     * (wrong password, not PKCS#12, no private key), where Artemis would log a stack trace and
     * start without its acceptor.
     */
    public void check() {
        KeyStore store;
        try (InputStream in = Files.newInputStream(path)) {
            store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot open the TLS key store " + path + " as PKCS#12 with its password: " + e.getMessage(), e);
        }
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    return;
                }
            }
        } catch (KeyStoreException e) {
            throw new IllegalArgumentException("cannot read the TLS key store " + path + ": " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("the TLS key store " + path + " holds no private key (it needs the broker's key and certificate chain)");
    }

    @Override
    public String toString() {
        return "BrokerKeyStore[" + path + "]";
    }
}
