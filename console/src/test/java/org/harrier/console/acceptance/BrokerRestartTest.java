package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.bus.ExecService;
import org.harrier.bus.Bus;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.bus.SchedulerService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A grid whose broker restarts (same port, same data directory) under running services: each
 * service has its own connection, as separate processes would, and each reconnects on its own.
 * The scheduler's queue is in memory (issue 4 makes it durable), so it survives a broker
 * restart; a job running across the restart completes (its exit report reaches the scheduler),
 * and the grid runs new jobs again.
 */
@Timeout(120)
class BrokerRestartTest {
    private static final String HOST = SchedulerSettings.defaults().machine();
    private static final Duration UPDATE_INTERVAL = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    @Test
    void agentsRecoverAfterTheBrokerRestartsAndTheQueueIsStillThere() throws Exception {
        Path data = dir.resolve("broker");
        GridBroker broker = GridBroker.start(BrokerSettings.personal(data).withPort(0));
        int port = broker.port();
        try (Bus collectorBus = Bus.connect(broker.clientUrl());
             Bus schedulerBus = Bus.connect(broker.clientUrl());
             Bus execBus = Bus.connect(broker.clientUrl());
             Bus userBus = Bus.connect(broker.clientUrl());
             JobIndications jobs = new JobIndications(userBus.console());
             CollectorService collector = CollectorService.start(collectorBus, HOST,
                     CollectorSettings.defaults().withMachine(HOST).withUpdateInterval(UPDATE_INTERVAL));
             SchedulerService scheduler = SchedulerService.start(schedulerBus, HOST,
                     SchedulerSettings.defaults().withUpdateInterval(UPDATE_INTERVAL), dir.resolve("spool"));
             ExecService exec = ExecService.start(execBus, HOST, ExecSettings.builder()
                     .executeDir(Files.createDirectories(dir.resolve("execute"))).updateInterval(UPDATE_INTERVAL).runJobsAsItself().build())) {
            GridUser user = new GridUser(broker.clientUrl(), Files.createDirectories(dir.resolve("work")));
            long before = user.submit("before.sub", "executable = /bin/echo\narguments = before\noutput = before.out\nqueue\n");
            Run ran = user.harrier("wait", before + ".0", "--timeout", "60");
            assertEquals(0, ran.status(), "the grid runs jobs before the restart: " + ran.err());
            String waiting = user.submit("never.sub", "executable = /bin/echo\nrequirements = TARGET.Memory > 1000000000\n"
                    + "queue\n") + ".0";
            String running = user.submit("sleep.sub", "executable = /bin/sleep\narguments = 2\nqueue\n") + ".0";
            Eventually.await("job " + running + " to run", Eventually.PATIENCE,
                    () -> jobs.statusPath(running).contains(2L), () -> jobs.of(running).toString());

            broker.stop();
            broker = GridBroker.start(BrokerSettings.personal(data).withPort(port));

            Eventually.await("harrier q to list job " + waiting + " as idle after the restart", Eventually.PATIENCE,
                    () -> user.harrier("q", waiting).out().contains("1 jobs; 0 completed, 0 removed, 1 idle"),
                    () -> user.harrier("q", waiting).toString());
            Run slept = user.harrier("wait", running, "--timeout", "60");
            assertEquals(0, slept.status(), "the job running across the restart completes: " + slept.err());

            long after = user.submit("after.sub", "executable = /bin/echo\narguments = after the restart\n"
                    + "output = after.out\nqueue\n");
            Run waited = user.harrier("wait", after + ".0", "--timeout", "60");
            assertEquals(0, waited.status(), "a job submitted after the restart completes: " + waited.err());
            assertEquals("after the restart\n", user.read("after.out"));
            assertTrue(user.harrier("q", waiting).out().contains(" I "), "the unmatchable job is still idle");
        } finally {
            broker.close();
        }
    }
}
