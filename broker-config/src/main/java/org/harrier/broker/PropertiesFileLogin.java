package org.harrier.broker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.ActiveMQSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.PropertiesLoginModule;
import org.apache.activemq.artemis.spi.core.security.jaas.SCRAMLoginModule;
import org.apache.activemq.artemis.spi.core.security.jaas.SCRAMPropertiesLoginModule;

/**
 * Authentication from {@code artemis-users.properties} and roles from
 * {@code artemis-roles.properties}: the JAAS logins a stock Artemis instance configures in
 * etc/login.config (broker-config/README.md shows that file), set up in code so an embedded
 * broker needs no JVM-wide {@code java.security.auth.login.config}. The files are re-read when
 * they change.
 *
 * <p>Two logins read the files. The SASL SCRAM exchange itself ({@link #scramEntries}) runs in
 * the acceptor's {@code saslLoginConfigScope}: SCRAMPropertiesLoginModule hands Artemis the
 * user's stored SCRAM keys, and the exchange proves the client knows the password. Then every
 * connection logs in to the broker's domain ({@link #DOMAIN}), where
 * <pre>
 *   SCRAMLoginModule        optional   takes the user a SCRAM exchange proved (none for PLAIN)
 *   PropertiesLoginModule   optional   checks a PLAIN user's password against its one-way hash
 *   RolesFileLoginModule    optional   adds the roles file's roles, spaces around names ignored
 * </pre>
 * All three are optional so that either of the first two suffices; the last never counts as a
 * success (it asks to be ignored), so a login with neither fails. JAAS's "sufficient" would stop
 * at SCRAM's success and skip the roles.
 */
final class PropertiesFileLogin extends SecurityConfiguration {
    static final String USERS = "artemis-users.properties";
    static final String ROLES = "artemis-roles.properties";
    static final String DOMAIN = "harrier";

    private final AppConfigurationEntry[] entries;

    PropertiesFileLogin(Path directory) {
        entries = new AppConfigurationEntry[] {
            entry(SCRAMLoginModule.class, LoginModuleControlFlag.OPTIONAL, directory),
            entry(PropertiesLoginModule.class, LoginModuleControlFlag.OPTIONAL, directory),
            entry(RolesFileLoginModule.class, LoginModuleControlFlag.OPTIONAL, directory),
        };
    }

    /** Throws IllegalArgumentException naming the missing file, so a broker never starts half-secured. */
    static ActiveMQSecurityManager securityManager(Path directory) {
        for (String file : new String[] {USERS, ROLES}) {
            if (!Files.isReadable(directory.resolve(file))) {
                throw new IllegalArgumentException("security is on but " + directory.resolve(file) + " is not a readable file");
            }
        }
        return new ActiveMQJAASSecurityManager(DOMAIN, new PropertiesFileLogin(directory));
    }

    /** The SASL SCRAM exchange's login for the users in {@code directory} (see {@link ScramLoginScopes}). */
    static AppConfigurationEntry[] scramEntries(Path directory) {
        return new AppConfigurationEntry[] {
            entry(SCRAMPropertiesLoginModule.class, LoginModuleControlFlag.REQUIRED, directory),
            entry(RolesFileLoginModule.class, LoginModuleControlFlag.OPTIONAL, directory),
        };
    }

    private static AppConfigurationEntry entry(Class<?> module, LoginModuleControlFlag flag, Path directory) {
        return new AppConfigurationEntry(module.getName(), flag, Map.of(
                "baseDir", directory.toString(),
                PropertiesLoginModule.USER_FILE_PROP_NAME, USERS,
                PropertiesLoginModule.ROLE_FILE_PROP_NAME, ROLES,
                "reload", "true"));
    }

    @Override
    public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        return DOMAIN.equals(name) ? entries.clone() : null;
    }
}
