package org.harrier.console.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.broker.BrokerKeyStore;
import org.harrier.broker.PoolCertificates;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code harrier security init}: a pool CA and a broker certificate it signs
 * ({@link PoolCertificates}), for a broker that speaks only TLS ({@code harrier-broker --tls DIR}).
 * Administrators with certificates of their own put them in the same files instead
 * (broker-config/README.md, "Turning security on").
 */
@Command(name = "init", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Make a pool CA and a broker certificate signed by it.",
        description = {"Writes ca.p12 and ca.password (the CA's key: keep it private), ca.pem (the CA certificate: give it"
            + " to every client, as HARRIER_CA_FILE or the Python examples' --ca-file) and broker.p12 and broker.password"
            + " (the broker's key and certificate, for harrier-broker --tls DIR). Keys and passwords are readable only by you.",
            "The broker's certificate names each --host (default: this machine's name) and localhost, 127.0.0.1 and ::1;"
            + " clients must connect with one of those names. Refuses to replace certificates that are there."})
final class SecurityInitCommand implements Callable<Integer> {
    @ParentCommand
    SecurityCommand security;

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", description = "where to write the files (default: <data>/security/tls)")
    Path dir;

    @Option(names = "--host", paramLabel = "NAME", split = ",",
            description = "a host name or address clients use to reach the broker (repeatable; default: this machine's name)")
    List<String> hosts;

    @Override
    public Integer call() {
        HarrierCommand harrier = security.harrier;
        Path target = dir != null ? harrier.surroundings().workingDir().resolve(dir).normalize()
                : harrier.dataDir().resolve(GridLocation.SECURITY_DIR).resolve("tls");
        List<String> names = CommandLineError.checked(spec, this::names);
        PoolCertificates.Made made;
        try {
            made = PoolCertificates.create(target, names);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ConsoleFailure(e.getMessage());
        }
        harrier.out().println("Made a pool CA and a broker certificate for " + String.join(", ", made.hosts()) + " in " + target + ":");
        harrier.out().println("  " + PoolCertificates.CA_CERTIFICATE + "                       the CA certificate: give it to every client"
                + " (HARRIER_CA_FILE, --ca-file)");
        harrier.out().println("  " + BrokerKeyStore.FILE + ", " + BrokerKeyStore.PASSWORD_FILE + "  the broker's key and certificate:"
                + " harrier-broker --tls " + target);
        harrier.out().println("  " + PoolCertificates.CA_KEY_STORE + ", " + PoolCertificates.CA_PASSWORD_FILE
                + "          the CA's key: keep it private (it could sign a broker clients trust)");
        return 0;
    }

    private List<String> names() {
        List<String> names = hosts == null || hosts.isEmpty() ? List.of(thisHost()) : hosts;
        for (String name : names) {
            if (!PoolCertificates.isHostName(name)) {
                throw new CommandLineError("--host must be a DNS name or an IP address, got '" + name + "'");
            }
        }
        return names;
    }

    private static String thisHost() {
        try {
            return InetAddress.getLocalHost().getCanonicalHostName();
        } catch (UnknownHostException e) {
            throw new CommandLineError("this machine has no name to put in the certificate (" + e.getMessage() + "); give --host");
        }
    }
}
