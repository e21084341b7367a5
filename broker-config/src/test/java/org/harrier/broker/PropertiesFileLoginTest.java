package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.crypto.Mac;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import org.apache.activemq.artemis.spi.core.security.jaas.DigestCallback;
import org.apache.activemq.artemis.spi.core.security.jaas.HmacCallback;
import org.apache.activemq.artemis.spi.core.security.jaas.PrincipalsCallback;
import org.apache.activemq.artemis.spi.core.security.jaas.RolePrincipal;
import org.apache.activemq.artemis.spi.core.security.jaas.SCRAMMechanismCallback;
import org.apache.activemq.artemis.spi.core.security.jaas.UserPrincipal;
import org.apache.activemq.artemis.spi.core.security.scram.SCRAM;
import org.apache.activemq.artemis.spi.core.security.scram.ScramUtils;
import org.apache.activemq.artemis.spi.core.security.scram.UserData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The JAAS logins a broker runs, run here by JAAS itself without a broker: the broker's domain
 * for a PLAIN password, and the SCRAM exchange's scope. What a client sees of them over AMQP is
 * the bus module's BrokerLoginTest.
 */
class PropertiesFileLoginTest {
    @TempDir
    Path dir;
    SecurityDirectory security;

    @BeforeEach
    void users() throws Exception {
        security = SecurityDirectory.at(dir).create();
        security.putUser("alice", List.of(SecurityDirectory.Role.CONSOLE), "alice-pw");
        security.putUser("bob", List.of(SecurityDirectory.Role.ADMIN), "bob-pw");
    }

    @Test
    void aPlainLoginWithTheRightPasswordGetsTheUserAndItsRoles() throws Exception {
        Subject subject = plainLogin("alice", "alice-pw");
        assertAll(() -> assertEquals(Set.of("alice"), names(subject, UserPrincipal.class)),
                () -> assertEquals(Set.of("console"), names(subject, RolePrincipal.class)));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @CsvSource({
        "alice,   bob-pw",
        "alice,   ''",
        "nobody,  alice-pw",
        "ALICE,   alice-pw",
    })
    void aWrongPasswordOrAnUnknownUserIsRefused(String user, String password) {
        assertThrows(LoginException.class, () -> plainLogin(user, password));
    }

    /** The SCRAM lines of the users file are keys for the SCRAM exchange, not users PLAIN knows. */
    @Test
    void aScramLineIsNoUserAPlainLoginCanName() throws Exception {
        String line = Files.readAllLines(security.usersFile()).stream().filter(l -> l.startsWith("alice|SHA512")).findFirst().orElseThrow();
        String stored = line.substring(line.indexOf('=') + 1).strip();
        assertAll(() -> assertThrows(LoginException.class, () -> plainLogin("alice|SHA512", stored)),
                () -> assertThrows(LoginException.class, () -> plainLogin("alice|SHA512", stored.substring(4, stored.length() - 1))));
    }

    /** Artemis's own reader would give " bob" the role and bob nothing. */
    @Test
    void aHandEditedRolesFileWithSpacesAroundNamesGivesEveryNamedUserItsRoles() throws Exception {
        Files.writeString(security.rolesFile(), "console = alice , bob\nadmin=  bob\n");
        assertAll(() -> assertEquals(Set.of("admin", "console"), names(plainLogin("bob", "bob-pw"), RolePrincipal.class)),
                () -> assertEquals(Set.of("console"), names(plainLogin("alice", "alice-pw"), RolePrincipal.class)),
                () -> assertEquals(Set.of("admin", "console"), names(scramLogin("bob", SCRAM.SHA512), RolePrincipal.class)));
    }

    /** What the SCRAM exchange gets is the password's stored key (RFC 5802), for either mechanism. */
    @ParameterizedTest
    @CsvSource({"SHA512", "SHA256"})
    void theScramScopeHandsTheExchangeThePasswordsStoredKeyAndTheRoles(SCRAM scram) throws Exception {
        Subject subject = scramLogin("alice", scram);
        UserData stored = subject.getPublicCredentials(UserData.class).iterator().next();
        byte[] salt = Base64.getDecoder().decode(stored.salt);
        ScramUtils.NewPasswordStringData expected = ScramUtils.byteArrayToStringData(ScramUtils.newPassword("alice-pw", salt,
                stored.iterations, MessageDigest.getInstance(scram.getDigest()), Mac.getInstance(scram.getHmac())));
        assertAll(() -> assertEquals(StoredPasswords.SCRAM_ITERATIONS, stored.iterations),
                () -> assertArrayEquals(expected.storedKey.toCharArray(), stored.storedKey.toCharArray()),
                () -> assertEquals(expected.serverKey, stored.serverKey),
                () -> assertEquals(Set.of("console"), names(subject, RolePrincipal.class)));
    }

    @Test
    void eachSecurityDirectoryHasAScramScopeOfItsOwnWhileABrokerUsesIt() throws Exception {
        Path other = dir.resolve("other");
        SecurityDirectory.at(other).create().putUser("carol", List.of(SecurityDirectory.Role.SERVICE), "carol-pw");
        String mine = ScramLoginScopes.acquire(dir);
        String theirs = ScramLoginScopes.acquire(other);
        try {
            Configuration jvm = Configuration.getConfiguration();
            assertAll(() -> assertEquals(ScramLoginScopes.name(dir), mine),
                    () -> assertEquals(2, jvm.getAppConfigurationEntry(mine).length),
                    () -> assertEquals(dir.toString(), jvm.getAppConfigurationEntry(mine)[0].getOptions().get("baseDir")),
                    () -> assertEquals(other.toString(), jvm.getAppConfigurationEntry(theirs)[0].getOptions().get("baseDir")));
        } finally {
            ScramLoginScopes.release(dir);
            ScramLoginScopes.release(other);
        }
        assertEquals(null, Configuration.getConfiguration().getAppConfigurationEntry(mine));
    }

    private Subject plainLogin(String user, String password) throws LoginException {
        LoginContext login = new LoginContext(PropertiesFileLogin.DOMAIN, new Subject(), callbacks(user, password, null),
                new PropertiesFileLogin(dir));
        login.login();
        return login.getSubject();
    }

    private Subject scramLogin(String user, SCRAM scram) throws LoginException {
        String scope = ScramLoginScopes.acquire(dir);
        try {
            LoginContext login = new LoginContext(scope, new Subject(), callbacks(user, null, scram));
            login.login();
            return login.getSubject();
        } finally {
            ScramLoginScopes.release(dir);
        }
    }

    /** What Artemis's handlers answer: a PLAIN connection has no peer principals yet. */
    private static CallbackHandler callbacks(String user, String password, SCRAM scram) {
        return (Callback[] callbacks) -> {
            for (Callback callback : callbacks) {
                if (callback instanceof NameCallback name) {
                    name.setName(user);
                } else if (callback instanceof PasswordCallback p) {
                    p.setPassword(password == null ? null : password.toCharArray());
                } else if (callback instanceof PrincipalsCallback) {
                    continue;
                } else if (callback instanceof SCRAMMechanismCallback mechanism && scram != null) {
                    mechanism.setMechanism(scram.getName());
                } else if (callback instanceof DigestCallback digest && scram != null) {
                    try {
                        digest.setDigest(MessageDigest.getInstance(scram.getDigest()));
                    } catch (java.security.NoSuchAlgorithmException e) {
                        throw new IllegalStateException(e);
                    }
                } else if (callback instanceof HmacCallback hmac && scram != null) {
                    try {
                        hmac.setHmac(Mac.getInstance(scram.getHmac()));
                    } catch (java.security.NoSuchAlgorithmException e) {
                        throw new IllegalStateException(e);
                    }
                } else {
                    throw new UnsupportedCallbackException(callback);
                }
            }
        };
    }

    private static Set<String> names(Subject subject, Class<? extends java.security.Principal> type) {
        Set<String> names = new TreeSet<>();
        subject.getPrincipals(type).forEach(p -> names.add(p.getName()));
        return names;
    }
}
