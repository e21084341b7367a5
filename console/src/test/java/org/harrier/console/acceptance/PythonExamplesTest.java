package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.harrier.console.Run;
import org.harrier.console.grid.PersonalGrid;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python examples against a real personal grid, run as CI runs them: Debian's
 * python3-qpid-proton under /usr/bin/python3 (CI installs it; without it this test fails and
 * says so, it does not skip). submit.py queues the MRG example's /bin/sleep job, q.py lists it,
 * watch.py prints its status changes as the scheduler publishes them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(120)
class PythonExamplesTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final Pattern SUBMITTED = Pattern.compile("(?m)^Submitted job: (\\d+\\.\\d+)$");

    private PersonalGrid grid;
    private Path examples;
    private GridUser user;

    @BeforeAll
    void startGrid(@TempDir Path dir) throws Exception {
        Run proton = python(Duration.ofSeconds(30), "-c", "import proton");
        assertEquals(0, proton.status(), "/usr/bin/python3 cannot import proton; install Debian's python3-qpid-proton "
                + "(apt-get install python3-qpid-proton), as .ci/run does:\n" + proton.err());
        examples = examples();
        grid = PersonalGrid.start(new PersonalGrid.Settings(dir.resolve("data"), 0, Duration.ofSeconds(1)));
        user = new GridUser(grid.clientUrl(), Files.createDirectories(dir.resolve("work")));
    }

    @AfterAll
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    private static Run python(Duration limit, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(PYTHON.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        try {
            // Output is small; read both streams whole after the exit.
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError(String.join(" ", command) + " did not finish in " + limit.toSeconds() + " s");
            }
            return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                    new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
        }
    }

    private Run example(String script, String... args) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(examples.resolve(script).toString(), "--broker", grid.clientUrl()));
        line.addAll(List.of(args));
        return python(Duration.ofSeconds(60), line.toArray(String[]::new));
    }

    private static String submittedId(Run submitted) {
        assertEquals(0, submitted.status(), submitted.out() + submitted.err());
        Matcher m = SUBMITTED.matcher(submitted.out());
        assertTrue(m.find(), "submit.py prints 'Submitted job: <id>':\n" + submitted.out());
        return m.group(1);
    }

    /** First, so watch.py hears no other job of this grid: --count 3 counts every job's changes. */
    @Test
    @Order(1)
    void watchSeesTheSubmittedJobGoIdleRunningCompleted() throws Exception {
        Process watch = new ProcessBuilder(PYTHON.toString(), examples.resolve("watch.py").toString(), "--broker", grid.clientUrl(),
                "--count", "3", "--timeout", "30").redirectErrorStream(true).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8))) {
            // watch.py prints this once its subscription is in place: nothing after it is missed.
            assertEquals("watching job status changes (Ctrl-C to stop)", lines.readLine());

            Run submitted = example("submit.py", "--args", "1");
            String id = submittedId(submitted);
            // submit.py queries the job right after Submit; a quick grid may already have started it.
            assertTrue(submitted.out().matches("(?s).*\nJob status: (Idle|Running)\n.*"), submitted.out());
            assertTrue(submitted.out().contains("  Cmd = /bin/sleep\n") && submitted.out().contains("  Args = 1\n"),
                    submitted.out());

            List<String> changes = new ArrayList<>();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                changes.add(line);
            }
            assertTrue(watch.waitFor(30, TimeUnit.SECONDS), "watch.py stops after --count 3");
            assertEquals(0, watch.exitValue(), String.join("\n", changes));
            assertEquals(List.of(id + " (new) -> Idle", id + " Idle -> Running", id + " Running -> Completed"), changes);
        } finally {
            watch.destroyForcibly();
            watch.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    @Order(2)
    void qListsTheJobSubmitted() throws Exception {
        String id = submittedId(example("submit.py", "--args", "600", "--owner", "pyowner"));
        try {
            Run q = example("q.py", "--owner", "pyowner");
            assertEquals(0, q.status(), q.err());
            assertTrue(q.out().matches("(?s) ID +OWNER +ST  CMD\n " + Pattern.quote(id) + " +pyowner +[IR]  /bin/sleep 600\n"
                    + "\n1 jobs; 0 completed, 0 removed, [01] idle, [01] running, 0 held, 0 suspended\n"), q.out());
        } finally {
            assertEquals(0, user.harrier("rm", id).status(), "the sleeping job is removed");
        }
    }

    private static Path examples() throws IOException {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("python-examples"))) {
                return p.resolve("python-examples");
            }
        }
        throw new IOException("python-examples not found above " + Path.of("").toAbsolutePath());
    }
}
