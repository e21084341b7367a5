package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** harrier security init's certificates, made with the JDK's keytool and read back with the JDK. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PoolCertificatesTest {
    @TempDir
    static Path shared;
    /** keytool takes seconds a run: the tests that only read the files share one set. */
    static Path tls;
    static PoolCertificates.Made made;

    @TempDir
    Path dir;

    @BeforeAll
    static void makeOnce() {
        tls = shared.resolve("tls");
        made = PoolCertificates.create(tls, List.of("broker.example.org", "192.0.2.7"));
    }

    @Test
    void theBrokersCertificateIsSignedByThePoolCaAndNamesEveryHostAndLoopback() throws Exception {
        BrokerKeyStore keyStore = BrokerKeyStore.in(tls);
        keyStore.check();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore.path())) {
            store.load(in, keyStore.password().toCharArray());
        }
        Certificate[] chain = store.getCertificateChain("broker");
        X509Certificate broker = (X509Certificate) chain[0];
        X509Certificate ca;
        try (InputStream in = Files.newInputStream(tls.resolve(PoolCertificates.CA_CERTIFICATE))) {
            ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        broker.verify(ca.getPublicKey());
        List<String> names = new ArrayList<>();
        broker.getSubjectAlternativeNames().forEach(name -> names.add(String.valueOf(name.get(1))));
        assertAll(() -> assertEquals(List.of("broker.example.org", "192.0.2.7", "localhost", "127.0.0.1", "::1"), made.hosts()),
                () -> assertEquals(List.of("broker.example.org", "192.0.2.7", "192.0.2.7", "localhost", "127.0.0.1", "127.0.0.1",
                        "0:0:0:0:0:0:0:1"), names, "IPv4 addresses also as DNS names, for python3-qpid-proton"),
                () -> assertEquals(2, chain.length, "the broker's certificate and the CA's"),
                () -> assertEquals(ca, chain[1]),
                () -> assertEquals(List.of("1.3.6.1.5.5.7.3.1"), broker.getExtendedKeyUsage(), "for TLS servers"),
                () -> assertTrue(ca.getBasicConstraints() >= 0, "the CA may sign certificates"),
                () -> assertEquals(-1, broker.getBasicConstraints(), "the broker may not"),
                () -> assertEquals(5, made.files().size()));
    }

    @Test
    void privateKeysAndPasswordsAreTheOwnersAloneAndTheCaCertificateIsPublic() throws Exception {
        assertEquals("rwx------", permissions(tls));
        for (String file : List.of(PoolCertificates.CA_KEY_STORE, PoolCertificates.CA_PASSWORD_FILE, BrokerKeyStore.FILE,
                BrokerKeyStore.PASSWORD_FILE)) {
            assertEquals("rw-------", permissions(tls.resolve(file)), file);
        }
        assertEquals("rw-r--r--", permissions(tls.resolve(PoolCertificates.CA_CERTIFICATE)));
    }

    @Test
    void certificatesAlreadyThereAreNeverReplaced() throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(BrokerKeyStore.FILE), "an administrator's own");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> PoolCertificates.create(dir, List.of("broker.example.org")));
        assertAll(() -> assertEquals(dir + " already holds broker.p12; remove the old certificates first or choose another directory",
                        refused.getMessage()),
                () -> assertEquals("an administrator's own", Files.readString(dir.resolve(BrokerKeyStore.FILE))),
                () -> assertTrue(Files.notExists(dir.resolve(PoolCertificates.CA_KEY_STORE))));
    }

    @Test
    void aHostThatIsNoNameOrAddressIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> PoolCertificates.create(dir, List.of("bad host,dns:evil")));
        assertEquals("a host is a DNS name or an IP address, got \"bad host,dns:evil\"", refused.getMessage());
    }

    @Test
    void aKeyStoreWithTheWrongPasswordIsRefusedInOneSentence() {
        BrokerKeyStore wrong = new BrokerKeyStore(tls.resolve(BrokerKeyStore.FILE), "not-its-password");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, wrong::check);
        assertTrue(refused.getMessage().startsWith("cannot open the TLS key store " + wrong.path() + " as PKCS#12 with its password"),
                refused.getMessage());
    }

    private static String permissions(Path file) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
