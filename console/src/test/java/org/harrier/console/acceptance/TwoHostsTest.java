package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Random;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.bus.Bus;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.bus.SchedulerService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The multi-host path for real: two exec services, each in a network namespace of its own that
 * reaches the broker only over a veth pair, as two machines on a network would. Each runs the job
 * that asks for its machine (the job prints the addresses it sees, so the test knows where it
 * ran, and the checksum of its input); west is in another FileSystemDomain, so its job's input
 * and output travel over the bus. Then one host's cable is pulled mid-job, and the job, its
 * claim's lease run out, completes on the other host. The loopback twin of the second half is {@link ExecCrashTest}; this one
 * needs root for {@code ip netns}, which these machines (and CI) have.
 */
@Timeout(180)
class TwoHostsTest {
    private static final String HOST = SchedulerSettings.defaults().machine();

    @TempDir
    Path dir;

    @Test
    void execServicesOnTwoNetworkHostsRunJobsAndAJobOutlivesAPulledCable() throws Exception {
        assumeTrue(NetworkNamespace.available(), "needs root and iproute2 (ip netns)");
        SchedulerSettings leases = SchedulerSettings.defaults().withUpdateInterval(Duration.ofSeconds(1))
                .withLeases(Duration.ofSeconds(1), Duration.ofSeconds(3));
        // The broker listens on every interface: the namespaces reach it at their link's far end.
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withHost("0.0.0.0").withPort(0));
             NetworkNamespace east = NetworkNamespace.create(0);
             NetworkNamespace west = NetworkNamespace.create(1);
             Bus bus = Bus.connect(local(broker));
             CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                     .withUpdateInterval(Duration.ofSeconds(1)));
             SchedulerService scheduler = SchedulerService.startInMemory(bus, HOST, leases);
             // East shares the submit side's files (its FileSystemDomain); west does not, so its
             // jobs' files travel over the bus, through its veth.
             ServiceJvm eastExec = ServiceJvm.execIn(east.name(), url(east.hostAddress(), broker), "east", dir,
                     "--file-system-domain", HOST);
             ServiceJvm westExec = ServiceJvm.execIn(west.name(), url(west.hostAddress(), broker), "west", dir,
                     "--file-system-domain", "west.example")) {
            GridUser user = new GridUser(local(broker), Files.createDirectories(dir.resolve("work")));
            Eventually.await("both hosts' slots in the collector", Eventually.PATIENCE,
                    () -> user.harrier("status", "-af", "Machine").out().lines().distinct().count() == 2,
                    () -> user.harrier("status").out() + eastExec.output() + westExec.output());

            byte[] data = new byte[4 << 20];
            new Random(6).nextBytes(data);
            Files.write(user.workDir().resolve("data.bin"), data);
            String checksum = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
            for (NetworkNamespace host : new NetworkNamespace[] {east, west}) {
                String machine = host == east ? "east" : "west";
                long cluster = user.submit(machine + ".sub", """
                        executable           = /bin/sh
                        arguments            = "-c '/usr/sbin/ip -4 -o addr show; /usr/bin/sha256sum data.bin; pwd'"
                        transfer_input_files = data.bin
                        requirements         = TARGET.Machine == "%s"
                        output               = %s.out
                        queue
                        """.formatted(machine, machine));
                Run waited = user.harrier("wait", cluster + ".0", "--json", "--timeout", "60");
                assertEquals(0, waited.status(), () -> waited.err() + eastExec.output() + westExec.output());
                JsonNode ad = GridUser.json(waited).get(0);
                long received = ad.path("BytesRecvd").asLong(0);
                assertTrue(host == east ? received == 0 : received >= data.length, () -> machine + "'s job: " + ad);
                String seen = user.read(machine + ".out");
                assertTrue(seen.contains(host.address() + "/30"), () -> machine + "'s job saw " + seen);
                String elsewhere = (host == east ? west : east).address() + "/30";
                assertTrue(!seen.contains(elsewhere), () -> machine + "'s job saw " + seen);
                assertTrue(seen.contains(checksum + "  data.bin"), () -> machine + "'s job read " + seen);
                // East ran in the submit directory; west in a sandbox its files were fetched into.
                assertEquals(host == east, seen.contains(user.workDir().toString()), () -> machine + " ran in " + seen);
            }

            long cluster = user.submit("lease.sub", """
                    executable        = /bin/sleep
                    arguments         = 4
                    requirements      = TARGET.Machine == "east" || TARGET.Machine == "west"
                    rank              = TARGET.Machine == "east"
                    +JobLeaseDuration = 4
                    queue
                    """);
            Eventually.await("the job to run on east", Eventually.PATIENCE,
                    () -> user.harrier("q", cluster + ".0", "-af", "RemoteHost").out().strip().endsWith("@east"),
                    () -> user.harrier("q", cluster + ".0", "-af", "JobStatus", "RemoteHost").out());
            east.unplug();
            Run waited = user.harrier("wait", cluster + ".0", "--json", "--timeout", "120");
            assertEquals(0, waited.status(), () -> waited.err() + westExec.output());
            JsonNode ad = GridUser.json(waited).get(0);
            assertAll(() -> assertEquals(4, ad.get("JobStatus").asInt(), ad::toString),
                    () -> assertEquals(0, ad.get("ExitCode").asInt(), ad::toString),
                    () -> assertEquals(2, ad.get("NumJobStarts").asInt(), ad::toString),
                    () -> assertTrue(ad.get("RemoteHost").asText().endsWith("@west"), ad::toString),
                    () -> assertTrue(ad.get("LastRemoteHost").asText().endsWith("@east"), ad::toString));
        }
    }

    private static String local(GridBroker broker) {
        return url("127.0.0.1", broker);
    }

    /** The broker at {@code address}, logged in as its owner. */
    private static String url(String address, GridBroker broker) {
        String owner = GridBroker.owner();
        return "amqp://" + owner + ":" + broker.security().password(owner) + "@" + address + ":" + broker.port();
    }
}
