package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading KillSig, JobMaxVacateTime and the cgroup name from a job ad. */
class JobControlsTest {
    static final Duration MACHINE = Duration.ofSeconds(10);

    static ClassAd job(String... attributes) {
        ClassAd.Builder b = ClassAd.builder();
        for (int i = 0; i < attributes.length; i += 2) {
            b.set(attributes[i], org.harrier.classad.Expr.parse(attributes[i + 1]));
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({"SIGTERM, TERM", "sigusr1, USR1", "USR2, USR2", "10, USR1", "15, TERM", "' SIGHUP ', HUP", "SIGKILL, KILL"})
    void signalsAreNamedAsKillTakesThem(String text, String name) {
        assertEquals(name, JobControls.signalName(text));
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource({"SIGFOO", "0", "99", "''", "SIG"})
    void whatNamesNoSignalIsNone(String text) {
        assertNull(JobControls.signalName(text));
    }

    @Test
    void withoutKillSigOrJobMaxVacateTimeTheJobGetsSigtermAndTheMachinesTime() {
        JobControls c = JobControls.from(job(), "slot1_1@node", 512, MACHINE);
        assertAll(() -> assertEquals("TERM", c.killSignal()), () -> assertEquals(MACHINE, c.maxVacateTime()),
                () -> assertEquals(512, c.memoryLimitMiB()), () -> assertEquals("slot1_1@node", c.cgroupName()));
    }

    @ParameterizedTest(name = "KillSig {0}, JobMaxVacateTime {1}: {2}, {3} ms")
    @CsvSource({"'\"SIGUSR1\"', 3, USR1, 3000", "10, 30, USR1, 10000", "'\"SIGINT\"', 0, INT, 0",
            "'\"SIGTERM\"', 2.5, TERM, 2500", "undefined, undefined, TERM, 10000",
            // An expression, or nonsense, is evaluated by the startd when it vacates (VacateTime), not here.
            "undefined, TARGET.Cpus * 2, TERM, 10000", "undefined, -1, TERM, 10000", "undefined, '\"soon\"', TERM, 10000"})
    void theJobsSignalAndTheSmallerVacateTimeWin(String killSig, String maxVacate, String signal, long millis) {
        JobControls c = JobControls.from(job("KillSig", killSig, "JobMaxVacateTime", maxVacate), "slot1_1@n", 0,
                MACHINE);
        assertAll(() -> assertEquals(signal, c.killSignal()), () -> assertEquals(Duration.ofMillis(millis), c.maxVacateTime()));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"KillSig, '\"SIGNOPE\"'", "KillSig, 'true'"})
    void aControlTheStarterCannotHonourKeepsTheJobFromStarting(String attribute, String value) {
        JobSetupException e = assertThrows(JobSetupException.class,
                () -> JobControls.from(job(attribute, value), "slot1_1@n", 0, MACHINE));
        assertAll(() -> assertEquals(JobSetupException.FAILED_TO_CREATE_PROCESS, e.holdReasonCode()),
                () -> assertTrue(e.getMessage().startsWith(attribute), e.getMessage()));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({"slot1_1@node, slot1_1@node", "slot1_2@a/b, slot1_2@a_b", "'slot1 1@h', slot1_1@h", "slot1@../x, slot1@.._x"})
    void aCgroupNameIsTheSlotsWithNothingAPathWouldMisread(String slot, String name) {
        assertEquals(name, JobControls.cgroupName(slot));
    }

    @Test
    void aCgroupNameThatWouldLeaveTheDirectoryIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new JobControls("..", 0, "TERM", MACHINE));
        assertThrows(IllegalArgumentException.class, () -> new JobControls("a/b", 0, "TERM", MACHINE));
    }
}
