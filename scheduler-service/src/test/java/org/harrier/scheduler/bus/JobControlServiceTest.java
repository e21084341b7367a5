package org.harrier.scheduler.bus;

import static org.harrier.scheduler.bus.SchedulerServiceTest.WAIT;
import static org.harrier.scheduler.bus.SchedulerServiceTest.await;
import static org.harrier.scheduler.bus.SchedulerServiceTest.seedAd;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.Predicate;
import org.harrier.bus.QmfException;
import org.harrier.bus.Bus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hold, Release, Remove, Suspend, Continue, SetAttribute and GetHistory called over AMQP 1.0 on an embedded broker. */
@Timeout(60)
class JobControlServiceTest extends SchedulerOnBroker {
    /** The tests call as the broker's owner; a reason records who acted, as condor_hold does. */
    private static final String BY_OWNER = " (by user " + org.harrier.broker.GridBroker.owner() + ")";
    @SuppressWarnings("unchecked")
    List<String> ids(String method, Map<String, ?> args) {
        return (List<String>) call(method, args).get("Ids");
    }

    Map<String, Object> job(String id) {
        @SuppressWarnings("unchecked")
        Map<String, Object> ad = (Map<String, Object>) call("GetAd", Map.of("Id", id)).get("Ad");
        return ad;
    }

    static Map<String, Object> ad(String owner) {
        Map<String, Object> ad = new LinkedHashMap<>(seedAd());
        ad.put("Owner", Map.of("TYPE", "STRING", "VALUE", owner));
        return ad;
    }

    @Test
    void holdAndReleaseByIdClusterAndConstraintAnswerTheJobsActedOn() {
        call("SubmitCluster", Map.of("Ad", ad("alice"), "Count", 2L));
        call("SubmitCluster", Map.of("Ad", ad("bob"), "Count", 2L));
        assertEquals(List.of("1.0"), ids("Hold", Map.of("Id", "1.0", "Reason", "wait")));
        assertEquals(List.of("2.0", "2.1"), ids("Hold", Map.of("Constraint", "Owner == \"bob\"")));
        assertEquals(5L, job("2.1").get("JobStatus"));
        assertEquals("via Hold" + BY_OWNER, job("2.1").get("HoldReason"));
        assertEquals(1L, job("2.1").get("HoldReasonCode"));
        assertEquals("wait" + BY_OWNER, job("1.0").get("HoldReason"));
        assertEquals(List.of("2.0", "2.1"), ids("Release", Map.of("Id", "2", "Reason", "go")));
        assertEquals("go" + BY_OWNER, job("2.0").get("ReleaseReason"));
        assertEquals(1L, job("2.0").get("JobStatus"));
        assertEquals(List.of("1.0"), ids("Release", Map.of("Constraint", "JobStatus == 5")));
    }

    @Test
    void theComRedhatGridNamesAreAliases() {
        call("SubmitJob", Map.of("Ad", seedAd()));
        call("SubmitJob", Map.of("Ad", seedAd()));
        assertEquals(List.of("1.0"), ids("HoldJob", Map.of("Id", "1.0", "Reason", "r")));
        assertEquals(List.of("1.0"), ids("ReleaseJob", Map.of("Id", "1.0", "Reason", "r")));
        assertEquals(List.of("1.0"), ids("SetJobAttribute", Map.of("Id", "1.0", "Name", "Note", "Value", "\"seed\"")));
        assertEquals("seed", job("1.0").get("Note"));
        assertEquals(List.of("2.0"), ids("RemoveJob", Map.of("Id", "2.0", "Reason", "r")));
        QmfException suspend = assertThrows(QmfException.class, () -> call("SuspendJob", Map.of("Id", "1.0")));
        assertEquals(QmfException.WRONG_STATE, suspend.code());
        QmfException resume = assertThrows(QmfException.class, () -> call("ContinueJob", Map.of("Id", "1.0")));
        assertEquals("job 1.0 is idle; only suspended jobs can be continued", resume.getMessage());
    }

    @Test
    void setAttributeOnAClusterAndByConstraintWritesEveryJob() {
        call("SubmitCluster", Map.of("Ad", seedAd(), "Count", 3L));
        assertEquals(List.of("1.0", "1.1", "1.2"), ids("SetAttribute", Map.of("Id", "1", "Name", "RequestMemory", "Value", "512")));
        assertEquals(List.of("1.1", "1.2"), ids("SetAttribute", Map.of("Constraint", "ProcId > 0", "Name", "Requirements",
                "Value", "TARGET.Memory >= RequestMemory")));
        assertEquals(512L, job("1.0").get("RequestMemory"));
        assertEquals("TARGET.Memory >= RequestMemory", job("1.2").get("Requirements"));
        assertEquals(true, job("1.0").get("Requirements"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> requests = (List<Map<String, Object>>) call("GetRequests", Map.of()).get("Requests");
        assertEquals(2, requests.size(), "the edited jobs match apart from the other");
    }

    @Test
    void suspendAndContinueARunningJobThroughItsStartd() throws Exception {
        try (Bus startdBus = Bus.connect(running.url()); TestStartd startd = new TestStartd(startdBus)) {
            startd.holdActivations = true;
            call("Submit", Map.of("Ad", seedAd()));
            matchFirstRequestTo(startd);
            await(() -> startd.calls.contains("Activate 1.0"), "the activation");
            call("JobStarted", Map.of("Id", "1.0", "ClaimId", "c1", "RemoteHost", "slot1_1@testhost"));

            assertEquals(List.of("1.0"), ids("Suspend", Map.of("Constraint", "JobStatus == 2")));
            assertTrue(startd.calls.contains("Suspend 1.0"), startd.calls::toString);
            assertEquals(7L, job("1.0").get("JobStatus"));
            assertEquals(1L, job("1.0").get("TotalSuspensions"));
            List<ObjectData> published = console.query(SchedulerServiceTest.AGENT, "job", Predicate.ALL, WAIT);
            assertEquals(7L, published.get(0).get("JobStatus"));

            assertEquals(List.of("1.0"), ids("Continue", Map.of("Id", "1")));
            assertTrue(startd.calls.contains("Continue 1.0"), startd.calls::toString);
            assertEquals(2L, job("1.0").get("JobStatus"));
            assertEquals(0L, job("1.0").get("LastSuspensionTime"));

            // Done with this startd: give its claim back while it can still answer.
            call("Remove", Map.of("Id", "1.0"));
            await(() -> startd.calls.contains("Release"), "the claim to be released");
        }
    }

    @Test
    void getHistoryAnswersFinishedJobsNewestFirst() {
        call("SubmitCluster", Map.of("Ad", seedAd(), "Count", 3L));
        call("Remove", Map.of("Id", "1.0"));
        call("Remove", Map.of("Id", "1.2", "Reason", "not needed"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> ads = (List<Map<String, Object>>) call("GetHistory", Map.of()).get("Ads");
        assertEquals(List.of("1.2", "1.0"), ads.stream().map(a -> a.get("CustomId")).toList());
        assertEquals("not needed" + BY_OWNER, ads.get(0).get("RemoveReason"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> limited = (List<Map<String, Object>>) call("GetHistory",
                Map.of("Constraint", "RemoveReason == \"via Remove" + BY_OWNER + "\"", "Limit", 5L)).get("Ads");
        assertEquals(List.of("1.0"), limited.stream().map(a -> a.get("CustomId")).toList());
    }

    record Bad(String method, Map<String, ?> args, int code, String message) {
    }

    @Test
    void badInputGetsAClearExceptionChangesNothingAndTheServiceKeepsServing() {
        call("SubmitCluster", Map.of("Ad", seedAd(), "Count", 2L));
        call("Hold", Map.of("Id", "1.1"));
        List<Bad> table = List.of(
                new Bad("Hold", Map.of("Id", "1.0", "Constraint", "true"), 4, "Hold: give Id or Constraint, not both"),
                new Bad("Release", Map.of(), 4, "Release: give Id (a job cluster.proc or a cluster) or Constraint"),
                new Bad("Remove", Map.of("Constraint", "Owner =="), 4, "Remove: Constraint is not a valid ClassAd expression"),
                new Bad("Suspend", Map.of("Id", "x.0"), 4, "Suspend: job id must be cluster.proc, got 'x.0'"),
                new Bad("Hold", Map.of("Id", "9.0"), 1, "no job 9.0 in the queue"),
                new Bad("Hold", Map.of("Id", "9"), 1, "no job of cluster 9 in the queue"),
                new Bad("Hold", Map.of("Constraint", "Owner == \"nobody\""), 1, "no job matching Owner == \"nobody\" is in the queue"),
                new Bad("Release", Map.of("Id", "1.0"), 0x10003, "job 1.0 is idle; only held jobs can be released"),
                new Bad("Continue", Map.of("Id", "1.0"), 0x10003, "job 1.0 is idle; only suspended jobs can be continued"),
                new Bad("Suspend", Map.of("Id", "1.1"), 0x10003, "job 1.1 is held; only running jobs can be suspended"),
                new Bad("SetAttribute", Map.of("Id", "1.0", "Name", "JobStatus", "Value", "2"), 6, "cannot change JobStatus"),
                new Bad("SetAttribute", Map.of("Id", "1.0", "Name", "Owner", "Value", "\"eve\""), 6, "cannot change Owner"),
                new Bad("SetAttribute", Map.of("Id", "1.0", "Name", "ClusterId", "Value", "3"), 6, "cannot change ClusterId"),
                new Bad("SetAttribute", Map.of("Id", "1.0", "Name", "ProcId", "Value", "3"), 6, "cannot change ProcId"),
                new Bad("SetAttribute", Map.of("Id", "1.0", "Name", "A", "Value", "1 +"), 4, "Value is not a valid ClassAd expression"),
                new Bad("SetAttribute", Map.of("Id", "1.0", "Name", "A"), 4, "'Value'"),
                new Bad("SetAttribute", Map.of("Id", "1", "Name", "Iwd", "Value", "3"), 4, "job 1.0 then has Iwd = 3"),
                new Bad("GetHistory", Map.of("Limit", 0L), 4, "Limit must be at least 1"),
                new Bad("GetHistory", Map.of("Constraint", "(("), 4, "Constraint is not a valid ClassAd expression"));
        for (Bad bad : table) {
            QmfException e = assertThrows(QmfException.class, () -> call(bad.method(), bad.args()), bad::toString);
            assertEquals(bad.code(), e.code(), () -> bad + " -> " + e.getMessage());
            assertTrue(e.getMessage().contains(bad.message()), () -> bad + " -> " + e.getMessage());
        }
        assertEquals(1L, job("1.0").get("JobStatus"));
        assertEquals(5L, job("1.1").get("JobStatus"));
        assertEquals("/tmp", job("1.0").get("Iwd"));
        assertEquals("alice", job("1.0").get("Owner"));
        assertEquals(List.of("1.0"), ids("Hold", Map.of("Id", "1.0")), "still serving");
    }
}
