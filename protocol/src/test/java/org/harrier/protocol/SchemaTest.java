package org.harrier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaTest {
    private final Schema grid = Schema.grid();

    @Test
    void theGridSchemaHasTheClassesOfDesignSection4() {
        assertEquals("mrg.grid", grid.packageName());
        assertEquals(grid.packageName(), Schema.GRID_PACKAGE, "the constant names the package the file declares");
        for (String c : List.of("scheduler", "job", "submitter", "slot", "collector", "negotiator")) {
            assertTrue(grid.has(c), c);
        }
        assertTrue(grid.type("job").isOpen());
        assertEquals("CustomId", grid.type("job").key());
    }

    @ParameterizedTest(name = "{0} answers to {1}")
    @CsvSource({"Submit, SubmitJob", "SetAttribute, SetJobAttribute", "Hold, HoldJob", "Release, ReleaseJob",
            "Remove, RemoveJob", "Suspend, SuspendJob", "Continue, ContinueJob", "GetAd, GetJobAd"})
    void schedulerMethodsAnswerToTheirMrgGridAliases(String method, String alias) {
        ClassSchema scheduler = grid.type("scheduler");
        assertSame(scheduler.method(method), scheduler.method(alias));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no arguments                    | Submit needs argument 'Ad' (map)
            Ad is a string                  | argument 'Ad' of Submit must be map, got string
            an unknown argument             | Submit has no input argument 'Bogus'
            an output argument given        | Submit has no input argument 'Id'
            """)
    void badInputsAreRefusedWithAMessageNamingTheArgument(String which, String message) {
        MethodSchema submit = grid.type("scheduler").method("Submit");
        Map<String, Object> args = switch (which) {
            case "no arguments" -> Map.of();
            case "Ad is a string" -> Map.of("Ad", "x");
            case "an unknown argument" -> Map.of("Ad", Map.of(), "Bogus", 1);
            default -> Map.of("Ad", Map.of(), "Id", "1.0");
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> submit.checkInputs(args));
        assertEquals(message, e.getMessage());
    }

    @Test
    void integersOfAnyWidthBecomeLongsAndAreRangeChecked() {
        MethodSchema cluster = grid.type("scheduler").method("SubmitCluster");
        assertEquals(5L, cluster.checkInputs(Map.of("Ad", Map.of(), "Count", 5)).get("Count"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> cluster.checkInputs(Map.of("Ad", Map.of(), "Count", -1L)));
        assertEquals("argument 'Count' of SubmitCluster must be uint32, got -1 (out of range)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> cluster.checkInputs(Map.of("Ad", Map.of(), "Count", 2.5)));
    }
}
