package org.harrier.scheduler.userlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.util.List;
import java.util.OptionalInt;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

/** Reading an event log back: what the writer wrote, what HTCondor writes, and logs cut short. */
class UserLogReaderTest {
    static final LocalDateTime T = LocalDateTime.of(2026, 11, 21, 12, 34, 56);

    static List<UserLogEvent> events() {
        return List.of(
                new UserLogEvent(UserLogEvent.SUBMIT, new JobId(7, 0), T, EventText.submitted("sched")),
                new UserLogEvent(UserLogEvent.SUBMIT, new JobId(7, 1), T, EventText.submitted("sched")),
                new UserLogEvent(UserLogEvent.EXECUTE, new JobId(7, 0), T.plusSeconds(1),
                        EventText.executing("exec", "slot1_1@exec")),
                new UserLogEvent(UserLogEvent.EVICTED, new JobId(7, 0), T.plusSeconds(2), EventText.requeued(
                        new EventText.Usage(1, 0), new EventText.Exit(false, 1, 0), "again")),
                new UserLogEvent(UserLogEvent.HELD, new JobId(7, 1), T.plusSeconds(3), EventText.held("why", 3, 42)),
                new UserLogEvent(UserLogEvent.TERMINATED, new JobId(7, 0), T.plusSeconds(4), EventText.terminated(
                        new EventText.Usage(2, 1), new EventText.Exit(false, 3, 0))),
                new UserLogEvent(UserLogEvent.ABORTED, new JobId(7, 1), T.plusSeconds(5), EventText.aborted("gone")));
    }

    static String log(List<UserLogEvent> events) {
        StringBuilder b = new StringBuilder();
        events.forEach(e -> b.append(e.format()));
        return b.toString();
    }

    @Test
    void whatTheWriterWritesReadsBackTheSame() {
        String log = log(events());
        UserLogReader.Parsed parsed = UserLogReader.parse(log);
        assertEquals(events(), parsed.events());
        assertEquals(log.length(), parsed.end());
    }

    @Test
    void aLastEventStillBeingWrittenIsLeftForLater() {
        String whole = log(events());
        String cut = whole.substring(0, whole.length() - 6); // the final "...\n" and a bit of the line before it
        UserLogReader.Parsed parsed = UserLogReader.parse(cut);
        assertEquals(events().subList(0, 6), parsed.events());
        String readOnFrom = cut.substring(0, parsed.end()) + whole.substring(parsed.end());
        assertEquals(events(), UserLogReader.parse(readOnFrom).events(), "a follower reads on from end()");
        assertEquals(events().subList(0, 1), UserLogReader.parse(whole.substring(0, events().get(0).format().length() + 10))
                .events());
    }

    @Test
    void anHTCondorLogWithOldDatesAndCarriageReturnsIsRead() {
        String htcondor = "000 (5173.000.000) 10/20 16:59:24 Job submitted from host: <128.105.165.51:37267>\r\n"
                + "...\r\n"
                + "001 (5173.000.000) 10/20 16:59:30 Job executing on host: <128.105.165.12:9618?addrs=x>\r\n"
                + "...\r\n"
                + "006 (5173.000.000) 10/20 17:04:32 Image size of job updated: 2040\n"
                + "\t1  -  MemoryUsage of job (MB)\n"
                + "...\n"
                + "005 (5173.000.000) 2025-10-20 17:05:11.123Z Job terminated.\n"
                + "\t(1) Normal termination (return value 0)\n"
                + "\t\tUsr 0 00:01:21, Sys 0 00:00:00  -  Run Remote Usage\n"
                + "...\n";
        List<UserLogEvent> events = UserLogReader.parse(htcondor, 2025).events();
        assertEquals(List.of(0, 1, 6, 5), events.stream().map(UserLogEvent::code).toList());
        assertEquals(LocalDateTime.of(2025, 10, 20, 16, 59, 24), events.get(0).time());
        assertEquals(new JobId(5173, 0), events.get(3).job());
        assertEquals("Job executing on host: <128.105.165.12:9618?addrs=x>", events.get(1).text());
        assertEquals(OptionalInt.of(0), events.get(3).returnValue());
        assertTrue(events.get(3).isFinal());
        assertFalse(events.get(1).isFinal());
    }

    @Test
    void garbageIsSkippedUpToTheNextEventEnd() {
        String log = "this is not an event\nnor is this\n...\n" + events().get(0).format()
                + "000 (000.000.000) 2026-11-21 12:34:56 Job submitted from host: <cluster 0 is not a job>\n...\n"
                + "012 (007.001.000) 2026-13-40 12:34:56 Job was held.\n...\n"
                + events().get(1).format();
        assertEquals(events().subList(0, 2), UserLogReader.parse(log).events());
    }

    @Test
    void theExitOfATerminationOrARequeueIsThere() {
        List<UserLogEvent> e = events();
        assertEquals(OptionalInt.of(3), e.get(5).returnValue());
        assertEquals(OptionalInt.of(1), e.get(3).returnValue());
        UserLogEvent killed = new UserLogEvent(UserLogEvent.TERMINATED, new JobId(1, 0), T,
                EventText.terminated(EventText.Usage.NONE, new EventText.Exit(true, 0, 9)));
        assertEquals(OptionalInt.of(9), killed.signal());
        assertEquals(OptionalInt.empty(), killed.returnValue());
        assertEquals("Job terminated.", killed.title());
    }

    @Test
    void anEmptyLogHasNoEvents() {
        assertEquals(new UserLogReader.Parsed(List.of(), 0), UserLogReader.parse(""));
        assertEquals(new UserLogReader.Parsed(List.of(), 0), UserLogReader.parse("000 (001.000.000) 2026-11-21 12:34:56 Job"));
    }
}
