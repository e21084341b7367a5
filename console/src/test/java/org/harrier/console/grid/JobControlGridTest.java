package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient;
import org.harrier.console.GridClient.Jobs;
import org.harrier.console.Harrier;
import org.harrier.bus.Bus;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.bus.SchedulerService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link GridClient} control calls a later CLI is built on, against a real scheduler on a real
 * broker with no negotiator (jobs stay idle unless held).
 */
@Timeout(60)
class JobControlGridTest {
    @TempDir
    Path dir;
    GridBroker broker;
    Bus bus;
    SchedulerService scheduler;
    GridClient grid;

    @BeforeEach
    void start() throws Exception {
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        bus = Bus.connect(broker.clientUrl());
        scheduler = SchedulerService.start(bus, SchedulerSettings.defaults().machine(),
                SchedulerSettings.defaults().withUpdateInterval(Duration.ofSeconds(1)), dir.resolve("spool"));
        grid = Harrier.defaultConnector().connect(BrokerAddress.parse(broker.clientUrl()));
        ClassAd job = ClassAd.builder().set("Cmd", "/bin/true").set("Owner", "alice").set("Iwd", dir.toString())
                .set("Requirements", Expr.parse("TARGET.Memory > 0")).build();
        scheduler.schedd().submitCluster(job, 3, null).get();
        scheduler.schedd().submitCluster(job.with("Owner", Expr.parse("\"bob\"")), 1, null).get();
    }

    @AfterEach
    void stop() throws Exception {
        grid.close();
        scheduler.close();
        bus.close();
        broker.close();
    }

    ClassAd job(String id) throws Exception {
        return scheduler.schedd().ad(org.harrier.scheduler.queue.JobId.parse(id)).get();
    }

    @Test
    void holdReleaseEditAndRemoveAnswerTheJobsActedOn() throws Exception {
        assertEquals(List.of("1.0", "1.1", "1.2"), grid.hold(Jobs.id("1"), "maintenance"));
        assertEquals(Expr.parse("\"maintenance (by user " + org.harrier.broker.GridBroker.owner() + ")\""), job("1.1").lookup("HoldReason"));
        assertEquals(List.of("1.1"), grid.release(Jobs.matching("ProcId == 1"), null));
        assertEquals(List.of("1.0", "1.1", "1.2"), grid.setAttribute(Jobs.matching("Owner == \"alice\""), "Project",
                "\"harrier\""));
        assertEquals(Expr.parse("\"harrier\""), job("1.2").lookup("Project"));
        assertEquals(List.of("2.0"), grid.remove(Jobs.matching("Owner == \"bob\""), "not needed"));
        grid.remove("1.0", "old signature");

        List<ClassAd> history = grid.history(null, null);
        assertEquals(2, history.size());
        assertEquals(Expr.parse("\"old signature (by user " + org.harrier.broker.GridBroker.owner() + ")\""), history.get(0).lookup("RemoveReason"));
        assertEquals(1, grid.history("RemoveReason == \"not needed (by user " + org.harrier.broker.GridBroker.owner() + ")\"", 5).size());
        assertEquals(1, grid.history(null, 1).size());
    }

    static List<String> ids(List<ClassAd> jobs) {
        return jobs.stream().map(a -> a.lookup("ClusterId").unparse() + "." + a.lookup("ProcId").unparse()).sorted().toList();
    }

    @Test
    void theQueuedJobsOfNamedClustersAndIdsAreLookedUp() {
        assertEquals(List.of("1.0", "1.1", "1.2"), ids(grid.queueOf(List.of("1"))));
        assertEquals(List.of("1.0", "1.1", "1.2", "2.0"), ids(grid.queueOf(List.of("1", "2", "1.1"))));
        assertEquals(List.of("1.2"), ids(grid.queueOf(List.of("1.2"))));
        assertEquals(List.of(), grid.queueOf(List.of("9", "9.0")));
        grid.remove("1.2", "gone");
        assertEquals(List.of(), grid.queueOf(List.of("1.2")), "a job that has left is not in the queue");
        assertEquals(List.of("1.0", "1.1"), ids(grid.queueOf(List.of("1"))));
    }

    @Test
    void aHistoryOverTheBrokersMessageLimitComesBackWhole() throws Exception {
        // 40 removed jobs of 600 kB each: 24 MB of ads, over the broker's 16 MiB message limit.
        String blob = "x".repeat(600_000);
        ClassAd big = ClassAd.builder().set("Cmd", "/bin/true").set("Owner", "alice").set("Iwd", dir.toString())
                .set("Requirements", Expr.parse("TARGET.Memory > 0")).set("Blob", blob).build();
        scheduler.schedd().submitCluster(big, 40, null).get();
        assertEquals(40, grid.remove(Jobs.id("3"), "too big").size());

        List<ClassAd> history = grid.history("ClusterId == 3", null);
        assertEquals(40, history.size());
        assertEquals(40, history.stream().map(a -> a.lookup("ProcId")).distinct().count(), "no job repeated");
        assertTrue(history.stream().allMatch(a -> a.lookup("Blob").evaluate().toString().length() > 600_000));
        assertEquals(25, grid.history(null, 25).size());
    }

    @Test
    void refusalsAreConsoleFailuresNamingTheProblem() {
        record Bad(Runnable call, String message) {
        }
        List<Bad> table = List.of(
                new Bad(() -> grid.release(Jobs.id("1.0"), null), "job 1.0 is idle; only held jobs can be released"),
                new Bad(() -> grid.resume(Jobs.id("1.0"), null), "job 1.0 is idle; only suspended jobs can be continued"),
                new Bad(() -> grid.suspend(Jobs.id("1.0"), null), "job 1.0 is idle; only running jobs can be suspended"),
                new Bad(() -> grid.hold(Jobs.id("9.0"), null), "no job 9.0 in the queue"),
                new Bad(() -> grid.hold(Jobs.matching("Owner =="), null), "Constraint is not a valid ClassAd expression"),
                new Bad(() -> grid.setAttribute(Jobs.id("1.0"), "Owner", "\"eve\""), "SetAttribute cannot change Owner"),
                new Bad(() -> grid.setAttribute(Jobs.id("1.0"), "Note", "two words"), "Value is not a valid ClassAd expression"),
                new Bad(() -> grid.history("((", null), "Constraint is not a valid ClassAd expression"));
        for (Bad bad : table) {
            ConsoleFailure f = assertThrows(ConsoleFailure.class, bad.call()::run);
            assertTrue(f.getMessage().contains(bad.message()), f.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new Jobs("1.0", "true"));
        assertThrows(IllegalArgumentException.class, () -> new Jobs(null, null));
    }
}
