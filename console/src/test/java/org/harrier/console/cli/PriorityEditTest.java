package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** condor_userprio's edit options, read and checked before anything is sent. */
class PriorityEditTest {
    @ParameterizedTest(name = "[{index}] {0} {1} {2}")
    @CsvSource(delimiter = '|', value = {
            "PRIORITY | alice | 0.5   | The priority of alice was set to 0.500000",
            "PRIORITY | alice | 1e3   | The priority of alice was set to 1000.000000",
            "FACTOR   | bob   | 4     | The priority factor of bob was set to 4.000000",
            "USAGE    | bob   | 0     | The Accumulated Usage of bob was set to 0.000000",
            "USAGE    | g.bob | 12.25 | The Accumulated Usage of g.bob was set to 12.250000",
    })
    void goodValuesAreConfirmedAsCondorUserprioDoes(PriorityEdit.Kind kind, String name, String value, String said) {
        assertEquals(said, PriorityEdit.of(kind, List.of(name, value)).confirmation());
    }

    @ParameterizedTest(name = "[{index}] {0} {1} {2}")
    @CsvSource(delimiter = '|', value = {
            "PRIORITY | alice   | 0.49     | -setprio alice: the priority must be a number of at least 0.5, got 0.49",
            "FACTOR   | alice   | 0        | -setfactor alice: the priority factor must be a number of at least 1, got 0",
            "USAGE    | alice   | -0.5     | -setaccum alice: the accumulated usage must be a number of at least 0, got -0.5",
            "PRIORITY | alice   | Infinity | -setprio alice: 'Infinity' is not a number",
            "PRIORITY | alice   | 0x10     | -setprio alice: '0x10' is not a number",
            "PRIORITY | 'a b'   | 1        | -setprio needs a submitter or group name without spaces, got 'a b'",
    })
    void badValuesAreRefusedNamingTheOption(PriorityEdit.Kind kind, String name, String value, String message) {
        CommandLineError e = assertThrows(CommandLineError.class, () -> PriorityEdit.of(kind, List.of(name, value)));
        assertEquals(message, e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void resetUsageSaysSo() {
        assertEquals("The accumulated usage of bob was reset", PriorityEdit.reset("bob").confirmation());
    }
}
