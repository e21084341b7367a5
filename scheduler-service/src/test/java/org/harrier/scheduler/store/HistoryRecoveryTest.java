package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Submission;
import org.harrier.scheduler.queue.Transaction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history's final ads are written without an fsync of their own, after the queue log's
 * transactions that destroy their jobs: whatever a crash takes off the history's end (whole
 * ads, part of one, all of it) the recovery writes again from the log, in the log's order, each
 * job once, as the scheduler wrote it; and nothing the history already holds, even when its
 * newest ad is in a rotated file or a snapshot has dropped the destroys before it.
 */
@Timeout(120)
class HistoryRecoveryTest {
    @TempDir
    Path dir;

    private final JobQueue queue = new JobQueue();
    private final Submission submission = new Submission("schedd", AdLimits.DEFAULT);

    private Path history() {
        return dir.resolve(HistoryFile.FILE);
    }

    private void submit(QueueLog log, int count, long now) throws Exception {
        Transaction tx = submission.decide(QueueLogTest.JOB, count, null, queue.nextClusterId(), now);
        queue.apply(tx);
        log.append(tx).get(30, TimeUnit.SECONDS);
    }

    /** Completes the jobs and destroys them in one transaction, handing over their final ads as QueueKeeper.commit does. */
    private void finish(QueueLog log, JobId... ids) {
        Transaction.Builder done = Transaction.builder();
        for (JobId id : ids) {
            done.status(id, JobStatus.COMPLETED, 1000 + id.proc()).set(id, "ExitCode", 0)
                    .set(id, "LastRemoteHost", new StringValue("slot1@exec \"one\"\nline two"));
        }
        Transaction completed = done.build();
        queue.apply(completed);
        log.append(completed);
        Transaction.Builder destroy = Transaction.builder();
        for (JobId id : ids) {
            destroy.destroy(id);
            log.finished(JobIdentity.literal(queue.ad(id)));
        }
        Transaction tx = destroy.build();
        queue.apply(tx);
        log.append(tx);
    }

    /** Cluster 1 of five procs and cluster 2 of three, finished in four transactions; closed, so the history is whole. */
    private void runAndClose() throws Exception {
        try (QueueLog log = QueueLog.open(dir).log()) {
            submit(log, 5, 100);
            submit(log, 3, 110);
            finish(log, new JobId(1, 0));
            finish(log, new JobId(1, 1), new JobId(2, 0));
            finish(log, new JobId(1, 2), new JobId(1, 3), new JobId(2, 2));
            finish(log, new JobId(1, 4));
            log.synced().get(30, TimeUnit.SECONDS);
        }
    }

    private static final List<String> FINISHED = List.of("1.0", "1.1", "2.0", "1.2", "1.3", "2.2", "1.4");

    /** The ids in the history files, oldest first, each as often as it is there. */
    private List<String> ids() throws IOException {
        List<String> out = new ArrayList<>();
        for (ClassAd ad : new HistoryFile(dir).newestFirst(a -> true, Integer.MAX_VALUE)) {
            out.add(((IntegerValue) ad.lookup("ClusterId")).value() + "." + ((IntegerValue) ad.lookup("ProcId")).value());
        }
        Collections.reverse(out);
        return out;
    }

    private QueueLog.Recovery reopen() throws IOException {
        QueueLog.Recovery r = QueueLog.open(dir);
        r.log().close();
        return r;
    }

    @Test
    void aHistoryCutAtAnyByteIsWrittenAgainFromTheLogAsItWas() throws Exception {
        runAndClose();
        byte[] whole = Files.readAllBytes(history());
        byte[] log = Files.readAllBytes(dir.resolve(QueueLog.FILE));
        for (int cut = 0; cut < whole.length; cut += 7) {
            clearSpool();
            Files.write(dir.resolve(QueueLog.FILE), log);
            Files.write(history(), java.util.Arrays.copyOf(whole, cut));
            QueueLog.Recovery r = reopen();
            int at = cut;
            assertAll("history cut at byte " + cut + " of " + whole.length,
                    () -> assertArrayEquals(whole, Files.readAllBytes(history()), "the same bytes as before the cut"),
                    () -> assertEquals(FINISHED, ids()),
                    () -> assertEquals(FINISHED.size() - wholeAdsBefore(whole, at), r.historyRestored()));
        }
    }

    /** How many ads of {@code history} end at or before byte {@code cut}. */
    private static int wholeAdsBefore(byte[] history, int cut) {
        String text = new String(history, 0, cut, StandardCharsets.UTF_8);
        int n = 0;
        for (int at = text.indexOf("\n*** "); at >= 0; at = text.indexOf("\n*** ", at + 1)) {
            if (text.indexOf('\n', at + 1) >= 0) {
                n++;
            }
        }
        return n;
    }

    @Test
    void theAdsWrittenAgainAreInTheHistoryOnceTheReopenedLogIsSynced() throws Exception {
        runAndClose();
        Files.delete(history());
        Files.deleteIfExists(HistorySidecar.of(history()));
        QueueLog.Recovery r = QueueLog.open(dir);
        try {
            r.log().synced().get(30, TimeUnit.SECONDS);
            assertEquals(FINISHED.size(), r.log().history().orElseThrow().newestFirst(a -> true, Integer.MAX_VALUE).size());
        } finally {
            r.log().close();
        }
    }

    @Test
    void aWholeHistoryIsNotWrittenAgainHoweverOftenTheLogIsReopened() throws Exception {
        runAndClose();
        byte[] whole = Files.readAllBytes(history());
        for (int i = 0; i < 3; i++) {
            assertEquals(0, reopen().historyRestored());
        }
        assertAll(() -> assertArrayEquals(whole, Files.readAllBytes(history())), () -> assertEquals(FINISHED, ids()));
    }

    @Test
    void aDeletedHistoryIsRebuiltWithEveryJobTheLogDestroys() throws Exception {
        runAndClose();
        Files.delete(history());
        Files.deleteIfExists(HistorySidecar.of(history()));
        assertAll(() -> assertEquals(FINISHED.size(), reopen().historyRestored()), () -> assertEquals(FINISHED, ids()));
    }

    @Test
    void aPartialAdAfterTheLastWholeOneIsCutAndNothingIsOwed() throws Exception {
        runAndClose();
        Files.writeString(history(), "ClusterId = 999999\nProcId = 0\nOwner = \"mall", StandardOpenOption.APPEND);
        assertEquals(0, reopen().historyRestored());
        try (QueueLog log = QueueLog.open(dir).log()) {
            submit(log, 1, 120);
            finish(log, new JobId(3, 0));
            log.synced().get(30, TimeUnit.SECONDS);
        }
        List<String> expected = new ArrayList<>(FINISHED);
        expected.add("3.0");
        assertAll(() -> assertEquals(expected, ids()),
                () -> assertTrue(!Files.readString(history()).contains("999999"), "the partial ad is cut off"));
    }

    @Test
    void aSnapshotKeepsTheHistoryOfTheDestroysItDropsAndOwesOnlyWhatFollowsIt() throws Exception {
        try (QueueLog log = QueueLog.open(dir).log()) {
            submit(log, 4, 100);
            finish(log, new JobId(1, 0), new JobId(1, 1));
            log.rewrite(queue); // the same batch as the destroys, most likely: the history is fsynced before the rename
            finish(log, new JobId(1, 2));
            log.synced().get(30, TimeUnit.SECONDS);
        }
        String log = Files.readString(dir.resolve(QueueLog.FILE));
        assertTrue(log.startsWith("107 2\n") && !log.contains("102 1.0") && log.contains("102 1.2"), log);
        byte[] whole = Files.readAllBytes(history());
        String text = new String(whole, StandardCharsets.UTF_8);
        int lastAd = text.lastIndexOf("\n*** ProcId = 1 ") + 1;
        lastAd = text.indexOf('\n', lastAd) + 1; // the end of 1.1's banner: 1.2 follows
        Files.write(history(), java.util.Arrays.copyOf(whole, lastAd));
        QueueLog.Recovery r = reopen();
        assertAll(() -> assertEquals(1, r.historyRestored()), () -> assertEquals(List.of("1.0", "1.1", "1.2"), ids()),
                () -> assertArrayEquals(whole, Files.readAllBytes(history())));
    }

    @Test
    void theNewestAdInARotatedFileCountsAsInTheHistory() throws Exception {
        try (QueueLog log = QueueLog.open(dir, new HistoryLimits(1, 2)).log()) { // every append rotates
            submit(log, 3, 100);
            finish(log, new JobId(1, 0));
            finish(log, new JobId(1, 1), new JobId(1, 2));
            log.synced().get(30, TimeUnit.SECONDS);
        }
        assertTrue(!Files.exists(history()), "the current file was rotated away");
        QueueLog.Recovery r = QueueLog.open(dir, new HistoryLimits(1, 2));
        r.log().close();
        assertAll(() -> assertEquals(0, r.historyRestored()), () -> assertEquals(List.of("1.0", "1.1", "1.2"), ids()));
    }

    @Test
    void anotherQueuesJobWithTheSameIdIsNotTakenForThisOnes() throws Exception {
        // A history kept from a queue whose log was deleted: its newest ad is a job 1.4 submitted at another time.
        HistoryFile old = new HistoryFile(dir);
        old.append(List.of(ClassAd.builder().set("ClusterId", 1).set("ProcId", 4).set("QDate", 5).set("Owner", "alice").build()));
        old.close();
        long oldEnd = Files.size(history());
        try (QueueLog log = QueueLog.open(dir).log()) {
            submit(log, 5, 100);
            finish(log, new JobId(1, 4));
            log.synced().get(30, TimeUnit.SECONDS);
        }
        assertEquals(List.of("1.4", "1.4"), ids());
        // A crash took this queue's 1.4 off the history's end, leaving the old queue's 1.4 newest.
        try (FileChannel ch = FileChannel.open(history(), StandardOpenOption.WRITE)) {
            ch.truncate(oldEnd);
        }
        assertAll(() -> assertEquals(1, reopen().historyRestored()), () -> assertEquals(List.of("1.4", "1.4"), ids()));
    }

    private void clearSpool() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
    }
}
