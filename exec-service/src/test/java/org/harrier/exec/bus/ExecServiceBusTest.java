package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.harrier.exec.ExecSettings;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exec service on a real embedded broker: a console claims, activates and releases the
 * slot the way the scheduler will (the Activate answer is the start report), and a scheduler
 * object hosted by the test receives the JobExited reports.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ExecServiceBusTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final AgentName STARTD = ExecService.agentName("node1");
    static final AgentName SCHEDULER = StartdOnBroker.SCHEDULER;
    static final ObjectId PSLOT = ObjectId.grid("slot", "slot1@node1");

    @TempDir
    Path dir;
    Path iwd;
    StartdOnBroker grid;
    ExecService exec;
    Console console;
    RecordingScheduler scheduler;

    @BeforeEach
    void start() throws Exception {
        iwd = Files.createDirectories(dir.resolve("iwd"));
        grid = StartdOnBroker.start(dir, ExecSettings.builder().cpus(2).memoryMiB(1024).diskKiB(100000)
                .machine("node1.example").executeDir(dir).updateInterval(Duration.ofSeconds(1))
                .killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50)).runJobsAsItself().build());
        exec = grid.exec();
        console = grid.console();
        scheduler = grid.scheduler();
    }

    @AfterEach
    void stop() {
        grid.close();
    }

    Map<String, Object> call(ObjectId slot, String method, Map<String, ?> args) {
        return Console.join(console.invoke(STARTD, slot, method, args, WAIT));
    }

    QmfException failing(ObjectId slot, String method, Map<String, ?> args) {
        return assertThrows(QmfException.class, () -> call(slot, method, args));
    }

    Map<String, Object> job(String cmd, String arguments) {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", cmd);
        ad.put("Arguments", arguments);
        ad.put("Iwd", iwd.toString());
        ad.put("Owner", "alice");
        ad.put("RequestMemory", 256L);
        ad.put("Requirements", "TARGET.Memory >= RequestMemory");
        ad.put(AdMaps.DESCRIPTORS, Map.of("Requirements", AdMaps.EXPRESSION));
        return ad;
    }

    List<ObjectData> slots() {
        return console.query(STARTD, "slot", null, WAIT);
    }

    ObjectData awaitSlot(String name, Predicate<ObjectData> condition) {
        return Await.value("slot " + name + " to satisfy the condition", Duration.ofSeconds(20),
                () -> slots().stream().filter(o -> o.id().key().equals(name) && condition.test(o)).findFirst().orElse(null),
                () -> slots().toString());
    }

    @Test
    void thePartitionableSlotAdvertisesTheMachine() throws Exception {
        ObjectData p = awaitSlot("slot1@node1", o -> true);
        assertEquals(2L, p.get("Cpus"));
        assertEquals(1024L, p.get("Memory"));
        assertEquals(100000L, p.get("Disk"));
        assertEquals("Partitionable", p.get("SlotType"));
        assertEquals("Unclaimed", p.get("State"));
        assertEquals("node1.example", p.get("Machine"));
        assertEquals("START && WithinResourceLimits", p.get("Requirements"));
        assertEquals(STARTD, p.agent());
    }

    /** docs/protocols.md, "Authorisation": the claim protocol is a scheduler's, Match the negotiator's. */
    @Test
    void onlyASchedulerClaimsAndOnlyAnAdministratorVacatesAWholeSlot() {
        try (Bus alice = Bus.connect(grid.url("alice", "console")); Bus sched = Bus.connect(grid.url("sched", "service", "schedd"))) {
            Map<String, Object> claim = Map.of("Request", job("/bin/true", ""), "Scheduler", SCHEDULER.name());
            for (Map.Entry<String, Map<String, ?>> call : List.<Map.Entry<String, Map<String, ?>>>of(Map.entry("Claim", claim),
                    Map.entry("Release", Map.of("ClaimId", "c")), Map.entry("Match", Map.of("Scheduler", SCHEDULER.name())),
                    Map.entry("Vacate", Map.of()))) {
                QmfException e = assertThrows(QmfException.class,
                        () -> Console.join(alice.console().invoke(STARTD, PSLOT, call.getKey(), call.getValue(), WAIT)));
                assertEquals(QmfException.FORBIDDEN, e.code(), e.getMessage());
                assertTrue(e.getMessage().contains("alice (roles: console)"), e.getMessage());
            }
            QmfException vacate = assertThrows(QmfException.class,
                    () -> Console.join(sched.console().invoke(STARTD, PSLOT, "Vacate", Map.of(), WAIT)));
            assertEquals(QmfException.FORBIDDEN, vacate.code(), vacate.getMessage());
            assertEquals("Unclaimed", awaitSlot("slot1@node1", o -> true).get("State"));

            String claimId = (String) Console.join(sched.console().invoke(STARTD, PSLOT, "Claim", claim, WAIT)).get("ClaimId");
            Console.join(sched.console().invoke(STARTD, PSLOT, "Release", Map.of("ClaimId", claimId), WAIT));
        }
    }

    @Test
    void aConsoleClaimsActivatesAndReleasesAndTheSchedulerHearsStartAndExit() throws Exception {
        LinkedBlockingQueue<ObjectData> indications = new LinkedBlockingQueue<>();
        try (AutoCloseable sub = console.subscribe("slot", indications::add)) {
            Map<String, Object> grant = call(PSLOT, "Claim", Map.of("Request", job("/bin/true", ""),
                    "Scheduler", SCHEDULER.name()));
            String claimId = (String) grant.get("ClaimId");
            assertEquals("slot1_1@node1", grant.get("Slot"));
            ObjectData d = awaitSlot("slot1_1@node1", o -> true);
            assertEquals("Claimed", d.get("State"));
            assertEquals(256L, d.get("Memory"));
            assertEquals(1L, awaitSlot("slot1@node1", o -> Long.valueOf(1).equals(o.get("Cpus"))).get("Cpus"));

            Map<String, Object> started = call(PSLOT, "Activate", Map.of("ClaimId", claimId, "Id", "1.0",
                    "Job", job("/bin/sh", "-c 'echo hello > out.txt; exit 3'")));
            assertEquals(Map.of("Started", true, "RemoteHost", "slot1_1@node1"), started);
            RecordingScheduler.Call exited = scheduler.next();
            assertEquals("JobExited", exited.method());
            assertEquals("1.0", exited.arguments().get("Id"));
            assertEquals(3, ((Number) exited.arguments().get("ExitCode")).intValue());
            assertEquals(false, exited.arguments().get("ExitBySignal"));
            assertEquals("hello\n", Files.readString(iwd.resolve("out.txt")));

            // the claim is reused for the next job, and Deactivate kills a running one
            assertEquals(true, call(ObjectId.grid("slot", "slot1_1@node1"), "Activate", Map.of("ClaimId", claimId,
                    "Id", "1.1", "Job", job("/bin/sleep", "300"))).get("Started"));
            awaitSlot("slot1_1@node1", o -> "Busy".equals(o.get("Activity")));
            call(PSLOT, "Suspend", Map.of("ClaimId", claimId, "Id", "1.1"));
            call(ObjectId.grid("slot", "slot1_1@node1"), "Continue", Map.of("ClaimId", claimId, "Id", "1.1"));
            QmfException wrongJob = failing(PSLOT, "Suspend", Map.of("ClaimId", claimId, "Id", "1.0"));
            assertEquals(QmfException.WRONG_STATE, wrongJob.code());
            call(PSLOT, "Suspend", Map.of("ClaimId", claimId, "Id", "1.1"));
            call(PSLOT, "Deactivate", Map.of("ClaimId", claimId, "Id", "1.1"));
            RecordingScheduler.Call killed = scheduler.next();
            assertEquals(true, killed.arguments().get("ExitBySignal"));
            assertEquals(15, ((Number) killed.arguments().get("ExitSignal")).intValue());

            call(PSLOT, "Release", Map.of("ClaimId", claimId));
            awaitSlot("slot1@node1", o -> Long.valueOf(2).equals(o.get("Cpus")));
            assertTrue(slots().stream().noneMatch(o -> o.id().key().equals("slot1_1@node1")), "the dynamic slot is gone");

            assertTrue(waitFor(indications, o -> o.id().key().equals("slot1_1@node1") && o.deleted()),
                    "a delete indication for the dynamic slot");
        }
    }

    static boolean waitFor(LinkedBlockingQueue<ObjectData> q, Predicate<ObjectData> p) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            ObjectData o = q.poll(100, TimeUnit.MILLISECONDS);
            if (o != null && p.test(o)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void badCallsAreRefusedWithTheRightCodesAndChangeNothing() throws Exception {
        Map<String, Object> big = job("/bin/true", "");
        big.put("RequestCpus", 5L);
        QmfException refused = failing(PSLOT, "Claim", Map.of("Request", big, "Scheduler", SCHEDULER.name()));
        assertEquals(QmfException.CLAIM_REFUSED, refused.code());
        assertEquals("claim refused: slot1@node1 needs 5 Cpus, 2 left", refused.getMessage());

        QmfException malformed = failing(PSLOT, "Claim", Map.of("Request", Map.of("RequestCpus", "1 +",
                AdMaps.DESCRIPTORS, Map.of("RequestCpus", AdMaps.EXPRESSION)), "Scheduler", SCHEDULER.name()));
        assertEquals(QmfException.BAD_PARAMETER, malformed.code());
        assertTrue(malformed.getMessage().contains("RequestCpus"), malformed.getMessage());

        assertEquals(QmfException.UNKNOWN_CLAIM, failing(PSLOT, "Activate", Map.of("ClaimId", "forged", "Id", "1.0",
                "Job", job("/bin/true", ""))).code());
        assertEquals(QmfException.UNKNOWN_CLAIM, failing(PSLOT, "Release", Map.of("ClaimId", "forged")).code());
        assertEquals(QmfException.UNKNOWN_CLAIM, failing(PSLOT, "Suspend", Map.of("ClaimId", "forged", "Id", "1.0")).code());
        assertEquals(QmfException.BAD_PARAMETER, failing(PSLOT, "Continue", Map.of("ClaimId", "forged")).code());
        assertEquals(QmfException.BAD_PARAMETER, failing(PSLOT, "Claim", Map.of("Request", job("/bin/true", ""))).code());
        assertEquals(QmfException.UNKNOWN_METHOD, failing(PSLOT, "Frobnicate", Map.of()).code());

        call(PSLOT, "Claim", Map.of("Request", job("/bin/true", ""), "Scheduler", SCHEDULER.name()));
        awaitSlot("slot1_1@node1", o -> true);
        QmfException dynamic = failing(ObjectId.grid("slot", "slot1_1@node1"), "Claim",
                Map.of("Request", job("/bin/true", ""), "Scheduler", SCHEDULER.name()));
        assertEquals(QmfException.CLAIM_REFUSED, dynamic.code());
        assertTrue(dynamic.getMessage().contains("is a dynamic slot; claim slot1@node1"), dynamic.getMessage());
        assertEquals(1L, awaitSlot("slot1@node1", o -> true).get("Cpus"), "only the good claim took resources");
    }

    @Test
    void aJobThatCannotStartIsReportedAsExitedWithoutAStart() throws Exception {
        String claimId = (String) call(PSLOT, "Claim", Map.of("Request", job("/bin/true", ""),
                "Scheduler", SCHEDULER.name())).get("ClaimId");
        assertEquals(Map.of("Started", false),
                call(PSLOT, "Activate", Map.of("ClaimId", claimId, "Id", "2.0", "Job", job("/no/such/program", ""))));
        RecordingScheduler.Call exited = scheduler.next();
        assertEquals("JobExited", exited.method());
        assertEquals(-1, ((Number) exited.arguments().get("ExitCode")).intValue());
    }

    @Test
    void closingTheServiceKillsRunningJobsReportsThemAndWithdrawsTheSlots() throws Exception {
        LinkedBlockingQueue<ObjectData> indications = new LinkedBlockingQueue<>();
        try (AutoCloseable sub = console.subscribe("slot", indications::add)) {
            String claimId = (String) call(PSLOT, "Claim", Map.of("Request", job("/bin/true", ""),
                    "Scheduler", SCHEDULER.name())).get("ClaimId");
            assertEquals(true, call(PSLOT, "Activate", Map.of("ClaimId", claimId, "Id", "3.0",
                    "Job", job("/bin/sleep", "300"))).get("Started"));
            exec.close();
            RecordingScheduler.Call exited = scheduler.next();
            assertEquals("JobExited", exited.method());
            assertEquals(true, exited.arguments().get("ExitBySignal"));
            assertTrue(waitFor(indications, o -> o.id().equals(PSLOT) && o.deleted()),
                    "the partitionable slot is published as deleted");
        }
    }
    @Test
    void aPreemptingClaimOnTheDynamicSlotEvictsItsJobAndTheSchedulerHearsEvicted() throws Exception {
        ObjectId dslot = ObjectId.grid("slot", "slot1_1@node1");
        Map<String, Object> request = job("/bin/sleep", "300");
        request.put("AccountingGroup", "physics.alice");
        request.put("ConcurrencyLimits", "license_x");
        String claimId = (String) call(PSLOT, "Claim", Map.of("Request", request, "Scheduler", SCHEDULER.name()))
                .get("ClaimId");
        assertEquals(true, call(PSLOT, "Activate", Map.of("ClaimId", claimId, "Id", "7.0", "Job", request))
                .get("Started"));
        ObjectData busy = awaitSlot("slot1_1@node1", o -> "Busy".equals(o.get("Activity")));
        assertEquals("physics.alice", busy.get("RemoteUser"));
        assertEquals("physics.alice", busy.get("AccountingGroup"));
        assertEquals("license_x", busy.get("ConcurrencyLimits"));
        assertEquals("7.0", busy.get("JobId"));
        assertEquals(0.0, ((Number) busy.get("CurrentRank")).doubleValue());
        assertEquals(0L, busy.get("MaxJobRetirementTime"));

        Map<String, Object> other = job("/bin/true", "");
        other.put("Owner", "bob");
        QmfException plain = failing(dslot, "Claim", Map.of("Request", other, "Scheduler", SCHEDULER.name()));
        assertEquals(QmfException.CLAIM_REFUSED, plain.code(), "without Preempt a claimed slot refuses as before");
        QmfException preempting = failing(dslot, "Claim", Map.of("Request", other, "Scheduler", SCHEDULER.name(),
                "Preempt", true));
        assertEquals(QmfException.PREEMPTING, preempting.code());
        assertTrue(preempting.getMessage().contains("is being preempted"), preempting.getMessage());

        RecordingScheduler.Call evicted = scheduler.next();
        assertEquals("JobExited", evicted.method());
        assertEquals("7.0", evicted.arguments().get("Id"));
        assertEquals(true, evicted.arguments().get("Evicted"));
        assertEquals(2L, awaitSlot("slot1@node1", o -> Long.valueOf(2).equals(o.get("Cpus"))).get("Cpus"));
        assertTrue(slots().stream().noneMatch(o -> o.id().key().equals("slot1_1@node1")), "the dynamic slot is gone");

        Map<String, Object> grant = call(PSLOT, "Claim", Map.of("Request", other, "Scheduler", SCHEDULER.name(),
                "Preempt", true));
        assertEquals("slot1_2@node1", grant.get("Slot"), "on the partitionable slot Preempt is a plain claim");
    }
}
