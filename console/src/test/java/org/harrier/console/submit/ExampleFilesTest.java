package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every submit file in the repository's examples/ directory makes its jobs (what -dump prints). */
class ExampleFilesTest {
    static Stream<Path> examples() throws IOException {
        Path dir = Path.of("..", "examples").toAbsolutePath().normalize();
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> subs = files.filter(p -> p.toString().endsWith(".sub")).sorted().toList();
            assertFalse(subs.isEmpty(), "no .sub files in " + dir);
            return subs.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void exampleSubmitFileMakesItsJobs(Path file) {
        List<ClassAd> jobs = SubmitFile.read(file).jobs(TestContexts.alice(file.getParent()), 1);
        assertFalse(jobs.isEmpty(), file + " queues no job");
        assertTrue(jobs.stream().allMatch(j -> j.contains("Requirements") && j.contains("Cmd")), jobs::toString);
    }
}
