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
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer over an appender on a direct executor (a queue in memory): each event is on disk when the call returns. */
class UserLogWriterTest {
    static final long T = 1_795_264_496L;

    @TempDir
    Path dir;

    final LogAppender appender = new LogAppender(Runnable::run);
    final UserLogWriter writer = new UserLogWriter(new UserLogEvents("sched", ZoneOffset.UTC), appender::append,
            Clock.fixed(Instant.ofEpochSecond(T), ZoneOffset.UTC));

    ClassAd job(int status, String log) {
        return ClassAd.builder().set("JobStatus", status).set("EnteredCurrentStatus", T).set("QDate", T)
                .set("Iwd", dir.toString()).set("UserLog", log).set("RemoteHost", "slot1_1@exec").build();
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
        UserLogReader.Parsed parsed = UserLogReader.read(log);
        assertEquals(150, parsed.events().size());
        assertEquals(Files.readString(log).length(), parsed.end(), "no partial or stray text");
        assertEquals(List.of(0, 1, 5), parsed.events().stream().filter(e -> e.job().equals(new JobId(3, 7)))
                .map(UserLogEvent::code).toList());
    }

    @Test
    void aRelativeLogIsRelativeToTheJobsIwd() throws IOException {
        writer.jobQueued(new JobId(1, 0), job(1, "relative.log"));
        assertEquals(List.of(0), codes(dir.resolve("relative.log")));
    }

    @Test
    void aJobWithoutALogWritesNothing() throws IOException {
        writer.jobQueued(new JobId(1, 0), ClassAd.builder().set("JobStatus", 1).build());
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
        }
        assertEquals(List.of(0, 0, 0), codes(good));
        assertFalse(Files.exists(Path.of(bad)));
    }

    @Test
    void aLogDeletedWhileJobsRunIsStartedAgain() throws IOException {
        Path log = dir.resolve("again.log");
        writer.jobQueued(new JobId(1, 0), job(1, log.toString()));
        Files.delete(log);
        writer.jobChanged(new JobId(1, 0), job(1, log.toString()), job(2, log.toString()));
        assertEquals(List.of(1), codes(log));
    }

    @Test
    void anAppenderWithItsOwnThreadWritesEverythingBeforeItCloses() throws IOException {
        Path log = dir.resolve("threaded.log");
        UserLogWriter threaded = UserLogWriter.inMemory("sched");
        for (int proc = 0; proc < 200; proc++) {
            threaded.jobQueued(new JobId(9, proc), job(1, log.toString()));
        }
        threaded.close();
        assertEquals(200, codes(log).size());
        threaded.jobQueued(new JobId(9, 200), job(1, log.toString())); // after close: dropped, no failure
        assertEquals(200, codes(log).size());
    }
}
