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
import java.util.Map;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
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

    private Run run(String... args) {
        return Run.of(here, Harrier.defaultConnector(), args);
    }

    private String unreachable(String url) {
        return "harrier: cannot reach the broker at " + url + " (connection refused); is 'harrier up' running?\n";
    }

    @ParameterizedTest(name = "harrier --broker URL {0} says the broker is not there in one line")
    @ValueSource(strings = {"q", "status", "rm 1.0", "wait 1.0", "submit hello.sub", "q -long", "status --json"})
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
    void noSubcommandPrintsUsageAndExitsTwo() {
        Run r = run();
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("Usage: harrier"), r.err());
    }

    @Test
    void longAndJsonTogetherAreRefused() {
        assertEquals(new Run(1, "", "harrier: choose one of -long and --json\n"), run("q", "-long", "--json"));
    }

    @Test
    void malformedConstraintIsRefusedBeforeConnecting() {
        Run r = run("--broker", noBroker, "status", "-constraint", "State ==");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("harrier: -constraint 'State ==' is not a ClassAd expression: "), r.err());
    }

    @ParameterizedTest(name = "harrier {0} refuses a bad job id")
    @ValueSource(strings = {"rm", "wait"})
    void badJobIdIsRefused(String command) {
        assertEquals(new Run(1, "", "harrier: '12.x' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)\n"),
                run("--broker", noBroker, command, "12.x"));
    }

    @Test
    void waitWantsOneJobNotACluster() {
        assertEquals(new Run(1, "", "harrier: wait takes one job, cluster.proc (e.g. 12.0)\n"), run("wait", "12"));
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
        for (String command : new String[] {"up", "submit", "q", "status", "rm", "wait", "classad-eval", "demo"}) {
            assertTrue(r.out().contains("\n  " + command + " "), command + " missing from\n" + r.out());
        }
        assertTrue(r.out().contains("--broker=URL"), r.out());
    }

    @ParameterizedTest(name = "harrier {0} --help explains itself")
    @ValueSource(strings = {"up", "submit", "q", "status", "rm", "wait", "demo"})
    void everySubcommandHasHelp(String command) {
        Run r = run(command, "--help");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Usage: harrier " + command), r.out());
        assertTrue(r.out().contains("--broker=URL"), r.out());
        assertEquals("", r.err());
    }
}
