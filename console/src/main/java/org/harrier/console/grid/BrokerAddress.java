package org.harrier.console.grid;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A broker URL as Qpid JMS takes it: {@code amqp://host:port} (also amqps, amqpws, amqpwss),
 * optionally with {@code ?options}, or {@code failover:(amqp://a:5672,amqp://b:5672)?options}
 * for several brokers. Parsing it here lets harrier check that a broker is there before the
 * client, which with failover retries forever, is asked to connect. Who logs in is
 * {@link #login()}; over {@code amqps://}, {@link #caFile()} (a pool's {@code ca.pem}, null for
 * the URL's trust store options or the JVM's authorities) says which broker certificates to trust.
 */
public record BrokerAddress(String url, List<Endpoint> endpoints, Login login, Path caFile) {
    public static final int AMQP_PORT = 5672;
    public static final int AMQPS_PORT = 5671;

    /** One broker: its host and TCP port. */
    public record Endpoint(String host, int port) {
        public Endpoint {
            Objects.requireNonNull(host, "host");
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be 1-65535, got " + port);
            }
        }
    }

    /** Who connects: a user and its password; {@link #toString()} never shows the password. */
    public record Login(String user, String password) {
        public Login {
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(password, "password");
        }

        @Override
        public String toString() {
            return user;
        }
    }

    public BrokerAddress {
        Objects.requireNonNull(url, "url");
        endpoints = List.copyOf(endpoints);
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("a broker address needs at least one endpoint");
        }
    }

    /** The URL a personal grid's broker listens on. */
    public static BrokerAddress local(int port) {
        return parse("amqp://127.0.0.1:" + port);
    }

    /** Parses {@code url}; IllegalArgumentException says what is wrong with it. */
    public static BrokerAddress parse(String url) {
        String text = url.strip();
        List<Endpoint> endpoints = new ArrayList<>();
        if (text.regionMatches(true, 0, "failover:", 0, 9)) {
            String rest = text.substring(9);
            if (!rest.startsWith("(") || rest.indexOf(')') < 0) {
                throw new IllegalArgumentException("'" + url + "' is not a broker URL: failover: needs (url,url,...)");
            }
            for (String part : rest.substring(1, rest.indexOf(')')).split(",")) {
                endpoints.add(endpoint(url, part.strip()));
            }
        } else {
            endpoints.add(endpoint(url, text));
        }
        return new BrokerAddress(text, endpoints, null, null);
    }

    /** This address with {@code newLogin}, unless the URL names a user itself. */
    public BrokerAddress orLogin(Login newLogin) {
        return login != null || newLogin == null || hasUserInfo() ? this : new BrokerAddress(url, endpoints, newLogin, caFile);
    }

    /** This address, trusting the broker certificates {@code newCaFile} signs (null: no file of its own). */
    public BrokerAddress withCaFile(Path newCaFile) {
        return new BrokerAddress(url, endpoints, login, newCaFile);
    }

    /**
     * Who this address logs in as: its login's user, else the user its URL names; empty when it
     * names none (the broker will then refuse it).
     */
    public java.util.Optional<String> user() {
        if (login != null) {
            return java.util.Optional.of(login.user());
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("//([^:/@,]+)(:[^@/,]*)?@|jms\\.username=([^&)]+)").matcher(url);
        if (m.find()) {
            return java.util.Optional.of(java.net.URLDecoder.decode(m.group(1) != null ? m.group(1) : m.group(3),
                    java.nio.charset.StandardCharsets.UTF_8));
        }
        return java.util.Optional.empty();
    }

    private boolean hasUserInfo() {
        return url.contains("@") || url.contains("jms.username=");
    }

    private static Endpoint endpoint(String whole, String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'" + whole + "' is not a broker URL (amqp://host:port): " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!List.of("amqp", "amqps", "amqpws", "amqpwss").contains(scheme)) {
            throw new IllegalArgumentException("'" + whole + "' is not a broker URL: expected amqp://host:port");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("'" + whole + "' is not a broker URL: it names no host");
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.endsWith("s") ? AMQPS_PORT : AMQP_PORT;
        String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1) : uri.getHost();
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + whole + "' is not a broker URL: port must be 1-65535, got " + port);
        }
        return new Endpoint(host, port);
    }

    /** The URL without any password it carries, for messages. */
    @Override
    public String toString() {
        return url.replaceAll("//([^:/@,]+):[^@/,]*@", "//$1@").replaceAll("(jms\\.password=)[^&)]*", "$1***");
    }
}
