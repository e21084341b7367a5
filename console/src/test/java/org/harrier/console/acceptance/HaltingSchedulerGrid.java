package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.scheduler.SchedulerSettings;

/**
 * A one-core grid for the scheduler's crash tests: a broker, a collector and an execute node
 * (a JVM of its own), a user in {@code dir/work}, and a scheduler run with the test hook
 * {@code harrier.scheduler.testHaltAt}, which halts it as SIGKILL would at the named point of
 * its activation work (scheduler-service's {@code TestHalt}), then restarted on the same spool.
 */
final class HaltingSchedulerGrid implements AutoCloseable {
    static final String HOST = SchedulerSettings.defaults().machine();

    final Path dir;
    final Path work;
    final GridUser user;
    private final GridBroker broker;
    private final Bus bus;
    private final CollectorService collector;
    private final ServiceJvm exec;

    private HaltingSchedulerGrid(Path dir, GridBroker broker, Bus bus, CollectorService collector, ServiceJvm exec)
            throws IOException {
        this.dir = dir;
        this.work = Files.createDirectories(dir.resolve("work"));
        this.broker = broker;
        this.bus = bus;
        this.collector = collector;
        this.exec = exec;
        this.user = new GridUser(broker.clientUrl(), work);
    }

    static HaltingSchedulerGrid start(Path dir) throws Exception {
        GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        Bus bus = Bus.connect(broker.clientUrl());
        CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                .withUpdateInterval(Duration.ofSeconds(1)));
        ServiceJvm exec = ServiceJvm.exec(broker.clientUrl(), "exec1", dir, "--cpus", "1", "--memory", "1024");
        return new HaltingSchedulerGrid(dir, broker, bus, collector, exec);
    }

    /** An executable shell script {@code name} in the work directory. */
    Path script(String name, String text) throws IOException {
        Path script = Files.writeString(work.resolve(name), text);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /** Submits {@code submitFile} to a scheduler that halts at {@code haltAt}; returns the cluster once it has halted there. */
    long submitUntilHalt(String haltAt, String submitFile) throws Exception {
        try (ServiceJvm first = ServiceJvm.schedulerWith(List.of("-Dharrier.scheduler.testHaltAt=" + haltAt),
                broker.clientUrl(), HOST, dir.resolve("spool"), dir, "scheduler-1")) {
            Eventually.await("the scheduler to serve", Eventually.PATIENCE, () -> user.harrier("q").status() == 0, first::output);
            long cluster = user.submit("once.sub", submitFile);
            Eventually.await("the scheduler to halt at " + haltAt, Eventually.PATIENCE, () -> !first.isAlive(),
                    () -> first.output() + exec.output());
            assertEquals(137, first.awaitExit(), first::output);
            return cluster;
        }
    }

    /** The scheduler started again on the same spool, once it serves. */
    ServiceJvm restart() throws Exception {
        ServiceJvm second = ServiceJvm.scheduler(broker.clientUrl(), HOST, dir.resolve("spool"), dir, "scheduler-2");
        Eventually.await("the restarted scheduler to serve", Eventually.PATIENCE, () -> user.harrier("q").status() == 0,
                second::output);
        return second;
    }

    /** Waits for job {@code id} to finish and returns its final ad. */
    JsonNode finished(String id, ServiceJvm scheduler) {
        Run waited = user.harrier("wait", id, "--json", "--timeout", "90");
        assertEquals(0, waited.status(), () -> waited.err() + scheduler.output() + exec.output());
        return GridUser.json(waited).get(0);
    }

    @Override
    public void close() throws Exception {
        try (broker; bus; collector; exec) {
            // closed in the reverse order: the execute node, the collector, the bus, the broker
        }
    }
}
