package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.broker.SecurityDirectory.Role;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.bus.QmfException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/protocols.md, "Authorisation", with real users on a real broker: alice and bob log in
 * with broker role console, exec1 and exec2 as startds, the test's own console as the broker's
 * owner (an administrator). Each refusal is QMF forbidden (code 6), names what was refused, and
 * changes nothing.
 */
@Timeout(60)
class AuthorisationBusTest extends SchedulerOnBroker {
    Bus alice;
    Bus bob;

    @BeforeEach
    void logIn() {
        alice = Bus.connect(running.url("alice", Role.CONSOLE));
        bob = Bus.connect(running.url("bob", Role.CONSOLE));
    }

    @AfterEach
    void logOut() {
        alice.close();
        bob.close();
    }

    static Map<String, Object> call(Bus as, String method, Map<String, ?> args) {
        return Console.join(as.console().invoke(ServiceOnBroker.AGENT, ServiceOnBroker.SCHEDULER, method, args,
                SchedulerServiceTest.WAIT));
    }

    static QmfException refused(Bus as, String method, Map<String, ?> args) {
        QmfException e = assertThrows(QmfException.class, () -> call(as, method, args));
        assertEquals(QmfException.FORBIDDEN, e.code(), e.getMessage());
        return e;
    }

    static Map<String, Object> ownedBy(String owner) {
        Map<String, Object> ad = new LinkedHashMap<>(SchedulerServiceTest.seedAd());
        if (owner == null) {
            ad.remove("Owner");
        } else {
            ad.put("Owner", owner);
        }
        return ad;
    }

    Object attribute(String job, String name) {
        @SuppressWarnings("unchecked")
        Map<String, Object> ad = (Map<String, Object>) call("GetAd", Map.of("Id", job)).get("Ad");
        return JobUsageServiceTest.value(ad, name);
    }

    @Test
    void aConsoleSubmittingAJobOwnedBySomeoneElseIsRefusedAndNothingIsQueued() {
        QmfException e = refused(alice, "Submit", Map.of("Ad", ownedBy("bob")));
        assertTrue(e.getMessage().contains("alice may not submit a job whose Owner is bob"), e.getMessage());
        refused(alice, "SubmitCluster", Map.of("Ad", ownedBy(null), "Count", 2L,
                "ItemData", List.of(Map.of("Args", "1"), Map.of("Args", "2", "Owner", "bob"))));
        assertThrows(QmfException.class, () -> call("GetAd", Map.of("Id", "1.0")), "nothing was queued");
        // An Owner that is not a string is no way around it: the submission refuses it as a bad parameter.
        Map<String, Object> expression = ownedBy(null);
        expression.put("Owner", Map.of("TYPE", "EXPR", "VALUE", "strcat(\"b\", \"ob\")"));
        assertEquals(QmfException.BAD_PARAMETER, assertThrows(QmfException.class,
                () -> call(alice, "Submit", Map.of("Ad", expression))).code());
    }

    @Test
    void aJobWithoutOwnerIsTheCallersAndOneNamingTheCallerIsAccepted() {
        assertEquals("1.0", call(alice, "Submit", Map.of("Ad", ownedBy(null))).get("Id"));
        assertEquals("alice", attribute("1.0", "Owner"));
        assertEquals("2.0", call(bob, "Submit", Map.of("Ad", ownedBy("bob"))).get("Id"));
    }

    @Test
    void aConsoleCannotHoldRemoveOrEditAnotherUsersJobs() {
        call(bob, "Submit", Map.of("Ad", ownedBy("bob")));
        for (String method : List.of("Hold", "Remove", "Release", "Suspend", "Continue", "VacateJob")) {
            QmfException e = refused(alice, method, Map.of("Id", "1.0"));
            assertTrue(e.getMessage().startsWith(method + " refused: job 1.0 belongs to bob"), e.getMessage());
        }
        refused(alice, "Hold", Map.of("Id", "1"));
        refused(alice, "SetAttribute", Map.of("Id", "1.0", "Name", "RequestMemory", "Value", "1"));
        refused(alice, "FetchJobData", Map.of("Id", "1.0", "File", "Out", "Start", 0L, "End", 0L));
        assertEquals(1L, ((Number) attribute("1.0", "JobStatus")).longValue(), "still idle");
        assertNull(attribute("1.0", "RequestMemory"), "not edited");
    }

    @Test
    void aConstraintFromAConsoleMatchesOnlyItsOwnJobs() {
        call(alice, "SubmitCluster", Map.of("Ad", ownedBy("alice"), "Count", 2L));
        call(bob, "Submit", Map.of("Ad", ownedBy("bob")));
        assertEquals(List.of("1.0", "1.1"), call(alice, "Hold", Map.of("Constraint", "true")).get("Ids"));
        assertEquals(1L, ((Number) attribute("2.0", "JobStatus")).longValue(), "bob's job is still idle");
        QmfException none = assertThrows(QmfException.class, () -> call(alice, "Remove", Map.of("Constraint", "Owner == \"bob\"")));
        assertEquals(QmfException.UNKNOWN_OBJECT, none.code());
        assertEquals(List.of("2.0"), call(bob, "SetAttribute",
                Map.of("Constraint", "true", "Name", "Project", "Value", "\"b\"")).get("Ids"));
    }

    @Test
    void aUserMayNotChangeTheOwnerOrTheAttributesTheSchedulerKeeps() {
        call(alice, "Submit", Map.of("Ad", ownedBy("alice")));
        for (String name : List.of("Owner", "ClusterId", "ProcId", "JobStatus", "GlobalJobId")) {
            refused(alice, "SetAttribute", Map.of("Id", "1.0", "Name", name, "Value", "\"x\""));
        }
        assertEquals("alice", attribute("1.0", "Owner"));
    }

    @Test
    void theAdministratorMayActOnAnyonesJobsAndSubmitAsAnyone() {
        call(bob, "Submit", Map.of("Ad", ownedBy("bob")));
        assertEquals(List.of("1.0"), call("Hold", Map.of("Id", "1.0")).get("Ids"));
        assertEquals(List.of("1.0"), call("Release", Map.of("Id", "1.0")).get("Ids"));
        assertEquals("2.0", call("Submit", Map.of("Ad", ownedBy("nobody"))).get("Id"));
        assertEquals(List.of("1.0", "2.0"), call("SetAttribute",
                Map.of("Constraint", "true", "Name", "Project", "Value", "\"x\"")).get("Ids"));
    }

    @Test
    void onlyTheNegotiatorMatchesAndOnlyAStartdReports() {
        call(alice, "Submit", Map.of("Ad", ownedBy("alice")));
        QmfException matched = refused(alice, "Matched", Map.of("Matches", List.of()));
        assertTrue(matched.getMessage().startsWith("Matched refused: only the negotiator daemon"), matched.getMessage());
        refused(alice, "GetRequests", Map.of());
        refused(alice, "JobStarted", Map.of("Id", "1.0", "ClaimId", "c1", "RemoteHost", "slot1@h"));
        refused(alice, "JobUsage", JobUsageServiceTest.usage("c1", 1));
        refused(alice, "BeginTransfer", Map.of("Id", "1.0", "ClaimId", "c1", "Direction", "Input", "Name", "in"));
        refused(alice, "ReadFile", Map.of("TransferId", "1.0-1", "Offset", 0L, "Length", 1L));
        try (Bus service = Bus.connect(running.url("svc", Role.SERVICE))) {
            refused(service, "Matched", Map.of("Matches", List.of()));
        }
        assertEquals(1L, ((Number) attribute("1.0", "JobStatus")).longValue());
    }

    @Test
    void onlyTheStartdThatFirstReportedOnAClaimMayReportOnIt() throws Exception {
        try (Bus exec1 = Bus.connect(running.url("exec1", Role.SERVICE, Role.STARTD));
                Bus exec2 = Bus.connect(running.url("exec2", Role.SERVICE, Role.STARTD));
                TestStartd startd = new TestStartd(exec1)) {
            startd.holdActivations = true;
            call(alice, "Submit", Map.of("Ad", ownedBy("alice")));
            matchFirstRequestTo(startd);
            SchedulerServiceTest.await(() -> startd.calls.contains("Activate 1.0"), "the activation");
            call(exec1, "JobStarted", Map.of("Id", "1.0", "ClaimId", "c1", "RemoteHost", "slot1_1@testhost"));
            assertEquals(2L, ((Number) attribute("1.0", "JobStatus")).longValue());

            QmfException e = refused(exec2, "JobUsage", JobUsageServiceTest.usage("c1", 300_000));
            assertTrue(e.getMessage().contains("it comes from exec2, but the claim's startd reports as exec1"), e.getMessage());
            refused(exec2, "BeginTransfer", Map.of("Id", "1.0", "ClaimId", "c1", "Direction", "Input", "Name", "in"));
            call(exec1, "JobUsage", JobUsageServiceTest.usage("c1", 300_000));
            assertEquals(300_000L, ((Number) attribute("1.0", "ResidentSetSize")).longValue());
        }
    }
}
