package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.store.HistoryFile;
import org.harrier.scheduler.store.HistoryLimits;
import org.harrier.scheduler.store.QueueLog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * GetHistory reads the history file off the owner thread: a scan held halfway through holds up
 * no submission, and it answers the history as it was when it began, whatever is appended,
 * rotated or dropped meanwhile.
 */
@Timeout(60)
class HistoryReadTest {
    /** Rotates at every append and keeps one rotated file: the second append drops the first's file. */
    private static final HistoryLimits ROTATING = new HistoryLimits(1, 1);
    private static final String READER = "history-reads";
    private static final int OLD_JOBS = 40;

    @TempDir
    Path spool;
    private final ManualExecutor owner = new ManualExecutor();
    private final HoldingClock clock = new HoldingClock(20);
    private final ExecutorService reads = Executors.newSingleThreadExecutor(r -> new Thread(r, READER));

    @AfterEach
    void stop() {
        clock.resume.countDown();
        reads.shutdownNow();
    }

    /**
     * A clock whose {@code read}-th reading on the reader thread waits for {@link #resume}: a
     * constraint calling {@code time()} reads it once per test of an ad, so the scan stops there.
     */
    private static final class HoldingClock extends Clock {
        final CountDownLatch paused = new CountDownLatch(1);
        final CountDownLatch resume = new CountDownLatch(1);
        private final AtomicInteger readings = new AtomicInteger();
        private final int read;

        HoldingClock(int read) {
            this.read = read;
        }

        @Override
        public Instant instant() {
            if (Thread.currentThread().getName().equals(READER) && readings.incrementAndGet() == read) {
                paused.countDown();
                try {
                    resume.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Instant.parse("2026-11-21T12:00:00Z");
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("one zone");
        }
    }

    private static ClassAd finished(int cluster, int proc) {
        return ClassAd.builder().set("ClusterId", cluster).set("ProcId", proc).set("Owner", "alice")
                .set("Cmd", "/bin/true").set("JobStatus", 4).set("CompletionDate", 1_795_000_000L + proc).build();
    }

    private <T> T await(CompletableFuture<T> f) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!f.isDone() && System.nanoTime() < deadline) {
            owner.runAll();
            Thread.onSpinWait();
        }
        owner.runAll();
        return f.get(1, TimeUnit.SECONDS);
    }

    private static List<String> ids(HistoryPage page) {
        List<String> out = new ArrayList<>();
        page.ads().forEach(ad -> out.add(HistoryPage.idOf(ad).toString()));
        return out;
    }

    @Test
    void aSubmissionIsAnsweredWhileAHistoryScanIsHeldHalfwayAndTheScanAnswersTheHistoryAsItBegan() throws Exception {
        List<ClassAd> old = new ArrayList<>();
        for (int p = 0; p < OLD_JOBS; p++) {
            old.add(finished(7, p));
        }
        new HistoryFile(spool, ROTATING).append(old); // rotated aside at once: history.<stamp>
        QueueLog.Recovery stored = QueueLog.open(spool, ROTATING);
        Schedd schedd = new Schedd("sched1", SpooledSchedds.SETTINGS, new RecordingStartds(), new RecordingEvents(), owner,
                clock, stored.queue(), stored.log());
        await(schedd.recover());

        CompletableFuture<HistoryPage> scan = schedd.historyPage("time() > 0 && ProcId >= 0", 100, null, reads);
        owner.runAll(); // hands the history over; the scan runs on the reader thread
        assertTrue(clock.paused.await(20, TimeUnit.SECONDS), "the scan reached its hold");

        JobId submitted = await(schedd.submit(JobAds.valid().build()));
        assertEquals(new JobId(1, 0), submitted, "answered while the scan is held");
        assertEquals(List.of(submitted), await(schedd.remove(JobSelection.of("1", null), null, QueueUser.SCHEDULER)));
        assertFalse(scan.isDone(), "still held");

        clock.resume.countDown();
        List<String> expected = new ArrayList<>();
        for (int p = OLD_JOBS - 1; p >= 0; p--) {
            expected.add("7." + p);
        }
        assertEquals(expected, ids(scan.get(20, TimeUnit.SECONDS)),
                "every ad there when the scan began, none since, though the removal's rotation dropped their file");
        assertEquals(List.of("1.0"), ids(await(schedd.historyPage(null, 100, null, reads))),
                "a read begun now: the removed job, and cluster 7's file dropped (MAX_HISTORY_ROTATIONS 1)");
        schedd.closeJournal();
    }
}
