package org.harrier.scheduler.userlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which events a crash kept from their files: the file ends with the first of them, in order, and lacks the rest. */
class UserLogRepairTest {
    static final String SUBMITTED = "000 (007.000.000) 2026-11-28 14:00:01 Job submitted from host: <sched>\n...\n";
    static final String EXECUTING = "001 (007.000.000) 2026-11-28 14:00:02 Job executing on host: <exec>\n...\n";
    static final String HELD = "012 (007.000.000) 2026-11-28 14:00:03 Job was held.\n\tby the owner\n...\n";
    static final String RELEASED = "013 (007.000.000) 2026-11-28 14:00:03 Job was released.\n...\n";

    @TempDir
    Path dir;

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static UserLogRepair.Found found(String file, String... texts) {
        return UserLogRepair.found(bytes(file), List.of(texts).stream().map(UserLogRepairTest::bytes).toList());
    }

    static int written(String file, String... texts) {
        return found(file, texts).written();
    }

    @Test
    void theFileEndsWithTheEventsItHasFromTheFirst() {
        assertEquals(0, written("", SUBMITTED, EXECUTING));
        assertEquals(0, written("older events\n...\n", SUBMITTED, EXECUTING));
        assertEquals(1, written("older\n...\n" + SUBMITTED, SUBMITTED, EXECUTING));
        assertEquals(2, written(SUBMITTED + EXECUTING, SUBMITTED, EXECUTING));
        assertEquals(0, written(EXECUTING, SUBMITTED, EXECUTING), "a later event alone is not the start of these");
    }

    @Test
    void anEventWrittenTwiceInTheSameSecondIsCountedByItsPlaceNotItsText() {
        // held, released, held again: the file that ends with the first hold has only one of three.
        assertEquals(1, written(SUBMITTED + HELD, HELD, RELEASED, HELD));
        assertEquals(2, written(SUBMITTED + HELD + RELEASED, HELD, RELEASED, HELD));
        assertEquals(3, written(SUBMITTED + HELD + RELEASED + HELD, HELD, RELEASED, HELD));
    }

    @Test
    void theStartOfTheNextEventAfterTheLastWholeOneIsACopyCutShort() {
        String torn = EXECUTING.substring(0, 20);
        assertEquals(new UserLogRepair.Found(1, 20), found("older\n...\n" + SUBMITTED + torn, SUBMITTED, EXECUTING));
        assertEquals(new UserLogRepair.Found(0, 20), found(SUBMITTED.substring(0, 20), SUBMITTED, EXECUTING),
                "a file with nothing but the first event cut short");
        assertEquals(new UserLogRepair.Found(1, 0), found(SUBMITTED + "someone else's text", SUBMITTED, EXECUTING),
                "not the next event: left alone");
        assertEquals(new UserLogRepair.Found(2, 0), found(SUBMITTED + EXECUTING, SUBMITTED, EXECUTING));
    }

    @Test
    void missingIsEachFilesShareAfterWhatItHas() throws IOException {
        Path a = dir.resolve("a.log");
        Path b = dir.resolve("b.log");
        Path gone = dir.resolve("gone.log");
        Files.writeString(a, "older\n...\n" + SUBMITTED);
        Files.writeString(b, SUBMITTED + EXECUTING);
        List<UserLogEntry> check = List.of(new UserLogEntry(a, SUBMITTED, "alice"), new UserLogEntry(b, SUBMITTED, "bob"),
                new UserLogEntry(gone, SUBMITTED, "carol"), new UserLogEntry(a, EXECUTING, "alice"),
                new UserLogEntry(b, EXECUTING, "bob"), new UserLogEntry(a, HELD, "alice"));
        assertEquals(List.of(new UserLogEntry(a, EXECUTING, "alice"), new UserLogEntry(a, HELD, "alice"),
                new UserLogEntry(gone, SUBMITTED, "carol")), UserLogRepair.missing(check));
    }

    @Test
    void aCopyCutShortIsCutOffSoThatTheEventIsWrittenWhole() throws IOException {
        Path log = dir.resolve("torn.log");
        Files.writeString(log, SUBMITTED + EXECUTING.substring(0, 30));
        assertEquals(List.of(new UserLogEntry(log, EXECUTING, "alice")), UserLogRepair.missing(
                List.of(new UserLogEntry(log, SUBMITTED, "alice"), new UserLogEntry(log, EXECUTING, "alice"))));
        assertEquals(SUBMITTED, Files.readString(log));
    }

    @Test
    void aLoneEventCutShortJustBeforeItsEndIsToldFromTheEventBeforeIt() throws IOException {
        Path log = dir.resolve("lone.log");
        Files.writeString(log, SUBMITTED + EXECUTING.substring(0, EXECUTING.length() - 2));
        assertEquals(List.of(new UserLogEntry(log, EXECUTING, "alice")),
                UserLogRepair.missing(List.of(new UserLogEntry(log, EXECUTING, "alice"))));
        assertEquals(SUBMITTED, Files.readString(log));
    }
}
