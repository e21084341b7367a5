package org.harrier.broker;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import org.apache.activemq.artemis.spi.core.security.scram.SCRAM;
import org.apache.activemq.artemis.spi.core.security.scram.ScramException;
import org.apache.activemq.artemis.spi.core.security.scram.ScramUtils;
import org.apache.activemq.artemis.utils.DefaultSensitiveStringCodec;
import org.apache.activemq.artemis.utils.PasswordMaskingUtil;

/**
 * What {@code artemis-users.properties} keeps of one password, never the password itself:
 * <pre>
 *   alice        = ENC(one-way hash)                           PLAIN, read by PropertiesLoginModule
 *   alice|SHA512 = ENC(salt:iterations:serverKey:storedKey)    SCRAM-SHA-512, read by SCRAMPropertiesLoginModule
 *   alice|SHA256 = ENC(salt:iterations:serverKey:storedKey)    SCRAM-SHA-256
 * </pre>
 * The SCRAM lines are what Artemis's {@code SCRAMPropertiesLoginModule.main} prints for a user
 * (RFC 5802's salted password reduced to the server and stored keys); PBKDF2's one-way hash is
 * what Artemis's {@code DefaultSensitiveStringCodec} makes with {@code algorithm=one-way}.
 */
final class StoredPasswords {
    /** Separates a user from its SCRAM mechanism in a users-file key (SCRAMPropertiesLoginModule's). */
    static final char MECHANISM_SEPARATOR = '|';
    /** RFC 7677's minimum, and SCRAMPropertiesLoginModule's. */
    static final int SCRAM_ITERATIONS = 4096;

    private static final SecureRandom RANDOM = new SecureRandom();

    private StoredPasswords() {
    }

    /** The users-file lines for {@code user} and {@code password}, key to value, PLAIN's first. */
    static Map<String, String> entries(String user, String password) {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put(user, PasswordMaskingUtil.wrap(oneWayHash(password)));
        for (SCRAM scram : SCRAM.values()) {
            entries.put(user + MECHANISM_SEPARATOR + scram.name(), PasswordMaskingUtil.wrap(scramKeys(scram, password)));
        }
        return entries;
    }

    /** The user a users-file key belongs to: {@code alice} for {@code alice} and {@code alice|SHA512}. */
    static String userOf(String key) {
        int separator = key.indexOf(MECHANISM_SEPARATOR);
        return separator < 0 ? key : key.substring(0, separator);
    }

    static boolean isScramKey(String key) {
        return key.indexOf(MECHANISM_SEPARATOR) >= 0;
    }

    private static String oneWayHash(String password) {
        try {
            DefaultSensitiveStringCodec codec = new DefaultSensitiveStringCodec();
            codec.init(Map.of("algorithm", "one-way"));
            return codec.encode(password);
        } catch (Exception e) {
            throw new IllegalStateException("cannot hash a password: " + e.getMessage(), e);
        }
    }

    private static String scramKeys(SCRAM scram, String password) {
        byte[] salt = new byte[32];
        RANDOM.nextBytes(salt);
        try {
            ScramUtils.NewPasswordStringData data = ScramUtils.byteArrayToStringData(ScramUtils.newPassword(password, salt,
                    SCRAM_ITERATIONS, MessageDigest.getInstance(scram.getDigest()), Mac.getInstance(scram.getHmac())));
            return data.salt + ":" + data.iterations + ":" + data.serverKey + ":" + data.storedKey;
        } catch (GeneralSecurityException | ScramException e) {
            throw new IllegalStateException("cannot derive the " + scram.getName() + " keys of a password: " + e.getMessage(), e);
        }
    }
}
