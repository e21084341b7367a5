package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.userlog.LogAppender;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogEvents;
import org.harrier.scheduler.userlog.UserLogReader;
import org.harrier.scheduler.userlog.UserLogWriter;
import org.harrier.testing.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scheduler whose events also go to the jobs' user logs: the log tells each job's story. */
class UserLogScheddTest {
    static final JobId J0 = new JobId(1, 0);

    @TempDir
    Path dir;

    final ManualExecutor owner = new ManualExecutor();
    final SettableClock clock = new SettableClock(Instant.parse("2026-11-21T12:00:00Z"));
    final RecordingStartds startds = new RecordingStartds();
    final Schedd schedd = new Schedd("sched1", SchedulerSettings.defaults().withHistorySize(100), startds,
            EventFanout.of(new RecordingEvents(), new UserLogWriter(new UserLogEvents("host1", ZoneOffset.UTC),
                    new LogAppender(Runnable::run)::append, clock)), owner, clock);

    <T> T await(CompletableFuture<T> f) {
        owner.runAll();
        return f.join();
    }

    Path log() {
        return dir.resolve("job.log");
    }

    JobId submit(String attribute, String expression) {
        return await(schedd.submit(JobAds.valid().set("UserLog", log().toString()).setExpr(attribute, expression).build()));
    }

    ClaimGrant run(JobId job) {
        await(schedd.matched(List.of(new SlotMatch(await(schedd.requests()).get(0).requestId(),
                RecordingStartds.slot("slot1@host1")))));
        ClaimGrant g = startds.grantNext();
        owner.runAll();
        startds.answerAll("Activate");
        assertTrue(await(schedd.reports().jobStarted(job, g.claimId(), "slot1_1@host1")));
        return g;
    }

    List<String> story() throws IOException {
        return UserLogReader.read(log()).events().stream().map(e -> String.format("%03d %s", e.code(), e.title())).toList();
    }

    @Test
    void aJobThatRanTwiceAndCompletedTellsItAll() throws IOException {
        submit("OnExitRemove", "NumJobStarts >= 2");
        ClaimGrant g = run(J0);
        clock.advance(Duration.ofSeconds(5));
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(1))));
        startds.answerAll("Activate");
        assertTrue(await(schedd.reports().jobStarted(J0, g.claimId(), "slot1_1@host1")));
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(0))));
        assertEquals(List.of(
                "000 Job submitted from host: <host1>",
                "001 Job executing on host: <host1>",
                "004 Job was evicted.",
                "001 Job executing on host: <host1>",
                "005 Job terminated."), story());
        List<UserLogEvent> events = UserLogReader.read(log()).events();
        assertTrue(events.get(2).text().contains("\t(0) Job terminated and was requeued\n"), events.get(2).text());
        assertEquals(1, events.get(2).returnValue().getAsInt());
        assertEquals(0, events.get(4).returnValue().getAsInt());
        assertEquals(Instant.parse("2026-11-21T12:00:05Z"), events.get(2).time().toInstant(ZoneOffset.UTC));
    }

    @Test
    void holdReleaseAndRemoveAreLogged() throws IOException {
        submit("PeriodicHold", "time() - QDate > 60");
        clock.advance(Duration.ofSeconds(61));
        assertEquals(1, (int) await(schedd.evaluatePolicy()));
        await(schedd.release("1.0"));
        await(schedd.remove("1.0", "not needed"));
        assertEquals(List.of(
                "000 Job submitted from host: <host1>",
                "012 Job was held.",
                "013 Job was released.",
                "009 Job was aborted."), story());
        List<UserLogEvent> events = UserLogReader.read(log()).events();
        assertTrue(events.get(1).text().endsWith("\n\tCode 3 Subcode 0"), events.get(1).text());
        assertEquals("Job was aborted.\n\tnot needed", events.get(3).text());
    }
    @Test
    void anEvictedJobIsLoggedAsEvictedOnceAndRunsAgain() throws IOException {
        submit("RequestCpus", "1");
        ClaimGrant g = run(J0);
        clock.advance(Duration.ofSeconds(30));
        ExitReport evicted = ExitReport.evicted(15, 61.0, 2.0, 30.0);
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), evicted)));
        assertEquals(false, await(schedd.reports().jobExited(J0, g.claimId(), evicted)), "a repeated report changes nothing");
        run(J0);
        assertEquals(List.of(
                "000 Job submitted from host: <host1>",
                "001 Job executing on host: <host1>",
                "004 Job was evicted.",
                "001 Job executing on host: <host1>"), story());
        UserLogEvent e = UserLogReader.read(log()).events().get(2);
        assertEquals("""
                Job was evicted.
                \t(0) Job was not checkpointed.
                \t\tUsr 0 00:01:01, Sys 0 00:00:02  -  Run Remote Usage
                \t\tUsr 0 00:00:00, Sys 0 00:00:00  -  Run Local Usage
                \t0  -  Run Bytes Sent By Job
                \t0  -  Run Bytes Received By Job""", e.text());
        assertEquals(Instant.parse("2026-11-21T12:00:30Z"), e.time().toInstant(ZoneOffset.UTC));
    }
}
