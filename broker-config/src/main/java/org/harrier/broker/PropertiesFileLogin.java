package org.harrier.broker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.ActiveMQSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.PropertiesLoginModule;

/**
 * Authentication from {@code artemis-users.properties} and roles from
 * {@code artemis-roles.properties}: the JAAS login a stock Artemis instance configures in
 * etc/login.config, set up in code so an embedded broker needs no JVM-wide
 * {@code java.security.auth.login.config}. The files are re-read when they change.
 */
final class PropertiesFileLogin extends SecurityConfiguration {
    static final String USERS = "artemis-users.properties";
    static final String ROLES = "artemis-roles.properties";
    private static final String DOMAIN = "harrier";

    private final AppConfigurationEntry entry;

    private PropertiesFileLogin(Path directory) {
        entry = new AppConfigurationEntry(PropertiesLoginModule.class.getName(),
                AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                Map.of("baseDir", directory.toString(),
                        PropertiesLoginModule.USER_FILE_PROP_NAME, USERS,
                        PropertiesLoginModule.ROLE_FILE_PROP_NAME, ROLES,
                        "reload", "true"));
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

    @Override
    public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        return DOMAIN.equals(name) ? new AppConfigurationEntry[] {entry} : null;
    }
}
