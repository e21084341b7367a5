package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The vacate time MAXVACATETIME and a job's JobMaxVacateTime grant together; pure. */
class VacateTimeTest {
    static final ClassAd SLOT = ClassAd.builder().set("Cpus", 4).set("Memory", 2048).build();
    static final EvalContext CONTEXT = EvalContext.create();
    static final Duration KILL_GRACE = Duration.ofSeconds(2);

    @ParameterizedTest(name = "MAXVACATETIME {0}, job [{1}]: {2} ms, {3} notes")
    @CsvSource(delimiter = '|', value = {
            // Not configured: the kill grace, cut by a smaller job time only.
            "                         | RequestCpus = 1                                   | 2000   | 0",
            "                         | JobMaxVacateTime = 1                              | 1000   | 0",
            "                         | JobMaxVacateTime = 60                             | 2000   | 0",
            // The machine's expression sees the job as TARGET.
            "600                      | RequestCpus = 1                                   | 600000 | 0",
            "TARGET.RequestCpus * 10  | RequestCpus = 3                                   | 30000  | 0",
            "MY.Cpus * 10             | RequestCpus = 1                                   | 40000  | 0",
            "7.5                      | RequestCpus = 1                                   | 7500   | 0",
            // The job's expression sees the slot as TARGET; the smaller wins, a job cannot ask for more.
            "600                      | JobMaxVacateTime = TARGET.Cpus * 5                | 20000  | 0",
            "600                      | JobMaxVacateTime = ifThenElse(MY.Big, 900, 30); Big = true | 600000 | 0",
            "600                      | JobMaxVacateTime = ifThenElse(MY.Big, 900, 30); Big = false | 30000 | 0",
            "600                      | JobMaxVacateTime = 0                              | 0      | 0",
            // Nonsense counts as 0, as HTCondor's startd takes a failed EvalInteger, and is noted.
            "TARGET.NoSuchAttribute   | RequestCpus = 1                                   | 0      | 1",
            "\"ten minutes\"          | RequestCpus = 1                                   | 0      | 1",
            "-5                       | RequestCpus = 1                                   | 0      | 1",
            "600                      | JobMaxVacateTime = TARGET.NoSuchAttribute         | 0      | 1",
            "600                      | JobMaxVacateTime = -1                             | 0      | 1",
            "                         | JobMaxVacateTime = \"soon\"                       | 0      | 1",
            "1/0                      | JobMaxVacateTime = 1/0                            | 0      | 2"})
    void theSmallerOfTheMachinesAndTheJobsTimeIsGranted(String machine, String job, long millis, int notes) {
        VacateTime.Grant g = VacateTime.granted(machine == null ? null : Expr.parse(machine), KILL_GRACE, SLOT,
                ClassAd.parse("[ Owner = \"alice\"; " + job + " ]"), CONTEXT);
        assertAll(() -> assertEquals(Duration.ofMillis(millis), g.time()),
                () -> assertEquals(notes, g.notes().size(), g.notes().toString()),
                () -> g.notes().forEach(n -> assertTrue(n.contains("counts as 0"), n)));
    }

    @ParameterizedTest(name = "MAXVACATETIME = {0} is {1} ms")
    @CsvSource(delimiter = '|', value = {"600 | 600000", "0 | 0", "2.5 | 2500", "10 * 60 | 600000",
            "TARGET.RequestCpus * 10 | ", "ifThenElse(MY.Cpus > 2, 60, 10) | "})
    void aConstantMaxVacateTimeIsAlsoTheKillGrace(String expr, Long millis) {
        assertEquals(millis == null ? Optional.empty() : Optional.of(Duration.ofMillis(millis)),
                VacateTime.constant(Expr.parse(expr)));
    }

    @ParameterizedTest(name = "MAXVACATETIME = {0} is refused")
    @CsvSource(delimiter = '|', value = {"-1", "\"600\"", "true", "undefined", "1/0"})
    void aConstantThatIsNoNumberOfSecondsIsRefused(String expr) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VacateTime.constant(Expr.parse(expr)));
        assertTrue(e.getMessage().startsWith("MAXVACATETIME = "), e.getMessage());
    }
}
