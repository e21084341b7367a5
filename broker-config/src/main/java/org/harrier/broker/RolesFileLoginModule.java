package org.harrier.broker;

import java.security.Principal;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.security.auth.Subject;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.spi.LoginModule;
import org.apache.activemq.artemis.spi.core.security.jaas.PropertiesLoader;
import org.apache.activemq.artemis.spi.core.security.jaas.PropertiesLoginModule;
import org.apache.activemq.artemis.spi.core.security.jaas.RolePrincipal;
import org.apache.activemq.artemis.spi.core.security.jaas.UserPrincipal;

/**
 * Gives the users a login authenticated the roles {@code artemis-roles.properties} lists them
 * in, reading {@code ROLE = alice, bob} as alice and bob. Artemis's own reader (its
 * PropertiesLoginModule and SCRAMPropertiesLoginModule) splits at the commas and keeps the
 * spaces, so a hand-edited file that way gives " bob" the role and bob nothing.
 *
 * <p>It authenticates nobody: {@link #login()} asks to be ignored, so a login succeeds only if
 * another module proved who the user is; placed after those modules, its {@link #commit()} sees
 * their {@link UserPrincipal}s. Options are PropertiesLoginModule's ({@code baseDir},
 * {@code org.apache.activemq.jaas.properties.role}, {@code reload}); with {@code reload=true} the
 * file is re-read when it changes (Artemis's cache of properties files, shared with the other
 * modules). Values written as {@code /regex/} are Artemis's own role patterns and left to it.
 *
 * <p>Thread safety: JAAS makes one instance per login and calls it on that login's thread.
 */
public final class RolesFileLoginModule extends PropertiesLoader implements LoginModule {
    private Subject subject;
    private Map<Object, Object> roles;
    private final Set<Principal> added = new HashSet<>();

    @Override
    public void initialize(Subject newSubject, CallbackHandler callbackHandler, Map<String, ?> sharedState,
                           Map<String, ?> options) {
        subject = newSubject;
        init(options);
        roles = Map.copyOf(load(PropertiesLoginModule.ROLE_FILE_PROP_NAME, "role", options).getProps());
    }

    @Override
    public boolean login() {
        return false;
    }

    @Override
    public boolean commit() {
        Set<String> users = new HashSet<>();
        for (UserPrincipal user : subject.getPrincipals(UserPrincipal.class)) {
            users.add(user.getName());
        }
        roles.forEach((role, members) -> {
            String list = members.toString().strip();
            if (list.length() > 1 && list.startsWith("/") && list.endsWith("/")) {
                return;
            }
            for (String member : list.split(",")) {
                if (users.contains(member.strip())) {
                    added.add(new RolePrincipal(role.toString().strip()));
                }
            }
        });
        subject.getPrincipals().addAll(added);
        return !added.isEmpty();
    }

    @Override
    public boolean abort() {
        return logout();
    }

    @Override
    public boolean logout() {
        subject.getPrincipals().removeAll(added);
        added.clear();
        return true;
    }
}
