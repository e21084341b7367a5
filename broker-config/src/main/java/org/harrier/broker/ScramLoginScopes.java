package org.harrier.broker;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;

/**
 * The SASL SCRAM logins of the brokers running in this JVM, one scope per security directory.
 *
 * <p>Artemis's SCRAM mechanism makes its {@code LoginContext} from the acceptor's
 * {@code saslLoginConfigScope} alone, so it reads the JVM-wide JAAS {@link Configuration}, not the
 * broker's security manager's (PropertiesFileLogin). Tests run several brokers with different
 * users in one JVM; so each security directory gets a scope of its own,
 * {@code harrier-scram-<hash of its path>}, in a JVM-wide configuration that answers those
 * scopes and hands every other name to the configuration it replaced (a
 * {@code java.security.auth.login.config} file, say). A scope lives while a broker uses it.
 *
 * <p>Thread safety: the scope table is guarded by the class lock; JAAS may read it from any thread.
 */
final class ScramLoginScopes extends Configuration {
    private static final String PREFIX = "harrier-scram-";
    private static final Map<String, Scope> SCOPES = new HashMap<>();

    private record Scope(AppConfigurationEntry[] entries, int users) {
    }

    private final Configuration previous;

    private ScramLoginScopes(Configuration previous) {
        this.previous = previous;
    }

    /** The scope name a broker with users in {@code directory} gives its acceptor. */
    static String name(Path directory) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(directory.toString().getBytes(StandardCharsets.UTF_8));
            return PREFIX + HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Answers {@link #name(Path)} until as many {@link #release}s; installs this configuration if needed. */
    static synchronized String acquire(Path directory) {
        install();
        String name = name(directory);
        Scope scope = SCOPES.get(name);
        SCOPES.put(name, new Scope(PropertiesFileLogin.scramEntries(directory), scope == null ? 1 : scope.users() + 1));
        return name;
    }

    static synchronized void release(Path directory) {
        String name = name(directory);
        Scope scope = SCOPES.get(name);
        if (scope != null && scope.users() <= 1) {
            SCOPES.remove(name);
        } else if (scope != null) {
            SCOPES.put(name, new Scope(scope.entries(), scope.users() - 1));
        }
    }

    private static void install() {
        Configuration current;
        try {
            current = Configuration.getConfiguration();
        } catch (SecurityException e) {
            current = null; // no login configuration file: nothing to hand other names to
        }
        if (!(current instanceof ScramLoginScopes)) {
            Configuration.setConfiguration(new ScramLoginScopes(current));
        }
    }

    @Override
    public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        synchronized (ScramLoginScopes.class) {
            Scope scope = SCOPES.get(name);
            if (scope != null) {
                return scope.entries().clone();
            }
        }
        return previous == null ? null : previous.getAppConfigurationEntry(name);
    }

    @Override
    public void refresh() {
        if (previous != null) {
            previous.refresh();
        }
    }
}
