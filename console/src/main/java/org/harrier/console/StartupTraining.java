package org.harrier.console;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Records {@code console/target/harrier.jsa}, the class-data sharing archive {@code bin/harrier}
 * starts every command with; run at package time. It starts a personal grid in a child process,
 * then runs the everyday commands against it in a second child JVM given
 * {@code -XX:ArchiveClassesAtExit}, which writes every class they loaded when it exits. The
 * connection and QMF path must be among them: a run that only fails to connect leaves out most
 * of what {@code harrier q} loads. The grid has a JVM of its own so the broker's and services'
 * classes stay out of the archive.
 *
 * <p>The archive is written under a temporary name, tried with {@code -Xshare:on} and only then
 * renamed into place: the JVM crashes on a truncated archive rather than ignoring it, so a
 * half-written one must never carry the name {@code bin/harrier} looks for. It only makes
 * commands start faster, so nothing here fails the build: a grid that does not come up, a command
 * that fails or an archive that will not load is reported on stdout, and without an archive
 * {@code bin/harrier} starts commands as before. An archive that still loads the same way (same
 * JVM, jars of the same sizes and times) is kept, so a build that changed nothing records nothing.
 * Single-threaded; the grid and the recording JVM are other processes.
 */
public final class StartupTraining {
    private static final Duration GRID_START = Duration.ofSeconds(90);
    private static final Duration CHILD_DEADLINE = Duration.ofSeconds(120);
    /** Variables that would point the commands at another grid than the one started here. */
    private static final List<String> FOREIGN_GRID_ENV = List.of(GridLocation.BROKER_ENV, GridLocation.USER_ENV,
            GridLocation.PASSWORD_FILE_ENV, GridLocation.CA_FILE_ENV);
    /** Quiet: CDS prints a line for each class it cannot keep (generated proxies, and picocli's when not upgraded). */
    private static final List<String> NO_CDS_LOG = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    private StartupTraining() {
    }

    /** {@code StartupTraining ARCHIVE WORK_DIR}: WORK_DIR holds the grid's data while training and is removed after. */
    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: StartupTraining ARCHIVE WORK_DIR (removed when done)");
        }
        Path archive = Path.of(args[0]).toAbsolutePath();
        Path work = Path.of(args[1]).toAbsolutePath();
        Path recording = archive.resolveSibling(archive.getFileName() + ".recording");
        if (Files.exists(archive) && loads(archive)) {
            // Same JVM, same jars (sizes and times): a build that changed nothing keeps it.
            System.out.println("startup archive: " + archive + " is up to date");
            return;
        }
        Files.deleteIfExists(archive); // recorded for other jars or another JVM: useless now
        Files.deleteIfExists(recording);
        deleteTree(work);
        Files.createDirectories(work);
        Process grid = null;
        try {
            grid = startGrid(work);
            List<String> options = new ArrayList<>(List.of("-XX:ArchiveClassesAtExit=" + recording, "-XX:TieredStopAtLevel=1"));
            options.addAll(NO_CDS_LOG);
            String failed = runJava(options, Commands.class.getName(), work.toString());
            String unusable = failed != null || !Files.exists(recording) ? "not recorded"
                    : loads(recording) ? null : "it does not load";
            if (unusable == null) {
                Files.move(recording, archive, StandardCopyOption.ATOMIC_MOVE);
            }
            System.out.println("startup archive: " + (unusable == null ? archive + ", trained on " + commands(work).size()
                    + " commands against a personal grid" : "none (" + (failed != null ? failed : unusable) + ")"));
        } catch (IllegalStateException | IOException | UncheckedIOException e) {
            System.out.println("startup archive: none (" + e.getMessage() + ")");
        } finally {
            if (grid != null) {
                grid.destroy(); // SIGTERM: the grid stops its services and broker in order
                if (!grid.waitFor(CHILD_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                    grid.destroyForcibly().waitFor();
                }
            }
            Files.deleteIfExists(recording);
            deleteTree(work);
        }
    }

    /** The recording JVM: runs {@link #commands} against the grid whose data is in {@code WORK_DIR/data}. */
    public static final class Commands {
        private Commands() {
        }

        public static void main(String[] args) throws IOException {
            Harrier.prepare(new String[0]); // as main prepares every command but up
            List<String> failed = train(Path.of(args[0]));
            if (!failed.isEmpty()) {
                System.err.println("these failed: " + String.join(", ", failed));
                System.exit(Harrier.FAILED);
            }
        }
    }

    /**
     * What a user types most, in forms that between them load every class a command needs
     * before and after the broker: parsing, help and usage errors, the submit language, the
     * connection, locating agents, the scheduler's and collector's methods, the tables.
     */
    static List<List<String>> commands(Path work) {
        String data = work.resolve("data").toString();
        return List.of(
                List.of("--data", data, "submit", "training.sub"),
                List.of("--data", data, "q"),
                List.of("--data", data, "q", "-totals"),
                List.of("--data", data, "q", "1.0"),
                List.of("--data", data, "q", "-long", "-constraint", "JobStatus == 5"),
                List.of("--data", data, "q", "-af", "ClusterId", "Owner"),
                List.of("--data", data, "q", "--json"),
                List.of("--data", data, "status"),
                List.of("--data", data, "history", "-limit", "5"),
                List.of("--data", data, "rm", "1"),
                List.of("submit", "-dump", "training.sub"),
                List.of("--help"),
                List.of("--version"),
                List.of("q", "--help"),
                List.of("classad-eval", "1 + 1"));
    }

    private static List<String> train(Path work) throws IOException {
        Files.writeString(work.resolve("training.sub"), """
                # held, so the grid runs nothing while the build trains
                executable = /bin/true
                hold = true
                queue
                """, StandardCharsets.UTF_8);
        Map<String, String> env = new HashMap<>(System.getenv());
        FOREIGN_GRID_ENV.forEach(env::remove);
        Surroundings here = Surroundings.current().withEnv(env);
        Surroundings surroundings = new Surroundings(env, work, here.home(), here.user(), here.clock());
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        List<String> failed = new ArrayList<>();
        for (List<String> command : commands(work)) {
            String[] args = command.toArray(String[]::new);
            int status;
            // Connecting early as Harrier.main does, so the archive holds that path too.
            try (EarlyConnection early = EarlyConnection.begin(args, surroundings, Harrier.defaultConnector())) {
                status = Harrier.run(args, surroundings, early, new ByteArrayInputStream(new byte[0]), discard, discard);
            }
            if (status != Harrier.OK) {
                failed.add("'" + String.join(" ", command) + "' (" + status + ")");
            }
        }
        return failed;
    }

    /** {@code harrier up} on a free port, in a JVM of its own; returns once it has written its broker URL. */
    private static Process startGrid(Path work) throws IOException, InterruptedException {
        Path data = work.resolve("data");
        Path log = work.resolve("grid.log");
        List<String> command = java(List.of("-XX:TieredStopAtLevel=1"), Harrier.class.getName(),
                "--data", data.toString(), "up", "--port", "0");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Path urlFile = data.resolve(GridLocation.BROKER_FILE);
        long deadline = System.nanoTime() + GRID_START.toNanos();
        while (!Files.exists(urlFile)) {
            if (!p.isAlive()) {
                throw new IllegalStateException("harrier up exited " + p.exitValue() + ": " + lastLine(log));
            }
            if (System.nanoTime() > deadline) {
                p.destroyForcibly().waitFor();
                throw new IllegalStateException("harrier up wrote no " + urlFile + " within " + GRID_START.toSeconds() + " s");
            }
            Thread.sleep(50); // another process, nothing to await but its file
        }
        return p;
    }

    /**
     * Whether a command starts with {@code archive} and {@code -Xshare:on}, under which the JVM
     * refuses to run rather than ignore an archive of other jars, another JVM or a broken file.
     */
    private static boolean loads(Path archive) throws IOException, InterruptedException {
        List<String> options = new ArrayList<>(List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive));
        options.addAll(NO_CDS_LOG);
        return runJava(options, Harrier.class.getName(), "--version") == null;
    }

    /** This JVM's java, options, this class path, a main class and its arguments. */
    private static List<String> java(List<String> options, String mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        return command;
    }

    /** Null when the JVM exits 0 within the deadline, else what went wrong and the last line it printed. */
    private static String runJava(List<String> options, String mainClass, String... args)
            throws IOException, InterruptedException {
        Path output = Files.createTempFile("harrier-training", ".out");
        try {
            Process p = new ProcessBuilder(java(options, mainClass, args)).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            if (!p.waitFor(CHILD_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return mainClass + " did not finish within " + CHILD_DEADLINE.toSeconds() + " s";
            }
            return p.exitValue() == 0 ? null : mainClass + " exited " + p.exitValue() + ": " + lastLine(output);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String lastLine(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
