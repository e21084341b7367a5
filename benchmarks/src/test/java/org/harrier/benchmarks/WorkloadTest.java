package org.harrier.benchmarks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Syntax;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The benchmark's workload and baseline are what the report says they are. Nothing here is
 * timed: speed is measured only by ClassAdBenchmark and JMH, never by the build.
 */
class WorkloadTest {

    @Test
    void everyJobAdIsA40AttributeOldSyntaxAdOfItsOwn() {
        ClassAd first = ClassAd.parse(Workload.jobAd(0), Syntax.OLD);
        ClassAd other = ClassAd.parse(Workload.jobAd(12_345), Syntax.OLD);
        assertAll(() -> assertEquals(Workload.JOB_ATTRIBUTES, first.size()),
                () -> assertEquals(Workload.JOB_ATTRIBUTES, other.size()),
                () -> assertNotEquals(first.lookup("GlobalJobId"), other.lookup("GlobalJobId")),
                () -> assertNotEquals(first.lookup("Args"), other.lookup("Args")),
                () -> assertEquals(Workload.jobAd(12_345), Workload.jobAd(12_345)));
    }

    @Test
    void machineAdsParseAndCarryTheStartdPolicy() {
        ClassAd machine = ClassAd.parse(Workload.machineAd(3), Syntax.OLD);
        assertAll(() -> assertEquals("START && WithinResourceLimits", machine.lookup("Requirements").unparse()),
                () -> assertTrue(machine.contains("KeyboardIdle")),
                () -> assertTrue(machine.contains("LoadAvg")));
    }

    @Test
    void mostButNotAllMachinesOfThePoolAcceptAJobInTheBaseline() {
        Pool pool = new Pool(4, 500);
        int matched = 0;
        for (Map<String, Object> job : pool.baselineJobs) {
            for (Map<String, Object> machine : pool.baselineMachines) {
                matched += Baseline.symmetricMatch(job, machine) ? 1 : 0;
            }
        }
        double fraction = matched / 2000.0;
        assertTrue(fraction > 0.8 && fraction < 0.95, "fraction matching " + fraction);
    }

    private static Map<String, Object> job() {
        return Baseline.literals(ClassAd.parse(Workload.jobAd(1), Syntax.OLD));
    }

    private static Map<String, Object> idleMachine() {
        Map<String, Object> m = new HashMap<>();
        m.put("Arch", "x86_64");
        m.put("OpSys", "LINUX");
        m.put("FileSystemDomain", "EXAMPLE.ORG");
        m.put("Cpus", 4L);
        m.put("Memory", 16_384L);
        m.put("Disk", 100_000_000L);
        m.put("KeyboardIdle", 3_600L);
        m.put("LoadAvg", 0.1);
        return m;
    }

    @Test
    void anIdleBigEnoughMachineMatchesComparingStringsIgnoringCase() {
        assertTrue(Baseline.symmetricMatch(job(), idleMachine()));
    }

    @ParameterizedTest(name = "{0} = {1} rejects the job")
    @CsvSource(delimiter = '|', textBlock = """
            Arch             | INTEL
            OpSys            | WINDOWS
            FileSystemDomain | other.org
            Cpus             | 0
            Memory           | 1
            Disk             | 10
            KeyboardIdle     | 900
            LoadAvg          | 0.3
            """)
    void aMachineFailingOneClauseRejectsTheJob(String attribute, String value) {
        Map<String, Object> machine = idleMachine();
        Object old = machine.get(attribute);
        machine.put(attribute, old instanceof Long ? (Object) Long.valueOf(value)
                : old instanceof Double ? (Object) Double.valueOf(value) : value);
        assertFalse(Baseline.symmetricMatch(job(), machine));
    }

    @ParameterizedTest(name = "a machine without {0} rejects the job")
    @CsvSource({"Arch", "OpSys", "FileSystemDomain", "Cpus", "Memory", "Disk", "KeyboardIdle", "LoadAvg"})
    void aMissingAttributeRejectsTheJobAsUndefinedDoes(String attribute) {
        Map<String, Object> machine = idleMachine();
        machine.remove(attribute);
        assertFalse(Baseline.symmetricMatch(job(), machine));
    }

    @Test
    void requestMemoryUsesMemoryUsageOnceTheJobHasRun() {
        Map<String, Object> job = job();
        job.put("ResidentSetSize", 20_000_000L); // 19,532 MiB: more than the machine has
        assertFalse(Baseline.symmetricMatch(job, idleMachine()));
    }

    @Test
    void theTextBaselineSplitsEachLineAtItsFirstEquals() {
        Map<String, String> map = Baseline.textMap("A = 1\nB = x == y\n\nC=\"s\"", false);
        assertEquals(Map.of("A", "1", "B", "x == y", "C", "\"s\""), map);
    }

    @Test
    void theReportTakesItsSettingsFromTheCommandLine() {
        ClassAdBenchmark.Options defaults = ClassAdBenchmark.Options.parse(new String[0]);
        ClassAdBenchmark.Options set = ClassAdBenchmark.Options.parse(
                new String[] {"--warmup", "0.5", "--round", "3", "--rounds", "5", "--heap-ads", "1000", "--only", "parse"});
        assertAll(() -> assertEquals(new ClassAdBenchmark.Options(2, 1, 3, 100_000, null, false), defaults),
                () -> assertEquals(new ClassAdBenchmark.Options(0.5, 3, 5, 1000, "parse", false), set),
                () -> assertTrue(ClassAdBenchmark.Options.parse(new String[] {"--help"}).help()),
                () -> assertEquals(7, ClassAdBenchmark.Options.parse(new String[] {"--long"}).rounds()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --warmup          | --warmup needs a value
            --rounds § 0      | --rounds takes a positive number, not '0'
            --round § fast    | --round takes a positive number, not 'fast'
            --only § speed    | --only takes match, parse or heap, not 'speed'
            --verbose         | unknown option '--verbose'
            """)
    void rejectsABadCommandLine(String line, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClassAdBenchmark.Options.parse(line.split(" § ")));
        assertEquals(message, e.getMessage());
    }
}
