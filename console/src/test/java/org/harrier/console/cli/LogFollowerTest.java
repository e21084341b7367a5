package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Following a log file as it grows, an event at a time, even when one is caught half written. */
class LogFollowerTest {
    private static final String SUBMIT = "000 (012.000.000) 2026-11-21 12:34:56 Job submitted from host: <10.0.0.1>\n...\n";
    private static final String TERMINATED = "005 (012.000.000) 2026-11-21 12:35:10 Job terminated.\n"
            + "\t(1) Normal termination (return value 0)\n\tJob ran on \u00e9t\u00e9-host\n...\n";

    @TempDir
    Path dir;

    private void append(Path log, String text) throws IOException {
        Files.writeString(log, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static List<Integer> codes(List<UserLogEvent> events) {
        return events.stream().map(UserLogEvent::code).toList();
    }

    @Test
    void eachEventIsReadOnceEvenWhenCaughtHalfWritten() throws IOException {
        Path log = dir.resolve("job.log");
        LogFollower follower = new LogFollower(log);
        append(log, SUBMIT);
        assertEquals(List.of(0), codes(follower.readNew()));
        assertEquals(List.of(), codes(follower.readNew()), "nothing new");

        int cut = TERMINATED.indexOf("\u00e9") + 1; // inside a two-byte character of a line not yet ended
        byte[] bytes = TERMINATED.getBytes(StandardCharsets.UTF_8);
        int byteCut = TERMINATED.substring(0, cut).getBytes(StandardCharsets.UTF_8).length - 1;
        Files.write(log, java.util.Arrays.copyOf(bytes, byteCut), StandardOpenOption.APPEND);
        assertEquals(List.of(), codes(follower.readNew()), "an event without its ... line is not read yet");

        Files.write(log, java.util.Arrays.copyOfRange(bytes, byteCut, bytes.length), StandardOpenOption.APPEND);
        List<UserLogEvent> events = follower.readNew();
        assertEquals(List.of(5), codes(events));
        assertEquals("Job terminated.\n\t(1) Normal termination (return value 0)\n\tJob ran on \u00e9t\u00e9-host",
                events.get(0).text());
        append(log, SUBMIT);
        assertEquals(List.of(0), codes(follower.readNew()), "bytes after a multi-byte character are counted right");
    }

    @Test
    void aLogThatGotShorterIsReadAgainFromItsStart() throws IOException {
        Path log = dir.resolve("job.log");
        LogFollower follower = new LogFollower(log);
        append(log, SUBMIT + TERMINATED);
        assertEquals(List.of(0, 5), codes(follower.readNew()));
        Files.writeString(log, SUBMIT);
        assertEquals(List.of(0), codes(follower.readNew()));
    }

    @Test
    void aLogNotThereYetIsNoSuchFile() {
        LogFollower follower = new LogFollower(dir.resolve("later.log"));
        assertThrows(NoSuchFileException.class, follower::readNew);
    }
}
