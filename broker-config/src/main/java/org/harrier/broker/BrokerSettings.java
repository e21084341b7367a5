package org.harrier.broker;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How one broker differs from {@code broker.xml}'s defaults: where it keeps its data, where it
 * listens, whether it authenticates and whether it speaks TLS. These values fill the file's
 * {@code ${harrier.broker.*}} placeholders (BrokerXml), so an embedded broker and a standalone
 * one read the same file.
 *
 * @param dataDirectory      holds journal/, bindings/, paging/ and large-messages/; one broker at a time
 * @param host               interface the AMQP acceptor binds; 127.0.0.1 keeps a personal grid private
 * @param port               AMQP port, 0 to let the system pick a free one (see {@link GridBroker#port()})
 * @param securityDirectory  null for no security; otherwise the directory holding
 *                           {@code artemis-users.properties} and {@code artemis-roles.properties}
 * @param keyStore           null for plain AMQP; otherwise the acceptor speaks only TLS with this identity
 */
public record BrokerSettings(Path dataDirectory, String host, int port, Path securityDirectory, BrokerKeyStore keyStore) {
    public static final String LOOPBACK = "127.0.0.1";
    public static final int AMQP_PORT = 5672;
    /** AMQP over TLS (the AMQP 1.0 specification's IANA port for amqps). */
    public static final int AMQPS_PORT = 5671;

    public BrokerSettings {
        Objects.requireNonNull(dataDirectory, "dataDirectory");
        Objects.requireNonNull(host, "host");
        dataDirectory = dataDirectory.toAbsolutePath().normalize();
        if (host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("host must be a host name or address without spaces, got \"" + host + "\"");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0 (any free port) to 65535, got " + port);
        }
        if (securityDirectory != null) {
            securityDirectory = securityDirectory.toAbsolutePath().normalize();
        }
    }

    public BrokerSettings(Path dataDirectory, String host, int port, Path securityDirectory) {
        this(dataDirectory, host, port, securityDirectory, null);
    }

    /**
     * A personal grid's broker: loopback, the AMQP port, security on with its users in
     * {@code DATA/security} (made on first start, see {@link SecurityDirectory#personal}).
     */
    public static BrokerSettings personal(Path dataDirectory) {
        return new BrokerSettings(dataDirectory, LOOPBACK, AMQP_PORT, dataDirectory.resolve("security"));
    }

    public BrokerSettings withHost(String newHost) {
        return new BrokerSettings(dataDirectory, newHost, port, securityDirectory, keyStore);
    }

    public BrokerSettings withPort(int newPort) {
        return new BrokerSettings(dataDirectory, host, newPort, securityDirectory, keyStore);
    }

    /** Security on, users and roles read from {@code directory} (see broker-config/README.md). */
    public BrokerSettings withSecurity(Path directory) {
        return new BrokerSettings(dataDirectory, host, port, Objects.requireNonNull(directory, "directory"), keyStore);
    }

    /** The acceptor speaks only TLS, as {@code newKeyStore}'s certificate says (see broker-config/README.md). */
    public BrokerSettings withTls(BrokerKeyStore newKeyStore) {
        return new BrokerSettings(dataDirectory, host, port, securityDirectory, Objects.requireNonNull(newKeyStore, "newKeyStore"));
    }

    public boolean tlsEnabled() {
        return keyStore != null;
    }

    public boolean securityEnabled() {
        return securityDirectory != null;
    }
}
