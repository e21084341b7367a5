package org.harrier.scheduler.bus;

import static org.harrier.scheduler.bus.SchedulerServiceTest.AGENT;
import static org.harrier.scheduler.bus.SchedulerServiceTest.SCHEDULER;
import static org.harrier.scheduler.bus.SchedulerServiceTest.WAIT;
import static org.harrier.scheduler.bus.SchedulerServiceTest.await;
import static org.harrier.scheduler.bus.SchedulerServiceTest.seedAd;
import static org.harrier.scheduler.bus.SchedulerServiceTest.typed;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Predicate;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ClaimId is private, as in HTCondor: the scheduler records a running job's claim in its queue
 * (a restart reconnects by it) and its history, but no answer that leaves it over the bus
 * carries it: GetAd, the job objects and their GetAd, GetRequests, GetHistory, nor the user log.
 */
@Timeout(60)
class PrivateAttributesBusTest extends SchedulerOnBroker {
    private static final JobId JOB = new JobId(1, 0);
    private static final String CLAIM = "c1"; // TestStartd's first grant


    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    @Test
    void theClaimIdIsRecordedButNeverShown() throws Exception {
        Path log = dir.resolve("job.log");
        try (Bus startdBus = Bus.connect(running.url()); TestStartd startd = new TestStartd(startdBus)) {
            startd.holdActivations = true;
            Map<String, Object> ad = new LinkedHashMap<>(seedAd());
            ad.put("UserLog", typed("STRING", log.toString()));
            call("Submit", Map.of("Ad", ad));
            matchFirstRequestTo(startd);
            await(() -> startd.calls.contains("Activate 1.0"), "the activation");
            call("JobStarted", Map.of("Id", "1.0", "ClaimId", CLAIM, "RemoteHost", "slot1_1@testhost"));

            ClassAd kept = running.schedd().ad(JOB).get();
            assertEquals(new StringValue(CLAIM), kept.lookup("ClaimId"), "the queue keeps the claim");
            Map<String, Object> shown = cast(call("GetAd", Map.of("Id", "1.0")).get("Ad"));
            Map<String, Object> objectAd = cast(Console.join(console.invoke(AGENT, ObjectId.grid("job", "1.0"), "GetAd",
                    Map.of(), WAIT)).get("Ad"));
            List<ObjectData> published = console.query(AGENT, "job", Predicate.ALL, WAIT);
            Map<String, Object> rows = call("Query", Map.of("Projection", List.of("ClaimId", "RemoteHost"), "Compact", true));
            assertAll(() -> assertEquals("slot1_1@testhost", shown.get("RemoteHost"), "the rest of the claim record shows"),
                    () -> assertFalse(rows.toString().contains(CLAIM), "Query as rows, ClaimId asked for: " + rows),
                    () -> assertTrue(((List<?>) rows.get("Names")).contains("RemoteHost"), "Query as rows: " + rows),
                    () -> assertFalse(shown.containsKey("ClaimId"), "scheduler GetAd: " + shown),
                    () -> assertTrue(objectAd.containsKey("RemoteHost")),
                    () -> assertFalse(objectAd.containsKey("ClaimId"), "job object GetAd: " + objectAd),
                    () -> assertEquals(1, published.size()),
                    () -> assertEquals(2L, published.get(0).get("JobStatus")),
                    () -> assertFalse(published.get(0).values().containsKey("ClaimId"), "job object: " + published));

            Console.join(console.invoke(AGENT, SCHEDULER, "JobExited", Map.of("Id", "1.0", "ClaimId", CLAIM, "ExitCode", 0L,
                    "ExitBySignal", false, "ExitSignal", 0L, "RemoteUserCpu", 0.01, "RemoteSysCpu", 0.0,
                    "RemoteWallClockTime", 0.02), WAIT));
            await(() -> !running.schedd().historyPage(null, 1, null).join().ads().isEmpty(), "the job to reach the history");
            ClassAd last = running.schedd().historyPage(null, 1, null).join().ads().get(0);
            assertEquals(new StringValue(CLAIM), last.lookup("ClaimId"), "the final ad keeps its last run's claim");
            List<Map<String, Object>> history = cast(call("GetHistory", Map.of()).get("Ads"));
            Map<String, Object> historyRows = call("GetHistory", Map.of("Projection", List.of("ClaimId", "RemoteHost"), "Compact", true));
            List<ObjectData> finished = console.query(AGENT, "job", Predicate.eq("CustomId", "1.0"), WAIT);
            await(() -> Files.exists(log) && readable(log).contains("Job terminated"), "the terminate event");
            assertAll(() -> assertEquals(1, history.size()),
                    () -> assertFalse(history.get(0).containsKey("ClaimId"), "GetHistory: " + history),
                    () -> assertFalse(historyRows.toString().contains(CLAIM), "GetHistory as rows, ClaimId asked for: " + historyRows),
                    () -> assertEquals(1, ((List<?>) historyRows.get("Rows")).size(), "GetHistory as rows: " + historyRows),
                    () -> assertEquals(1, finished.size()),
                    () -> assertEquals(4L, finished.get(0).get("JobStatus")),
                    () -> assertFalse(finished.get(0).values().containsKey("ClaimId"), "finished job object: " + finished),
                    () -> assertFalse(readable(log).contains(CLAIM), "the user log:\n" + readable(log)));
        }
    }

    private static String readable(Path log) {
        try {
            return Files.readString(log);
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
