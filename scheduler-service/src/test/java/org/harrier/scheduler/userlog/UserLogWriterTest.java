package org.harrier.scheduler.userlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer on a direct executor: each event is on disk when the call returns. */
class UserLogWriterTest {
    static final long T = 1_795_264_496L;

    @TempDir
    Path dir;

    final UserLogWriter writer = new UserLogWriter(new UserLogEvents("sched", ZoneOffset.UTC), new LogAppender(Runnable::run),
            Clock.fixed(Instant.ofEpochSecond(T), ZoneOffset.UTC));

    ClassAd job(int status, String log) {
        return ClassAd.builder().set("JobStatus", status).set("EnteredCurrentStatus", T).set("QDate", T)
                .set("Iwd", dir.toString()).set("UserLog", log).set("RemoteHost", "slot1_1@exec").build();
    }

    /** Ends the transaction being told, on disk at once (as with a journal that keeps nothing). */
    void onDisk(UserLogWriter w) {
        w.committed(CompletableFuture.completedFuture(null));
    }

    List<Integer> codes(Path log) throws IOException {
        return UserLogReader.read(log).events().stream().map(UserLogEvent::code).toList();
    }

    @Test
    void manyJobsShareOneLogAndEachEventStaysWhole() throws IOException {
        Path log = dir.resolve("cluster.log");
        for (int proc = 0; proc < 50; proc++) {
            writer.jobQueued(new JobId(3, proc), job(1, log.toString()));
        }
        for (int proc = 0; proc < 50; proc++) {
            writer.jobChanged(new JobId(3, proc), job(1, log.toString()), job(2, log.toString()));
            writer.jobChanged(new JobId(3, proc), job(2, log.toString()), job(4, log.toString()));
        }
        onDisk(writer);
        UserLogReader.Parsed parsed = UserLogReader.read(log);
        assertEquals(150, parsed.events().size());
        assertEquals(Files.readString(log).length(), parsed.end(), "no partial or stray text");
        assertEquals(List.of(0, 1, 5), parsed.events().stream().filter(e -> e.job().equals(new JobId(3, 7)))
                .map(UserLogEvent::code).toList());
    }

    @Test
    void aRelativeLogIsRelativeToTheJobsIwd() throws IOException {
        writer.jobQueued(new JobId(1, 0), job(1, "relative.log"));
        onDisk(writer);
        assertEquals(List.of(0), codes(dir.resolve("relative.log")));
    }

    @Test
    void aJobWithoutALogWritesNothing() throws IOException {
        writer.jobQueued(new JobId(1, 0), ClassAd.builder().set("JobStatus", 1).build());
        onDisk(writer);
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void anUnwritableLogDoesNotStopTheJobOrOtherLogs() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        String bad = notADirectory.resolve("job.log").toString();
        Path good = dir.resolve("good.log");
        for (int i = 0; i < 3; i++) {
            writer.jobQueued(new JobId(1, i), job(1, bad));
            writer.jobQueued(new JobId(2, i), job(1, good.toString()));
            onDisk(writer);
        }
        assertEquals(List.of(0, 0, 0), codes(good));
        assertFalse(Files.exists(Path.of(bad)));
    }

    @Test
    void aLogDeletedWhileJobsRunIsStartedAgain() throws IOException {
        Path log = dir.resolve("again.log");
        writer.jobQueued(new JobId(1, 0), job(1, log.toString()));
        onDisk(writer);
        Files.delete(log);
        writer.jobChanged(new JobId(1, 0), job(1, log.toString()), job(2, log.toString()));
        onDisk(writer);
        assertEquals(List.of(1), codes(log));
    }

    @Test
    void anEventWaitsUntilItsChangeIsOnDiskAndTransactionsAreLoggedInTheirOrder() throws IOException {
        Path log = dir.resolve("held.log");
        writer.jobQueued(new JobId(1, 0), job(1, log.toString()));
        assertFalse(Files.exists(log), "nothing before its transaction is appended");
        CompletableFuture<Void> first = new CompletableFuture<>();
        writer.committed(first);
        writer.jobChanged(new JobId(1, 0), job(1, log.toString()), job(2, log.toString()));
        CompletableFuture<Void> second = new CompletableFuture<>();
        writer.committed(second);
        assertFalse(Files.exists(log), "nothing before its transaction is on disk");
        first.complete(null);
        assertEquals(List.of(0), codes(log));
        second.complete(null);
        assertEquals(List.of(0, 1), codes(log));
    }

    @Test
    void theEventsOfAChangeThatNeverReachesTheDiskAreNotWritten() throws IOException {
        Path log = dir.resolve("lost.log");
        writer.jobQueued(new JobId(1, 0), job(1, log.toString()));
        onDisk(writer);
        writer.jobChanged(new JobId(1, 0), job(1, log.toString()), job(2, log.toString()));
        writer.committed(CompletableFuture.failedFuture(new IOException("No space left on device")));
        assertEquals(List.of(0), codes(log), "the start a crash would take back is not logged");
    }

    @Test
    void anAppenderWithItsOwnThreadWritesEverythingBeforeItCloses() throws IOException {
        Path log = dir.resolve("threaded.log");
        LogAppender appender = LogAppender.start();
        UserLogWriter threaded = new UserLogWriter(new UserLogEvents("sched", ZoneOffset.UTC), appender, Clock.systemUTC());
        for (int proc = 0; proc < 200; proc++) {
            threaded.jobQueued(new JobId(9, proc), job(1, log.toString()));
        }
        onDisk(threaded);
        threaded.close();
        assertEquals(200, codes(log).size());
        threaded.jobQueued(new JobId(9, 200), job(1, log.toString())); // after close: dropped, no failure
        onDisk(threaded);
        assertEquals(200, codes(log).size());
    }
}
