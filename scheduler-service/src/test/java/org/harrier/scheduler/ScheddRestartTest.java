package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.scheduler.SpooledSchedds.Running;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A schedd on a real queue log, stopped and started again on the same spool: its jobs come
 * back, published and matchable; a job that was running stays Running on the claim its ad
 * records (ScheddReconnectTest has the rest); a job that finished left for good; cluster ids carry on.
 */
@Timeout(60)
class ScheddRestartTest {
    private static final ClassAd JOB = ClassAd.builder().set("Cmd", "/bin/sleep").set("Args", "60")
            .setExpr("Requirements", "TRUE").set("Owner", "alice").set("Iwd", "/tmp").build();

    @TempDir
    Path spool;

    private final SpooledSchedds schedds = new SpooledSchedds();

    private Running start() throws Exception {
        return schedds.start(spool);
    }

    private <T> T await(CompletableFuture<T> f) throws Exception {
        return schedds.await(f);
    }

    private List<RecordingStartds.Call> activates(RecordingStartds startds, int count) {
        return schedds.activates(startds, count);
    }

    @Test
    void jobsComeBackAndOnlyFinishedOnesStayGone() throws Exception {
        Running first = start();
        Schedd s = first.schedd();
        assertEquals(1, (int) await(s.submitCluster(JOB, 3, null)));
        JobId lone = await(s.submit(JOB));
        assertEquals(new JobId(2, 0), lone);
        // 1.0 runs on a claim, 1.1 runs and completes, then the scheduler stops without a word.
        AutoclusterRequest r = await(s.requests()).get(0);
        await(s.matched(List.of(new SlotMatch(r.requestId(), RecordingStartds.slot("slot1@host1")))));
        ClaimGrant g = first.startds().grantNext();
        JobId running = activates(first.startds(), 1).get(0).job();
        first.startds().answerAll("Activate");
        assertTrue(await(s.reports().jobStarted(running, g.claimId(), "slot1_1@host1")));
        assertTrue(await(s.reports().jobExited(running, g.claimId(), new ExitReport(0, false, 0, 0.1, 0.0, 1.0))));
        JobId next = activates(first.startds(), 2).get(1).job();
        first.startds().answerAll("Activate");
        assertTrue(await(s.reports().jobStarted(next, g.claimId(), "slot1_1@host1")));
        first.schedd().closeJournal();

        Running second = start();
        Schedd t = second.schedd();
        List<JobId> left = second.events().jobs.stream().filter(e -> e.kind().equals("queued")).map(e -> e.id()).toList();
        assertAll(
                () -> assertEquals(3, left.size(), "three jobs were queued when it stopped: " + left),
                () -> assertTrue(!left.contains(running), running + " completed and left"),
                () -> assertEquals(JobStatus.RUNNING, await(t.status(next)), next + " runs on its claim, taken back"),
                () -> assertEquals(IntegerValue.of(1), await(t.ad(next)).lookup("NumJobStarts")),
                () -> assertEquals(2, await(t.requests()).stream().mapToInt(AutoclusterRequest::count).sum(), "the two idle ones are matchable"),
                () -> assertEquals(3, (int) await(t.submitCluster(JOB, 1, null)), "cluster ids carry on"),
                () -> assertEquals(0, second.stored().cutBytes()),
                () -> assertEquals(List.of("\"" + running + "\""), second.stored().log().history().orElseThrow()
                        .newestFirst(ad -> true, 10).stream().map(ad -> ad.lookup("CustomId").unparse()).toList(),
                        "the completed job is in the history"));
        second.schedd().closeJournal();
    }

    @Test
    void aTornLastTransactionIsCutOffAndTheSchedulerCarriesOn() throws Exception {
        Running first = start();
        assertEquals(1, (int) await(first.schedd().submitCluster(JOB, 2, null)));
        first.schedd().closeJournal();
        Path log = spool.resolve("job_queue.log");
        long good = java.nio.file.Files.size(log);
        // A crash in the middle of a write: a transaction begun, half a record, no end.
        java.nio.file.Files.writeString(log, "105\n101 2.-1\n103 2.-1 Cmd \"/bin/sl", java.nio.file.StandardOpenOption.APPEND);

        Running second = start();
        assertAll(() -> assertTrue(second.stored().problem() != null && second.stored().problem().contains("cut short"),
                        String.valueOf(second.stored().problem())),
                () -> assertEquals(good, java.nio.file.Files.size(log), "the torn tail is cut off the file"),
                () -> assertEquals(JobStatus.IDLE, await(second.schedd().status(new JobId(1, 1)))),
                () -> assertEquals(2, (int) await(second.schedd().submitCluster(JOB, 1, null)),
                        "the torn cluster 2 never was; its id is handed out now"));
        second.schedd().closeJournal();
        Running third = start();
        assertAll(() -> assertEquals(null, third.stored().problem()),
                () -> assertEquals(JobStatus.IDLE, await(third.schedd().status(new JobId(2, 0)))));
        third.schedd().closeJournal();
    }
}
