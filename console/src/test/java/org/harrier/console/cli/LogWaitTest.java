package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** condor_wait's reading of a log: done once every job submitted has terminated or been aborted. */
class LogWaitTest {
    private static final LocalDateTime T = LocalDateTime.of(2026, 11, 21, 12, 0);

    /** "0:12.0 1:12.0 5:12.0" as events: code, then job. */
    private static List<UserLogEvent> events(String text) {
        List<UserLogEvent> out = new ArrayList<>();
        for (String e : text.split(" ")) {
            String[] parts = e.split(":");
            String[] id = parts[1].split("\\.");
            int code = Integer.parseInt(parts[0]);
            String body = switch (code) {
                case 0 -> "Job submitted from host: <127.0.0.1>";
                case 5 -> "Job terminated.\n\t(1) Normal termination (return value 3)";
                case 9 -> "Job was aborted.\n\tvia harrier rm";
                default -> "Something happened.";
            };
            out.add(new UserLogEvent(code, new JobId(Integer.parseInt(id[0]), Integer.parseInt(id[1])), T, body));
        }
        return out;
    }

    @ParameterizedTest(name = "after {1} (waiting for {0}): done {2}, pending {3}")
    @CsvSource(delimiterString = " :: ", nullValues = "-", value = {
        "- :: 0:12.0 :: false :: 12.0",
        "- :: 0:12.0 1:12.0 5:12.0 :: true :: -",
        "- :: 0:12.0 0:12.1 0:12.2 1:12.0 5:12.0 9:12.2 :: false :: 12.1",
        "- :: 0:12.0 0:12.1 0:12.2 5:12.0 9:12.2 4:12.1 1:12.1 5:12.1 :: true :: -",
        "- :: 0:12.0 5:12.0 0:13.0 :: false :: 13.0",
        "12 :: 0:12.0 5:12.0 0:13.0 :: true :: -",
        "13.0 :: 0:12.0 0:13.0 0:13.1 5:13.0 :: true :: -",
        "13.1 :: 0:12.0 0:13.0 0:13.1 5:13.0 :: false :: 13.1",
        "14 :: 0:12.0 5:12.0 :: false :: -",
        "- :: 12:12.0 13:12.0 :: false :: -",
    })
    void doneWhenEverySubmittedJobHasEnded(String only, String log, boolean done, String pending) {
        LogWait w = LogWait.of(only == null ? null : JobRef.parse(only)).read(events(log));
        assertEquals(done, w.allDone());
        assertEquals(pending == null ? List.of() : Arrays.asList(pending.split(" ")), w.pending());
    }

    @Test
    void readingInPiecesIsReadingAllAtOnce() {
        List<UserLogEvent> all = events("0:12.0 0:12.1 1:12.0 5:12.0 1:12.1 9:12.1");
        LogWait whole = LogWait.of(null).read(all);
        LogWait pieces = LogWait.of(null);
        for (UserLogEvent e : all) {
            assertFalse(pieces.allDone(), "not done before the last event");
            pieces = pieces.read(List.of(e));
        }
        assertEquals(whole, pieces);
        assertTrue(pieces.allDone());
    }

    @Test
    void saysHowEachJobEnded() {
        LogWait w = LogWait.of(null).read(events("0:12.0 0:12.1 0:12.2 5:12.0 9:12.1"));
        assertEquals(Map.of("12.0", "terminated (return value 3)", "12.1", "aborted", "12.2", ""), w.ended());
        assertEquals(List.of("12.0", "12.1", "12.2"), List.copyOf(w.ended().keySet()), "in the order submitted");
    }

    @Test
    void anEmptyLogMentionsNoJobAndIsNotDone() {
        LogWait w = LogWait.of(null).read(List.of());
        assertFalse(w.sawAnyJob());
        assertFalse(w.allDone());
    }
}
