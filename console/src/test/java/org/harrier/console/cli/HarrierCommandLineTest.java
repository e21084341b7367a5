package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridConnector;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The harrier command line as a person meets it, run in-process with the connector of this
 * build against a loopback port where no broker listens.
 */
@Timeout(60)
class HarrierCommandLineTest {
    @TempDir
    Path dir;

    private Surroundings here;
    private String noBroker;

    @BeforeEach
    void setUp() throws IOException {
        here = new Surroundings(Map.of(), dir, dir, "alice", Clock.fixed(Instant.parse("2024-03-14T10:32:00Z"), ZoneOffset.UTC));
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            noBroker = "amqp://127.0.0.1:" + s.getLocalPort();
        }
        Files.writeString(dir.resolve("hello.sub"), """
                executable = /bin/echo
                arguments  = hello from Harrier
                output     = hello.out
                queue
                """);
    }

    private final AtomicInteger connections = new AtomicInteger();

    private Run run(String... args) {
        return Run.of(here, Harrier.defaultConnector(), args);
    }

    /** A connector that counts attempts and reaches nothing: for command lines that must not get that far. */
    private GridConnector neverConnects() {
        return broker -> {
            connections.incrementAndGet();
            throw new ConsoleFailure("this test has no grid");
        };
    }

    private String unreachable(String url) {
        return "harrier: cannot reach the broker at " + url + " (connection refused); is 'harrier up' running?\n";
    }

    @ParameterizedTest(name = "harrier --broker URL {0} says the broker is not there in one line")
    @ValueSource(strings = {"q", "status", "rm 1.0", "wait 1.0", "submit hello.sub", "q -long", "status --json",
        "hold 1.0", "release alice", "suspend -all", "continue 3", "qedit 1.0 JobPrio 3", "history", "history -limit 3",
        "q -hold", "q -run", "q -totals", "q -af Owner", "q -better-analyze 1.0", "status -total", "userprio",
        "userprio -setfactor bob 4", "limits", "limits -set db 2", "reschedule"})
    void unreachableBrokerIsOneLineAndExitStatusOne(String command) {
        String[] args = ("--broker " + noBroker + " " + command).split(" ");
        Run r = run(args);
        assertEquals(new Run(1, "", unreachable(noBroker)), r);
    }

    @Test
    void brokerOptionMayFollowTheSubcommand() {
        assertEquals(new Run(1, "", unreachable(noBroker)), run("q", "--broker", noBroker));
    }

    @Test
    void brokerComesFromTheEnvironmentWhenNotGiven() {
        here = here.withEnv(Map.of("HARRIER_BROKER", noBroker));
        assertEquals(new Run(1, "", unreachable(noBroker)), run("status"));
    }

    @Test
    void brokerComesFromTheUrlHarrierUpWroteToTheDataDirectory() throws IOException {
        Path data = Files.createDirectories(dir.resolve("grid"));
        Files.writeString(data.resolve("broker.url"), noBroker + "\n");
        assertEquals(new Run(1, "", unreachable(noBroker)), run("--data", "grid", "q"));
    }

    @Test
    void brokerOptionWinsOverEnvironmentAndFile() throws IOException {
        Files.createDirectories(dir.resolve(".harrier"));
        Files.writeString(dir.resolve(".harrier/broker.url"), "amqp://127.0.0.1:1\n");
        here = here.withEnv(Map.of("HARRIER_BROKER", "amqp://127.0.0.1:2"));
        assertEquals(new Run(1, "", unreachable(noBroker)), run("--broker", noBroker, "q"));
    }

    @Test
    void malformedBrokerUrlIsNamedWithItsSource() {
        here = here.withEnv(Map.of("HARRIER_BROKER", "localhost:5672"));
        Run r = run("q");
        assertEquals(1, r.status());
        assertEquals("harrier: 'localhost:5672' is not a broker URL: expected amqp://host:port (from $HARRIER_BROKER)\n",
                r.err());
    }

    @Test
    void submitDumpPrintsTheJobAdsWithoutABroker() {
        Run r = run("--broker", noBroker, "submit", "-dump", "hello.sub");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("MyType = \"Job\"\nTargetType = \"Machine\"\nClusterId = 1\nProcId = 0\n"
                + "Owner = \"alice\"\nJobUniverse = 5\nCmd = \"/bin/echo\"\nArgs = \"hello from Harrier\"\nEnvironment = \"\"\n"
                + "Iwd = \"" + dir + "\"\n"), r.out());
        assertTrue(r.out().endsWith("\n\n"), r.out());
    }

    @Test
    void submitDumpJsonIsAnArrayOfJobAds() {
        Run r = run("submit", "--dump", "--json", "hello.sub");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("[\n  {\n    \"MyType\": \"Job\",\n"), r.out());
        assertTrue(r.out().contains("\"Requirements\": \"/Expr((TARGET.Arch == "), r.out());
    }

    @Test
    void submitDumpPrintsEveryProcOfAQueueList() throws IOException {
        Files.writeString(dir.resolve("list.sub"), "executable = /bin/echo\narguments = $(x)\nqueue x in (a, b)\n");
        Run r = run("--broker", noBroker, "submit", "-dump", "list.sub");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("ProcId = 0\n") && r.out().contains("Args = \"a\"\n"), r.out());
        assertTrue(r.out().contains("ProcId = 1\n") && r.out().contains("Args = \"b\"\n"), r.out());
    }

    @Test
    void getenvAndEnvMacrosReadTheCallersEnvironment() throws IOException {
        here = here.withEnv(Map.of("PROJECT", "physics", "SECRET", "x"));
        Files.writeString(dir.resolve("env.sub"), "executable = /bin/echo\ngetenv = PROJ*\narguments = $ENV(PROJECT)\nqueue\n");
        Run r = run("submit", "-dump", "env.sub");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Args = \"physics\"\nEnvironment = \"PROJECT=physics\"\n"), r.out());
    }

    @Test
    void aMistakeInTheLastProcSubmitsNothingAndNeverAsksTheBroker() throws IOException {
        Files.writeString(dir.resolve("late.sub"), "executable = $(x)\nqueue x in (/bin/echo, /bin/true, /no/such/tool)\n");
        Run r = run("--broker", noBroker, "submit", "late.sub");
        assertEquals(new Run(1, "", "harrier: late.sub:1: executable /no/such/tool does not exist\n"), r);
    }

    @Test
    void badSubmitFileIsRefusedBeforeTheBrokerIsAsked() throws IOException {
        Files.writeString(dir.resolve("bad.sub"), "executable = /bin/echo\nrequest_memory = lots\nrequest_cpus = 1 +\nqueue\n");
        Run r = run("--broker", noBroker, "submit", "bad.sub");
        assertEquals(new Run(1, "", "harrier: bad.sub:3: request_cpus '1 +' is neither a number nor a ClassAd expression\n"), r);
    }

    @Test
    void missingSubmitFileIsNamed() {
        Run r = run("submit", "nothere.sub");
        assertEquals(new Run(1, "", "harrier: nothere.sub: cannot read the submit file: no such file\n"), r);
    }

    @Test
    void unknownOptionIsAUsageErrorNamingTheSubcommand() {
        Run r = run("q", "-bogus");
        assertEquals(2, r.status());
        assertEquals("harrier q: Unknown option: '-bogus'\nRun 'harrier q --help' for usage.\n", r.err());
    }

    @Test
    void unknownSubcommandIsAUsageError() {
        Run r = run("launch");
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("harrier: Unmatched argument at index 0: 'launch'"), r.err());
    }

    @Test
    void misspeltSubcommandIsAUsageErrorNamingWhatWasGiven() {
        Run r = run("sumbit", "hello.sub");
        assertEquals(2, r.status());
        assertEquals("harrier: Unmatched arguments from index 0: 'sumbit', 'hello.sub'\nRun 'harrier --help' for usage.\n", r.err());
    }

    @Test
    void aCommandLineThatNamesASubcommandBuildsThatOneAlone() {
        assertEquals(List.of(QueueCommand.class), HarrierCommand.subcommandsFor("q"));
        assertEquals(List.of(UserCommand.class), HarrierCommand.subcommandsFor("user"));
        assertEquals(List.of(), HarrierCommand.subcommandsFor("--version"));
        assertEquals(21, HarrierCommand.subcommandsFor("--help").size());
        assertEquals(HarrierCommand.subcommandsFor(null), HarrierCommand.subcommandsFor("launch"));
    }

    @Test
    void helpListsEverySubcommandInItsOrder() {
        Run r = run("--help");
        assertEquals(0, r.status());
        List<String> listed = r.out().lines().dropWhile(l -> !l.equals("Commands:")).skip(1)
                .takeWhile(l -> !l.isBlank()).filter(l -> l.startsWith("  ") && !l.startsWith("   "))
                .map(l -> l.strip().split("\\s+")[0]).toList();
        assertEquals(List.of("up", "submit", "q", "status", "hold", "release", "rm", "suspend", "continue", "vacate_job",
                "vacate", "qedit", "history", "wait", "userprio", "limits", "reschedule", "classad-eval", "demo", "user",
                "security"), listed, r.out());
    }

    @Test
    void versionNeedsNoSubcommand() {
        Run r = run("--version");
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("harrier "), r.out());
    }

    @Test
    void noSubcommandPrintsUsageAndExitsTwo() {
        Run r = run();
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("Usage: harrier"), r.err());
    }

    /**
     * A command line that parses but means nothing: exit status 2, the command named, a pointer
     * to --help, and no grid contacted (the connector counts every attempt).
     */
    @ParameterizedTest(name = "harrier {0}: {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '`', value = {
        "q -long --json => choose one of -long and --json",
        "q -long -af Owner => choose one of -long and -af",
        "q -hold -run => choose one of -hold and -run",
        "q -totals -long => -totals prints only the totals; it cannot go with -long",
        "q -af Owner== => -af 'Owner==' is not a ClassAd expression: line 1, column 8: expected an expression after"
            + " '==' but found end of input",
        "q 12.x => '12.x' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)",
        "status -constraint State== => -constraint 'State==' is not a ClassAd expression: line 1, column 8: expected"
            + " an expression after '==' but found end of input",
        "rm 12.x => '12.x' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)",
        "rm => name the jobs: job ids (12.0), clusters (12), owners, -constraint EXPR or -all",
        "hold -all 12 => -all cannot be combined with job ids, owners or -constraint",
        "release -constraint (Owner => -constraint '(Owner' is not a ClassAd expression: line 1, column 7: expected"
            + " ')' to close '(' but found end of input",
        "suspend => name the jobs: job ids (12.0), clusters (12), owners, -constraint EXPR or -all",
        "continue 1.2.3 => '1.2.3' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)",
        "qedit => name the jobs (12.0, 12, an owner or -constraint EXPR), then ATTR VALUE pairs",
        "qedit 12.0 RequestMemory => give ATTR VALUE pairs after the jobs, e.g. RequestMemory 2048 or Comment"
            + " '\"a string\"'; got RequestMemory",
        "qedit 12.0 RequestMemory 1+ => SetAttribute of RequestMemory: Value is not a valid ClassAd expression: line 1,"
            + " column 3: expected an expression after '+' but found end of input",
        "history -limit 0 => -limit must be at least 1, got 0",
        "history -long --json => choose one of -long and --json",
        "history 7x => '7x' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)",
        "wait 12 => wait takes one job, cluster.proc (e.g. 12.0), or a log file",
        "wait 12.0 3 => a job id takes no second id; give a log file to wait for some of its jobs",
        "wait 12.0 --timeout 0 => --timeout must be a positive number of seconds, got 0",
        "wait job.log 4.x => '4.x' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)",
        "q -better-analyze -hold 1.0 => -better-analyze prints an analysis; it cannot go with -hold, -run, -totals,"
            + " -long or -af",
        "status -total -long => -total prints only the summary; it cannot go with -long",
        "userprio -setprio alice 0.1 => -setprio alice: the priority must be a number of at least 0.5, got 0.1",
        "userprio -setfactor alice 0.5 => -setfactor alice: the priority factor must be a number of at least 1, got 0.5",
        "userprio -setaccum alice -1 => -setaccum alice: the accumulated usage must be a number of at least 0, got -1",
        "userprio -setprio alice lots => -setprio alice: 'lots' is not a number",
        "userprio -setprio alice NaN => -setprio alice: 'NaN' is not a number",
        "userprio -setprio alice 5 -setfactor bob 2 => give one of -setprio, -setfactor, -setaccum and -resetusage,"
            + " once",
        "userprio -resetusage bob -usage => an edit option changes one record; it cannot go with -usage, -allusers,"
            + " -long, --json or names to show",
        "userprio -long --json => choose one of -long and --json",
        "limits -set license_x -1 => -set license_x: the maximum must be a number of at least 0, got '-1'",
        "limits -set 9lives 2 => -set: '9lives' is not a concurrency limit name (letters, digits, '_' and '.', not"
            + " starting with a digit)",
        "limits -set db 2 --json => -set changes a limit; it cannot go with --json",
        "up --port 70000 => --port must be 0 (any free port) to 65535, got 70000",
        "up --periodic-expr-interval 0 => --periodic-expr-interval must be at least 1 second, got 0",
    })
    void meaninglessCommandLineIsExitStatusTwoAndContactsNoGrid(String line, String message) {
        String command = line.split(" ")[0];
        Run r = Run.of(here, neverConnects(), line.split(" "));
        assertEquals(new Run(2, "", "harrier " + command + ": " + message + "\nRun 'harrier " + command
                + " --help' for usage.\n"), r);
        assertEquals(0, connections.get(), "no grid is contacted for a bad command line");
    }

    @Test
    void editingAProtectedAttributeIsRefusedInTheSchedulersWordsWithoutContactingTheGrid() {
        Run r = Run.of(here, neverConnects(), "qedit", "12.0", "JobPrio", "3", "Owner", "\"mallory\"");
        assertEquals(1, r.status());
        assertEquals("harrier: SetAttribute cannot change Owner; protected are JobStatus, Owner, ClusterId, ProcId,"
                + " MyType, TargetType, QDate, GlobalJobId and CustomId\n", r.err());
        assertEquals("", r.out(), "not even JobPrio was set");
        assertEquals(0, connections.get());
    }

    @Test
    void waitingForALogThatNeverAppearsEndsWithTheTimeout() {
        Run r = Run.of(here, neverConnects(), "wait", "never.log", "--timeout", "1");
        assertEquals(new Run(1, "", "harrier: cannot read never.log: no such file\n"), r);
        assertEquals(0, connections.get(), "a log is read, not the grid");
    }

    @Test
    void waitingForALogWhoseJobsAreAllDoneNeedsNoGrid() throws IOException {
        Files.writeString(dir.resolve("done.log"), """
                000 (007.000.000) 2026-11-21 12:34:56 Job submitted from host: <10.0.0.1>
                ...
                000 (007.001.000) 2026-11-21 12:34:56 Job submitted from host: <10.0.0.1>
                ...
                005 (007.000.000) 2026-11-21 12:35:56 Job terminated.
                \t(1) Normal termination (return value 0)
                ...
                009 (007.001.000) 2026-11-21 12:36:56 Job was aborted.
                \tvia harrier rm
                ...
                """);
        assertEquals(new Run(0, "All jobs done.\n", ""), Run.of(here, neverConnects(), "wait", "done.log"));
        Run json = Run.of(here, neverConnects(), "wait", "done.log", "7.1", "--json");
        assertEquals(new Run(0, "[\n  {\n    \"Id\": \"7.1\",\n    \"Ended\": \"aborted\"\n  }\n]\n", ""), json);
        Run other = Run.of(here, neverConnects(), "wait", "done.log", "8", "--timeout", "1");
        assertEquals(new Run(1, "", "harrier: done.log mentions no job 8 (waited 1 s)\n"), other);
        assertEquals(0, connections.get());
    }

    @Test
    void classAdEvalBehavesAsClassadJar() {
        assertEquals(new Run(0, "2\ntrue\n", ""), run("classad-eval", "-my-ad", "[ a = 1 ]", "a + 1", "a == 1"));
        assertEquals(new Run(0, "2\n", ""), run("--broker", noBroker, "classad-eval", "1 + 1"));
    }

    @Test
    void classAdEvalHelpIsClassadJarsOwn() {
        Run r = run("classad-eval", "--help");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("classad-eval"), r.out());
        assertTrue(r.out().contains("-my-ad"), r.out());
    }

    @Test
    void topLevelHelpListsEveryCommand() {
        Run r = run("--help");
        assertEquals(0, r.status());
        for (String command : new String[] {"up", "submit", "q", "status", "hold", "release", "rm", "suspend", "continue",
            "qedit", "history", "wait", "userprio", "limits", "reschedule", "classad-eval", "demo"}) {
            assertTrue(r.out().contains("\n  " + command + " "), command + " missing from\n" + r.out());
        }
        assertTrue(r.out().contains("--broker=URL"), r.out());
    }

    @ParameterizedTest(name = "harrier {0} --help explains itself")
    @ValueSource(strings = {"up", "submit", "q", "status", "hold", "release", "rm", "suspend", "continue", "qedit",
        "history", "wait", "demo"})
    void everySubcommandHasHelpWithExamples(String command) {
        Run r = run(command, "--help");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Usage: harrier " + command), r.out());
        assertTrue(r.out().contains("--broker=URL"), r.out());
        assertTrue(r.out().contains("\nExample"), r.out());
        assertTrue(r.out().lines().allMatch(l -> l.length() <= 80), "fits 80 columns:\n" + r.out());
        assertEquals("", r.err());
    }
}
