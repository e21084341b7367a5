package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** harrier vacate and vacate_job on the command line: listed, helpful, and refusing bad input before the grid. */
class VacateCommandLineTest {
    @TempDir
    Path dir;

    Run run(String... args) {
        Surroundings here = new Surroundings(Map.of(), dir, dir, "alice",
                Clock.fixed(Instant.parse("2024-03-14T10:32:00Z"), ZoneOffset.UTC));
        return Run.of(here, Harrier.defaultConnector(), args);
    }

    @Test
    void topLevelHelpListsBoth() {
        Run r = run("--help");
        assertTrue(r.out().contains("\n  vacate "), r.out());
        assertTrue(r.out().contains("\n  vacate_job "), r.out());
    }

    @ParameterizedTest(name = "harrier {0} --help explains itself")
    @ValueSource(strings = {"vacate", "vacate_job"})
    void helpExplainsWithExamplesIn80Columns(String command) {
        Run r = run(command, "--help");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Usage: harrier " + command), r.out());
        assertTrue(r.out().contains("\nExample"), r.out());
        assertTrue(r.out().lines().allMatch(l -> l.length() <= 80), "fits 80 columns:\n" + r.out());
    }

    @Test
    void vacateNeedsASlotOrHostAndVacateJobSomeJobs() {
        Run noSlot = run("vacate");
        assertEquals(2, noSlot.status(), noSlot.err());
        assertTrue(noSlot.err().contains("SLOT|HOST"), noSlot.err());
        Run noJobs = run("vacate_job");
        assertTrue(noJobs.status() != 0, noJobs.out());
        assertEquals("", noJobs.out());
    }

    @Test
    void theLineForASlotSaysWhatWasVacated() {
        assertEquals("Sent vacate to slot1@h: no job was running there", VacateCommand.line("slot1@h", List.of()));
        assertEquals("Sent vacate to slot1@h: jobs 1.0, 2.0 vacated", VacateCommand.line("slot1@h", List.of("1.0", "2.0")));
    }
}
