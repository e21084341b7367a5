package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Submission;
import org.harrier.scheduler.queue.Transaction;
import org.harrier.scheduler.userlog.LogAppender;
import org.harrier.scheduler.userlog.UserLogEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * User-log events kept in the job queue log with their changes: written to their files only
 * once the change is on disk, and after a crash at any point each is in its file exactly once.
 * A crash is a log closed while its appender's thread is held (the events handed to it never
 * written), or a log cut short; the restart is an open with an appender that writes at once.
 */
@Timeout(60)
class QueueLogUserLogTest {
    static final ClassAd JOB = ClassAd.builder().set("Cmd", "/bin/true").setExpr("Requirements", "TRUE")
            .set("Owner", "alice").set("Iwd", "/tmp").build();
    static final String SUBMITTED = "000 (001.000.000) 2026-11-28 14:00:01 Job submitted from host: <sched>\n...\n";
    static final String EXECUTING = "001 (001.000.000) 2026-11-28 14:00:02 Job executing on host: <exec>\n...\n";
    static final String TERMINATED = "005 (001.000.000) 2026-11-28 14:00:03 Job terminated.\n\t(1) Normal termination (return value 0)\n...\n";

    @TempDir
    Path dir;

    final JobQueue queue = new JobQueue();

    /** An appender's thread that runs only when the test says so. */
    static final class Held implements Executor {
        final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();

        @Override
        public void execute(Runnable r) {
            tasks.add(r);
        }

        void runAll() {
            for (Runnable r = tasks.poll(); r != null; r = tasks.poll()) {
                r.run();
            }
        }
    }

    Path spool() {
        return dir.resolve("spool");
    }

    QueueLog open(Executor appenderThread) throws IOException {
        return QueueLog.open(spool(), HistoryLimits.DEFAULT, new LogAppender(appenderThread)).log();
    }

    /** A restart: the log opened again, its appender writing at once. */
    QueueLog restart() throws IOException {
        QueueLog.Recovery r = QueueLog.open(spool(), HistoryLimits.DEFAULT, new LogAppender(Runnable::run));
        return r.log();
    }

    static UserLogEntry event(Path file, String text) {
        return new UserLogEntry(file, text, "alice");
    }

    Transaction submit() {
        Transaction tx = new Submission("schedd", AdLimits.DEFAULT).decide(JOB, 1, null, queue.nextClusterId(), 100);
        queue.apply(tx);
        return tx;
    }

    Transaction status(JobStatus status) {
        Transaction tx = Transaction.builder().status(new JobId(1, 0), status, 200).build();
        queue.apply(tx);
        return tx;
    }

    /** Commits {@code tx} with {@code events}, as the scheduler's owner thread does, and waits until it is on disk. */
    static void commit(QueueLog log, Transaction tx, UserLogEntry... events) throws Exception {
        for (UserLogEntry e : events) {
            log.keep(e);
        }
        log.append(tx).get(30, TimeUnit.SECONDS);
    }

    static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file) : "<none>";
    }

    byte[] queueLog() throws IOException {
        return Files.readAllBytes(spool().resolve(QueueLog.FILE));
    }

    /** The events the queue log keeps that it does not say are through. */
    List<KeptEvent> kept() throws IOException {
        return LogCodec.decode(queueLog()).events().stream().map(e -> new KeptEvent(e.seq(), LogCodec.entry(e))).toList();
    }

    @Test
    void anEventIsWrittenOnlyOnceItsChangeIsOnDiskAndARestartDoesNotWriteItAgain() throws Exception {
        Path log = dir.resolve("job.log");
        Held appender = new Held();
        try (QueueLog q = open(appender)) {
            commit(q, submit(), event(log, SUBMITTED));
            assertEquals(List.of(new KeptEvent(1, event(log, SUBMITTED))), kept(), "kept in the transaction on disk");
            assertFalse(Files.exists(log), "the file is written after the log, by the appender");
            appender.runAll();
            assertEquals(SUBMITTED, read(log));
        }
        restart().close();
        assertEquals(SUBMITTED, read(log), "the file had it: not written again");
    }

    @Test
    void eventsACrashKeptFromTheirFilesAreWrittenAtTheRestartInOrderAndOnlyThose() throws Exception {
        Path a = dir.resolve("a.log");
        Path b = dir.resolve("b.log");
        try (QueueLog q = open(new Held())) {
            commit(q, submit(), event(a, SUBMITTED), event(b, SUBMITTED));
            commit(q, status(JobStatus.RUNNING), event(a, EXECUTING));
            commit(q, status(JobStatus.COMPLETED), event(a, TERMINATED));
        } // killed: the appender never ran
        Files.writeString(a, "older\n...\n" + SUBMITTED + EXECUTING.substring(0, 25)); // one whole, one cut short
        restart().close();
        assertEquals("older\n...\n" + SUBMITTED + EXECUTING + TERMINATED, read(a));
        assertEquals(SUBMITTED, read(b));
        restart().close();
        assertEquals("older\n...\n" + SUBMITTED + EXECUTING + TERMINATED, read(a), "a second restart adds nothing");
        assertEquals(SUBMITTED, read(b));
    }

    @Test
    void theRestartCheckRunsOnTheAppendersThreadBeforeAnyNewEvent() throws Exception {
        Path log = dir.resolve("job.log");
        try (QueueLog q = open(new Held())) {
            commit(q, submit(), event(log, SUBMITTED));
        }
        Held appender = new Held();
        QueueLog.Recovery r = QueueLog.open(spool(), HistoryLimits.DEFAULT, new LogAppender(appender));
        assertFalse(Files.exists(log), "open did not touch the file: a hung file system cannot hold up the start");
        commit(r.log(), status(JobStatus.RUNNING), event(log, EXECUTING));
        appender.runAll();
        r.log().close();
        assertEquals(SUBMITTED + EXECUTING, read(log), "the missing event first, then the new one");
    }

    @Test
    void theEventsOfAChangeTheCrashTookBackAreNeverWritten() throws Exception {
        Path log = dir.resolve("job.log");
        try (QueueLog q = open(new Held())) {
            commit(q, submit(), event(log, SUBMITTED));
            commit(q, status(JobStatus.RUNNING), event(log, EXECUTING));
        }
        try (FileChannel ch = FileChannel.open(spool().resolve(QueueLog.FILE), StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() - 3); // the second transaction's end is lost
        }
        QueueLog.Recovery r = QueueLog.open(spool(), HistoryLimits.DEFAULT, new LogAppender(Runnable::run));
        r.log().close();
        assertEquals(JobStatus.IDLE, JobQueue.status(r.queue().ad(new JobId(1, 0))));
        assertEquals(SUBMITTED, read(log), "the start the crash took back is not in the log");
    }

    @Test
    void eventsTheLogSaysAreThroughAreNotCheckedAgain() throws Exception {
        Path log = dir.resolve("job.log");
        try (QueueLog q = open(Runnable::run)) {
            commit(q, submit(), event(log, SUBMITTED));
            commit(q, status(JobStatus.RUNNING)); // its batch says event 1 is through
        }
        LogCodec.Decoded d = LogCodec.decode(queueLog());
        assertEquals(List.of(1L, 1L, List.of()), List.of(d.eventsWritten(), d.lastEvent(), d.events()),
                "event 1 is through, so the decoding does not keep it");
        Files.delete(log); // the user removed the log
        restart().close();
        assertFalse(Files.exists(log), "not written again: it was through before the restart");
    }

    @Test
    void aCompactedLogCarriesTheEventsNotYetThroughAndDropsTheRest() throws Exception {
        Path through = dir.resolve("through.log");
        Path pending = dir.resolve("pending.log");
        Held appender = new Held();
        try (QueueLog q = open(appender)) {
            commit(q, submit(), event(through, SUBMITTED));
            appender.runAll();
            commit(q, status(JobStatus.RUNNING), event(pending, EXECUTING));
            q.rewrite(queue).get(30, TimeUnit.SECONDS);
            assertEquals(List.of(new KeptEvent(2, event(pending, EXECUTING))), kept(), "only the event not yet through");
            assertEquals(2, LogCodec.decode(queueLog()).lastEvent());
        }
        Files.delete(through);
        QueueLog.Recovery r = QueueLog.open(spool(), HistoryLimits.DEFAULT, new LogAppender(Runnable::run));
        r.log().close();
        assertEquals(JobStatus.RUNNING, JobQueue.status(r.queue().ad(new JobId(1, 0))));
        assertEquals(EXECUTING, read(pending));
        assertFalse(Files.exists(through));
    }

    @Test
    void anEventRecordWithABadNumberIsCutOffWithItsTransaction() throws Exception {
        Path log = dir.resolve("job.log");
        try (QueueLog q = open(Runnable::run)) {
            commit(q, submit(), event(log, SUBMITTED));
        }
        String good = Files.readString(spool().resolve(QueueLog.FILE));
        Files.writeString(spool().resolve(QueueLog.FILE), good + "105\n110 x {\"alice\",\"/tmp/x\",\"text\"}\n106 00000000\n");
        QueueLog.Recovery r = QueueLog.open(spool(), HistoryLimits.DEFAULT, new LogAppender(Runnable::run));
        r.log().close();
        assertTrue(r.problem().contains("a bad user-log event number"), r.problem());
        assertEquals(good, Files.readString(spool().resolve(QueueLog.FILE)));
    }

    @Test
    void anEventWhoseFieldsDoNotParseIsLeftOutAndTheRestServed() throws Exception {
        Path log = dir.resolve("job.log");
        try (QueueLog q = open(new Held())) {
            commit(q, submit(), event(log, SUBMITTED));
        }
        String body = "105\n110 2 {\"alice\",\"/tmp/x\"}\n";
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        Files.writeString(spool().resolve(QueueLog.FILE), String.format("%s%s106 %08x%n", Files.readString(
                spool().resolve(QueueLog.FILE)), body, crc.getValue()));
        QueueLog.Recovery r = QueueLog.open(spool(), HistoryLimits.DEFAULT, new LogAppender(Runnable::run));
        r.log().close();
        assertEquals(null, r.problem());
        assertEquals(1, r.queue().size());
        assertEquals(SUBMITTED, read(log), "the good event is checked and written");
    }
}
