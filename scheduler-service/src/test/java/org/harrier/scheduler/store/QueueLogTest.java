package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Submission;
import org.harrier.scheduler.queue.Transaction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job queue log: what is appended and synced comes back after reopening; a tail cut short
 * or scribbled over is found, reported and cut off at every byte; a rewrite keeps the queue and
 * its next cluster id while dropping the history of changes.
 */
@Timeout(60)
class QueueLogTest {
    /** A job ad as a submit makes it, with quotes to escape. */
    static final ClassAd JOB = ClassAd.builder().set("Cmd", "/bin/sleep").set("Args", "a \"b\" c")
            .setExpr("Requirements", "TRUE").set("Owner", "alice").set("Iwd", "/tmp").build();

    @TempDir
    Path dir;

    /** A queue and the transactions that built it: submissions, changes, a job that left. */
    private static List<Transaction> history(JobQueue queue) {
        return List.of(submit(queue, 3),
                applied(queue, Transaction.builder().status(new JobId(1, 1), JobStatus.RUNNING, 200)
                        .set(new JobId(1, 1), "RemoteHost", new StringValue("slot1_1@host \"quoted\"\nnewline")).build()),
                applied(queue, Transaction.builder().set(new JobId(1, 1), "Mark", 7).delete(new JobId(1, 1), "RemoteHost")
                        .delete(new JobId(1, 0), "NotThere").build()),
                submit(queue, 2),
                applied(queue, Transaction.builder().status(new JobId(1, 2), JobStatus.COMPLETED, 300)
                        .destroy(new JobId(1, 2)).build()),
                applied(queue, Transaction.builder().destroy(new JobId(2, 0)).destroy(new JobId(2, 1)).build()));
    }

    private static Transaction applied(JobQueue queue, Transaction tx) {
        queue.apply(tx);
        return tx;
    }

    private static Transaction submit(JobQueue queue, int count) {
        return applied(queue, new Submission("schedd", AdLimits.DEFAULT).decide(JOB, count, null,
                queue.nextClusterId(), 100));
    }

    /** Every job of a queue as its flattened ad, for comparing two queues. */
    private static Map<JobId, ClassAd> contents(JobQueue q) {
        Map<JobId, ClassAd> out = new LinkedHashMap<>();
        for (JobId id : q.ids()) {
            out.put(id, q.ad(id).flatten());
        }
        return out;
    }

    private static void await(CompletableFuture<Void> f) throws Exception {
        f.get(30, TimeUnit.SECONDS);
    }

    @Test
    void whatWasSyncedIsThereAfterReopening() throws Exception {
        JobQueue expected = new JobQueue();
        List<Transaction> txs = history(expected);
        try (QueueLog log = QueueLog.open(dir).log()) {
            for (Transaction tx : txs) {
                log.append(tx);
            }
            await(log.synced());
        }
        QueueLog.Recovery r = QueueLog.open(dir);
        r.log().close();
        assertAll(() -> assertEquals(contents(expected), contents(r.queue())),
                () -> assertEquals(txs.size(), r.transactions()),
                () -> assertEquals(0, r.cutBytes()),
                () -> assertNull(r.problem()),
                () -> assertEquals(3, r.queue().nextClusterId(), "cluster 2 left, yet its id is not handed out again"));
    }

    @Test
    void aTailCutShortAtAnyByteLeavesTheTransactionsBeforeIt() throws Exception {
        JobQueue queue = new JobQueue();
        List<Transaction> txs = history(queue);
        byte[] whole = encodeAll(txs);
        int lastStart = whole.length - LogCodec.encode(txs.get(txs.size() - 1)).length;
        JobQueue before = replay(txs.subList(0, txs.size() - 1));
        for (int cut = lastStart + 1; cut < whole.length; cut++) {
            Files.write(dir.resolve(QueueLog.FILE), java.util.Arrays.copyOf(whole, cut));
            QueueLog.Recovery r = QueueLog.open(dir);
            r.log().close();
            int at = cut;
            assertAll("cut at byte " + cut,
                    () -> assertEquals(contents(before), contents(r.queue())),
                    () -> assertEquals(at - lastStart, r.cutBytes()),
                    () -> assertNotNull(r.problem()),
                    () -> assertEquals(lastStart, Files.size(dir.resolve(QueueLog.FILE)), "the bad tail is cut off the file"));
        }
    }

    @Test
    void aScribbledTransactionIsFoundByItsChecksumAndCutOffWithWhatFollows() throws Exception {
        JobQueue queue = new JobQueue();
        List<Transaction> txs = history(queue);
        byte[] log = encodeAll(txs);
        int secondStart = LogCodec.encode(txs.get(0)).length;
        String text = new String(log, StandardCharsets.UTF_8);
        int jobStatus = text.indexOf("JobStatus 2", secondStart);
        log[jobStatus + "JobStatus ".length()] = '5'; // Running becomes Held: still parses, wrong checksum
        Files.write(dir.resolve(QueueLog.FILE), log);

        QueueLog.Recovery r = QueueLog.open(dir);
        r.log().close();
        assertAll(() -> assertEquals(contents(replay(txs.subList(0, 1))), contents(r.queue())),
                () -> assertTrue(r.problem().contains("checksum"), r.problem()),
                () -> assertEquals(log.length - secondStart, r.cutBytes()));
    }

    @Test
    void garbageWhereATransactionShouldBeginIsCutOff() throws Exception {
        JobQueue queue = new JobQueue();
        List<Transaction> txs = history(queue);
        byte[] good = encodeAll(txs);
        byte[] junk = "\0\0junk\n\n".getBytes(StandardCharsets.UTF_8);
        byte[] log = java.util.Arrays.copyOf(good, good.length + junk.length);
        System.arraycopy(junk, 0, log, good.length, junk.length);
        Files.write(dir.resolve(QueueLog.FILE), log);

        QueueLog.Recovery r = QueueLog.open(dir);
        assertAll(() -> assertEquals(contents(queue), contents(r.queue())),
                () -> assertEquals(junk.length, r.cutBytes()),
                () -> assertTrue(r.problem().startsWith("line "), r.problem()));
        // The repaired log takes appends again, and they survive.
        Transaction more = submit(queue, 1);
        await(r.log().append(more));
        r.log().close();
        QueueLog.Recovery again = QueueLog.open(dir);
        again.log().close();
        assertEquals(contents(queue), contents(again.queue()));
        assertNull(again.problem());
    }

    @Test
    void aRewriteKeepsTheQueueAndItsNextClusterIdAndDropsTheChanges() throws Exception {
        JobQueue queue = new JobQueue();
        List<Transaction> txs = history(queue);
        long before;
        try (QueueLog log = QueueLog.open(dir).log()) {
            for (Transaction tx : txs) {
                log.append(tx);
            }
            await(log.synced());
            before = Files.size(dir.resolve(QueueLog.FILE));
            await(log.rewrite(queue));
            Transaction after = Transaction.builder().status(new JobId(1, 0), JobStatus.HELD, 400).build();
            queue.apply(after);
            await(log.append(after));
        }
        QueueLog.Recovery r = QueueLog.open(dir);
        r.log().close();
        assertAll(() -> assertEquals(contents(queue), contents(r.queue())),
                () -> assertEquals(3, r.queue().nextClusterId()),
                () -> assertTrue(Files.size(dir.resolve(QueueLog.FILE)) < before,
                        "rewritten log is smaller than the history it replaced"),
                () -> assertTrue(Files.readString(dir.resolve(QueueLog.FILE)).startsWith("107 3\n")));
    }

    @Test
    void onlyChurnAsLargeAsTheLastRewriteMakesARewriteWorthIt() throws Exception {
        JobQueue queue = new JobQueue();
        try (QueueLog log = QueueLog.open(dir).log()) {
            await(log.append(submit(queue, 200)));
            assertTrue(!log.wantsRewrite(1), "submissions alone are no churn");
            await(log.rewrite(queue));
            long rewritten = Files.size(dir.resolve(QueueLog.FILE));
            int changes = 0;
            while (Files.size(dir.resolve(QueueLog.FILE)) < 2 * rewritten + 1) {
                JobId job = new JobId(1, changes++ % 200);
                await(log.append(applied(queue, Transaction.builder().status(job, JobStatus.HELD, 500 + changes).build())));
                if (Files.size(dir.resolve(QueueLog.FILE)) <= rewritten * 3 / 2) {
                    assertTrue(!log.wantsRewrite(1), "churn still below what the rewrite wrote, after " + changes + " changes");
                }
            }
            assertTrue(log.wantsRewrite(1), "churn beyond what the rewrite wrote");
            assertTrue(!log.wantsRewrite(Long.MAX_VALUE), "but never below the minimum");
        }
    }

    @Test
    void aClosedLogRefusesAppends() throws Exception {
        QueueLog log = QueueLog.open(dir).log();
        log.close();
        JobQueue queue = new JobQueue();
        CompletableFuture<Void> f = log.append(submit(queue, 1));
        assertTrue(f.isCompletedExceptionally());
        assertThrows(Exception.class, () -> f.get(1, TimeUnit.SECONDS));
    }

    @Test
    void aLogThatDoesNotFitTheQueueIsRefusedNotHalfLoaded() throws IOException {
        JobQueue queue = new JobQueue();
        Transaction orphanSet = Transaction.builder().status(new JobId(9, 0), JobStatus.RUNNING, 1).build();
        Files.write(dir.resolve(QueueLog.FILE), LogCodec.encode(orphanSet));
        IOException e = assertThrows(IOException.class, () -> QueueLog.open(dir));
        assertTrue(e.getMessage().contains("does not fit the queue"), e.getMessage());
        assertEquals(0, queue.size());
    }

    private static byte[] encodeAll(List<Transaction> txs) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Transaction tx : txs) {
            out.writeBytes(LogCodec.encode(tx));
        }
        return out.toByteArray();
    }

    private static JobQueue replay(List<Transaction> txs) {
        JobQueue q = new JobQueue();
        txs.forEach(q::apply);
        return q;
    }
}
