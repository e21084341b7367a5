package org.harrier.benchmarks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The startup benchmark runs end to end once per command: the repository's bin/harrier, a real
 * {@code harrier up}, every figure printed. Nothing is timed: the lines are checked for being
 * there, never against the target.
 */
@Timeout(300)
class StartupBenchmarkTest {
    /** The module's tests run in benchmarks/; the launcher is the repository's. */
    private static final String LAUNCHER = Path.of("..", "bin", "harrier").toString();

    @Test
    void oneRunOfEachCommandPrintsEveryFigureBesideTheBaseline() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StartupBenchmark.run(StartupBenchmark.Options.parse(new String[] {"--runs", "1", "--harrier", LAUNCHER, "--no-build"}),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String report = bytes.toString(StandardCharsets.UTF_8);

        assertAll(report,
                () -> assertTrue(report.startsWith("Harrier startup: 1 runs of each command, taking turns, medians; ")),
                () -> assertTrue(report.contains("\nstartup archive: ")),
                () -> assertTrue(figure(report, "java_version_s", "java -version, the baseline; cpu ")),
                () -> List.of("q_totals_s", "q_s", "submit_s", "version_s", "help_s").forEach(name ->
                        assertTrue(figure(report, name, "harrier "), name)),
                () -> assertEquals(5, report.lines().filter(l -> l.contains(" over java -version, target within 0.2 s")).count()));
    }

    @Test
    void badOptionsAreNamed() {
        assertAll(
                () -> assertEquals("--runs must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                        () -> StartupBenchmark.Options.parse(new String[] {"--runs", "0", "--harrier", LAUNCHER})).getMessage()),
                () -> assertTrue(assertThrows(IllegalArgumentException.class,
                        () -> StartupBenchmark.Options.parse(new String[] {"--harrier", "no/such/harrier"})).getMessage()
                        .endsWith("no/such/harrier is not an executable launcher")),
                () -> assertEquals("unknown option --warmup", assertThrows(IllegalArgumentException.class,
                        () -> StartupBenchmark.Options.parse(new String[] {"--warmup"})).getMessage()));
    }

    /** A line with the figure's name, a value in seconds and a note starting with {@code note}. */
    private static boolean figure(String report, String name, String note) {
        return Pattern.compile("(?m)^" + Pattern.quote(name) + "\\s+[0-9]+\\.[0-9]{3}   " + Pattern.quote(note)).matcher(report).find();
    }
}
