package org.harrier.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A pool's own certificate authority and its broker's certificate, made with the JDK's
 * {@code keytool} (the JDK has no public API for issuing certificates, and Harrier takes no
 * library for it). {@code harrier security init} calls {@link #create}. In the directory:
 * <pre>
 *   ca.p12, ca.password          the CA's private key and certificate; sign more brokers with it, or keep it offline
 *   ca.pem                       the CA's certificate: what clients trust (HARRIER_CA_FILE, --ca-file)
 *   broker.p12, broker.password  the broker's key and certificate chain (BrokerKeyStore), for --tls
 * </pre>
 * The directory is owner-only and so are the keys and passwords; {@code ca.pem} is public.
 * Keys are EC P-256 (OpenSSL, hence python3-qpid-proton, and the JDK both take them); the CA
 * certificate is valid for ten years, the broker's for 825 days (the longest CA/Browser Forum
 * clients accepted for a server certificate), naming every host given plus the loopback names.
 *
 * <p>Thread safety: none needed; one command makes one directory.
 */
public final class PoolCertificates {
    public static final String CA_KEY_STORE = "ca.p12";
    public static final String CA_PASSWORD_FILE = "ca.password";
    public static final String CA_CERTIFICATE = "ca.pem";
    public static final List<String> LOOPBACK_NAMES = List.of("localhost", "127.0.0.1", "::1");

    private static final String CA_ALIAS = "harrier-ca";
    private static final String BROKER_ALIAS = "broker";
    private static final String LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    private static final Pattern HOST = Pattern.compile(LABEL + "(?:\\." + LABEL + ")*|[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*");
    private static final Pattern IP = Pattern.compile("[0-9.]+|.*:.*");

    private final Path dir;
    private final String caPassword = SecurityDirectory.newPassword();
    private final String brokerPassword = SecurityDirectory.newPassword();

    private PoolCertificates(Path dir) {
        this.dir = dir;
    }

    /** What {@link #create} made: its files, and the names the broker's certificate holds. */
    public record Made(Path directory, List<Path> files, List<String> hosts) {
        public Made {
            files = List.copyOf(files);
            hosts = List.copyOf(hosts);
        }
    }

    /**
     * Makes the CA and the broker certificate in {@code directory} for {@code hosts} (names or
     * addresses clients connect to). IllegalArgumentException for a bad host name or a directory
     * that already holds one of the files; IllegalStateException if keytool fails.
     */
    public static Made create(Path directory, List<String> hosts) {
        Path dir = directory.toAbsolutePath().normalize();
        Set<String> names = new LinkedHashSet<>();
        for (String host : hosts) {
            if (!isHostName(host)) {
                throw new IllegalArgumentException("a host is a DNS name or an IP address, got \"" + host + "\"");
            }
            names.add(host);
        }
        names.addAll(LOOPBACK_NAMES);
        List<Path> files = List.of(dir.resolve(CA_KEY_STORE), dir.resolve(CA_PASSWORD_FILE), dir.resolve(CA_CERTIFICATE),
                dir.resolve(BrokerKeyStore.FILE), dir.resolve(BrokerKeyStore.PASSWORD_FILE));
        for (Path file : files) {
            if (Files.exists(file)) {
                throw new IllegalArgumentException(dir + " already holds " + file.getFileName()
                        + "; remove the old certificates first or choose another directory");
            }
        }
        new PoolCertificates(dir).make(List.copyOf(names));
        return new Made(dir, files, List.copyOf(names));
    }

    /** A DNS name, an IPv4 or an IPv6 address: nothing that could smuggle another entry into keytool's SAN list. */
    public static boolean isHostName(String host) {
        return host != null && HOST.matcher(host).matches();
    }

    private void make(List<String> hosts) {
        privateDirectory();
        SecurityDirectory.writePrivately(dir.resolve(CA_PASSWORD_FILE), caPassword + "\n");
        SecurityDirectory.writePrivately(dir.resolve(BrokerKeyStore.PASSWORD_FILE), brokerPassword + "\n");
        keytool(null, "-genkeypair", "-keystore", CA_KEY_STORE, "-storetype", "PKCS12", "-storepass:env", "CA_PASSWORD",
                "-alias", CA_ALIAS, "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "3650",
                "-dname", "CN=Harrier pool CA, O=Harrier", "-ext", "BasicConstraints:critical=ca:true,pathlen:0",
                "-ext", "KeyUsage:critical=keyCertSign,cRLSign");
        keytool(null, "-genkeypair", "-keystore", BrokerKeyStore.FILE, "-storetype", "PKCS12", "-storepass:env", "BROKER_PASSWORD",
                "-alias", BROKER_ALIAS, "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "825",
                "-dname", "CN=" + hosts.get(0) + ", O=Harrier");
        String request = keytool(null, "-certreq", "-keystore", BrokerKeyStore.FILE, "-storepass:env", "BROKER_PASSWORD",
                "-alias", BROKER_ALIAS);
        String certificate = keytool(request, "-gencert", "-keystore", CA_KEY_STORE, "-storepass:env", "CA_PASSWORD",
                "-alias", CA_ALIAS, "-rfc", "-validity", "825", "-ext", "SubjectAlternativeName=" + alternativeNames(hosts),
                "-ext", "KeyUsage:critical=digitalSignature", "-ext", "ExtendedKeyUsage=serverAuth");
        keytool(null, "-exportcert", "-keystore", CA_KEY_STORE, "-storepass:env", "CA_PASSWORD", "-alias", CA_ALIAS,
                "-rfc", "-file", CA_CERTIFICATE);
        // The signed certificate replaces the self-signed one once keytool can build its chain,
        // which needs the CA as a trusted entry; the entry goes again afterwards.
        keytool(null, "-importcert", "-keystore", BrokerKeyStore.FILE, "-storepass:env", "BROKER_PASSWORD",
                "-alias", CA_ALIAS, "-file", CA_CERTIFICATE, "-noprompt");
        keytool(certificate, "-importcert", "-keystore", BrokerKeyStore.FILE, "-storepass:env", "BROKER_PASSWORD",
                "-alias", BROKER_ALIAS, "-noprompt");
        keytool(null, "-delete", "-keystore", BrokerKeyStore.FILE, "-storepass:env", "BROKER_PASSWORD", "-alias", CA_ALIAS);
        for (String file : List.of(CA_KEY_STORE, BrokerKeyStore.FILE)) {
            setPermissions(dir.resolve(file), "rw-------");
        }
        setPermissions(dir.resolve(CA_CERTIFICATE), "rw-r--r--");
    }

    /**
     * {@code dns:NAME} or {@code ip:ADDRESS} for each host, comma-separated, as keytool's SAN
     * extension takes them. An IPv4 address is also written as a DNS name: python3-qpid-proton
     * checks the host of {@code amqps://127.0.0.1:5671} against DNS names only, while Java
     * checks an address against addresses only, so each finds the entry it looks for.
     */
    static String alternativeNames(List<String> hosts) {
        List<String> names = new ArrayList<>();
        for (String host : hosts) {
            if (IP.matcher(host).matches()) {
                names.add("ip:" + host);
                if (host.indexOf(':') < 0) {
                    names.add("dns:" + host);
                }
            } else {
                names.add("dns:" + host);
            }
        }
        return String.join(",", names);
    }

    private void privateDirectory() {
        try {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void setPermissions(Path file, String permissions) {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set the permissions of " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs keytool in the directory with {@code input} on its standard input; returns its
     * standard output. Passwords travel in its environment, which other accounts cannot read,
     * not on its command line, which they can.
     */
    private String keytool(String input, String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().putAll(Map.of("CA_PASSWORD", caPassword, "BROKER_PASSWORD", brokerPassword));
        try {
            Path errors = Files.createTempFile("harrier-keytool", ".err");
            try {
                Process process = builder.redirectError(errors.toFile()).start();
                try (var stdin = process.getOutputStream()) {
                    stdin.write(Objects.requireNonNullElse(input, "").getBytes(StandardCharsets.UTF_8));
                }
                String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                    process.destroyForcibly();
                    throw new IllegalStateException("keytool " + arguments[0] + " failed: "
                            + (Files.readString(errors).strip() + " " + output.strip()).strip());
                }
                return output;
            } finally {
                Files.deleteIfExists(errors);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run keytool: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while keytool ran", e);
        }
    }
}
