package org.harrier.bus;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A broker URL as a user writes it, split into the Qpid JMS failover URI to connect with and the
 * credentials it names. Credentials may be the user info of any broker in the list
 * ({@code amqp://alice:secret@host:5672}) or {@code jms.username}/{@code jms.password} options,
 * on one broker or on the whole {@code failover:(...)} list; they are taken out of the URI and
 * given to the connection factory, because Qpid JMS reads them only from the outermost options
 * and ignores user info.
 *
 * @param jmsUri   the {@code failover:(...)?...} URI, without credentials
 * @param user     null when the URL names none
 * @param password null when the URL names none
 */
record BrokerUrl(String jmsUri, String user, String password) {
    private static final String FAILOVER = "failover:";
    static final String OPTIONS = "failover.initialReconnectDelay=50&failover.reconnectDelay=100"
            + "&failover.maxReconnectDelay=2000&failover.useReconnectBackOff=true"
            + "&failover.maxReconnectAttempts=-1&failover.startupMaxReconnectAttempts=1"
            // QMF's property names (qmf.opcode, x-amqp-0-10.app-id) are not Java identifiers.
            + "&jms.validatePropertyNames=false";

    /** This URL with one more Qpid JMS option on the whole connection, e.g. {@code jms.sendTimeout}. */
    BrokerUrl withOption(String name, String value) {
        return new BrokerUrl(jmsUri + "&" + name + "=" + value, user, password);
    }

    @Override
    public String toString() {
        return jmsUri + (user == null ? "" : " as " + user);
    }

    /** Throws IllegalArgumentException naming what is wrong with {@code url}. */
    static BrokerUrl parse(String url) {
        String brokers;
        String outerQuery;
        if (url.startsWith(FAILOVER)) {
            String rest = url.substring(FAILOVER.length());
            int close = rest.lastIndexOf(')');
            if (!rest.startsWith("(") || close < 0) {
                throw new IllegalArgumentException("a failover URL is failover:(URL,URL,...)[?options], got " + url);
            }
            brokers = rest.substring(1, close);
            String tail = rest.substring(close + 1);
            if (!tail.isEmpty() && !tail.startsWith("?")) {
                throw new IllegalArgumentException("unexpected text after the broker list of " + url + ": " + tail);
            }
            outerQuery = tail.isEmpty() ? "" : tail.substring(1);
        } else {
            brokers = url;
            outerQuery = "";
        }
        Credentials found = new Credentials();
        List<String> entries = new ArrayList<>();
        for (String entry : brokers.split(",")) {
            entries.add(broker(entry.strip(), found));
        }
        if (entries.isEmpty() || entries.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("no broker in " + url);
        }
        String options = found.strip(outerQuery);
        String uri = FAILOVER + "(" + String.join(",", entries) + ")?" + OPTIONS + (options.isEmpty() ? "" : "&" + options);
        if ((found.user == null) != (found.password == null)) {
            throw new IllegalArgumentException("the broker URL names a " + (found.user == null ? "password" : "user")
                    + " without a " + (found.user == null ? "user" : "password"));
        }
        return new BrokerUrl(uri, found.user, found.password);
    }

    private static String broker(String entry, Credentials found) {
        URI u;
        try {
            u = URI.create(entry);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a broker URL: " + entry + " (" + e.getMessage() + ")");
        }
        if (u.getScheme() == null || u.getHost() == null) {
            throw new IllegalArgumentException("a broker URL is amqp://HOST:PORT or amqps://HOST:PORT, got " + entry);
        }
        if (u.getUserInfo() != null) {
            String info = u.getUserInfo();
            int colon = info.indexOf(':');
            found.set(colon < 0 ? info : info.substring(0, colon), colon < 0 ? null : info.substring(colon + 1));
        }
        String query = u.getRawQuery() == null ? "" : found.strip(u.getRawQuery());
        String host = u.getRawAuthority().substring(u.getRawAuthority().indexOf('@') + 1);
        return u.getScheme() + "://" + host + (u.getRawPath() == null ? "" : u.getRawPath()) + (query.isEmpty() ? "" : "?" + query);
    }

    /** Credentials seen so far; the same user named twice is fine, two different ones are not. */
    private static final class Credentials {
        String user;
        String password;

        void set(String newUser, String newPassword) {
            if (newUser != null) {
                if (user != null && !user.equals(newUser)) {
                    throw new IllegalArgumentException("the broker URL names two users, " + user + " and " + newUser);
                }
                user = newUser;
            }
            if (newPassword != null) {
                password = newPassword;
            }
        }

        /** The query without jms.username and jms.password, which are recorded. */
        String strip(String query) {
            List<String> kept = new ArrayList<>();
            for (String option : query.split("&")) {
                if (option.isEmpty()) {
                    continue;
                }
                int eq = option.indexOf('=');
                String key = eq < 0 ? option : option.substring(0, eq);
                String value = eq < 0 ? "" : URLDecoder.decode(option.substring(eq + 1), StandardCharsets.UTF_8);
                switch (key) {
                    case "jms.username" -> set(value, null);
                    case "jms.password" -> set(null, value);
                    default -> kept.add(option);
                }
            }
            return String.join("&", kept);
        }
    }
}
