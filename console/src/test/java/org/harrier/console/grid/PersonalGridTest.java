package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harrier commands against a real personal grid in this JVM: embedded broker, collector,
 * scheduler and exec service running real processes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class PersonalGridTest {
    private Path dir;
    private PersonalGrid grid;
    private Surroundings here;

    @BeforeAll
    void startGrid(@TempDir Path tempDir) throws IOException {
        dir = tempDir;
        grid = PersonalGrid.start(new PersonalGrid.Settings(dir.resolve("data"), 0, Duration.ofSeconds(1)));
        Path work = Files.createDirectories(dir.resolve("work"));
        here = new Surroundings(Map.of(), work, dir, System.getProperty("user.name"), Clock.systemDefaultZone());
    }

    @AfterAll
    void stopGrid() {
        grid.close();
        assertFalse(Files.exists(dir.resolve("data/broker.url")), "broker.url is removed when the grid stops");
    }

    private Run harrier(String... args) {
        return Run.of(here, Harrier.defaultConnector(), args);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(here.workingDir().resolve(name), text);
    }

    /** harrier q until its output contains {@code text}; the grid decides when, the test only waits. */
    private Run qUntil(String text, String... args) throws InterruptedException {
        return until("'" + text + "'", out -> out.contains(text), args);
    }

    /** harrier {@code args} until its output is {@code ok}; the grid decides when, the test only waits. */
    private Run until(String what, Predicate<String> ok, String... args) {
        Run[] last = new Run[1];
        return Await.value("harrier to show " + what, Duration.ofSeconds(60), () -> {
            last[0] = harrier(args);
            return ok.test(last[0].out()) ? last[0] : null;
        }, () -> last[0] == null ? "" : "\n" + last[0].out() + last[0].err());
    }

    @Test
    void brokerUrlIsWrittenForTheOtherCommands() throws IOException {
        assertEquals(grid.url() + "\n", Files.readString(dir.resolve("data/broker.url"), StandardCharsets.UTF_8));
        Run r = Run.of(here, Harrier.defaultConnector(), "--data", dir.resolve("data").toString(), "status");
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void helloJobRunsToCompletionAndWritesItsOutput() throws Exception {
        write("hello.sub", "executable = /bin/echo\narguments = hello from Harrier\noutput = hello.out\n"
                + "error = hello.err\nqueue\n");
        Run submitted = harrier("--broker", grid.clientUrl(), "submit", "hello.sub");
        assertEquals(0, submitted.status(), submitted.err());
        String cluster = submitted.out().replaceAll("(?s).*submitted to cluster (\\d+)\\.\\s*", "$1");
        assertEquals("Submitting job(s).\n1 job(s) submitted to cluster " + cluster + ".\n", submitted.out());

        Run waited = harrier("--broker", grid.clientUrl(), "wait", cluster + ".0", "--timeout", "60");
        assertEquals(0, waited.status(), waited.err());
        assertTrue(waited.out().lines().skip(1).findFirst().orElse("").matches(
                "\\s+" + cluster + "\\.0\\s+\\S+\\s+.* C\\s+.*echo hello from Harrier"), waited.out());
        assertEquals("hello from Harrier\n", Files.readString(here.workingDir().resolve("hello.out")));
    }

    @Test
    void clusterAndProcessMacrosNameEachJobsOutput() throws Exception {
        write("many.sub", "executable = /bin/echo\narguments = job $(Cluster).$(Process)\n"
                + "output = many.$(Cluster).$(Process).out\nqueue 3\n");
        Run submitted = harrier("--broker", grid.clientUrl(), "submit", "--json", "many.sub");
        assertEquals(0, submitted.status(), submitted.err());
        JsonNode result = new ObjectMapper().readTree(submitted.out());
        long cluster = result.get("ClusterId").asLong();
        assertEquals(3, result.get("Count").asInt());
        for (int proc = 0; proc < 3; proc++) {
            Run waited = harrier("--broker", grid.clientUrl(), "wait", cluster + "." + proc, "--timeout", "60");
            assertEquals(0, waited.status(), waited.err());
            assertEquals("job " + cluster + "." + proc + "\n",
                    Files.readString(here.workingDir().resolve("many." + cluster + "." + proc + ".out")));
        }
    }

    @Test
    void jobNoMachineSatisfiesStaysIdleUntilRemoved() throws Exception {
        write("never.sub", "executable = /bin/echo\nrequirements = TARGET.Memory > 1000000000\nqueue\n");
        Run submitted = harrier("--broker", grid.clientUrl(), "submit", "--json", "never.sub");
        long cluster = new ObjectMapper().readTree(submitted.out()).get("ClusterId").asLong();
        Run q = qUntil(" I ", "--broker", grid.clientUrl(), "q", Long.toString(cluster));
        assertTrue(q.out().contains("1 jobs; 0 completed, 0 removed, 1 idle, 0 running, 0 held, 0 suspended"), q.out());

        Run rm = harrier("--broker", grid.clientUrl(), "rm", Long.toString(cluster));
        assertEquals(new Run(0, "All jobs in cluster " + cluster + " have been marked for removal\n", ""), rm);
        Run waited = harrier("--broker", grid.clientUrl(), "wait", cluster + ".0", "--timeout", "60");
        assertEquals(1, waited.status(), "a removed job is not a completed one");
        assertTrue(waited.out().contains(" X "), waited.out());
    }

    @Test
    void runningJobIsKilledByRm() throws Exception {
        write("sleep.sub", "executable = /bin/sleep\narguments = 600\nqueue\n");
        Run submitted = harrier("--broker", grid.clientUrl(), "submit", "--json", "sleep.sub");
        long cluster = new ObjectMapper().readTree(submitted.out()).get("ClusterId").asLong();
        qUntil(" R ", "--broker", grid.clientUrl(), "q", cluster + ".0");

        Run rm = harrier("--broker", grid.clientUrl(), "rm", cluster + ".0");
        assertEquals(new Run(0, "Job " + cluster + ".0 marked for removal\n", ""), rm);
        assertEquals(1, harrier("--broker", grid.clientUrl(), "wait", cluster + ".0", "--timeout", "60").status());
    }

    @Test
    void betterAnalyzeExplainsWhyAJobNoSlotSatisfiesIsIdle() throws Exception {
        write("huge.sub", "executable = /bin/echo\nrequirements = TARGET.Memory > 1000000000\nqueue\n");
        Run submitted = harrier("--broker", grid.clientUrl(), "submit", "--json", "huge.sub");
        long cluster = new ObjectMapper().readTree(submitted.out()).get("ClusterId").asLong();
        String id = cluster + ".0";
        // The slot reaches the collector in its own time: until the analysis counts it.
        Run r = until("an analysis of at least one slot", out -> out.contains("Run analysis summary")
                && !out.contains("Of 0 slots"), "--broker", grid.clientUrl(), "q", "-better-analyze", id);
        String text = r.out();
        assertEquals(0, r.status(), r.err());
        assertTrue(text.contains(String.format("The Requirements expression for job %d.000 is", cluster)), text);
        assertTrue(text.matches("(?s).*\\[0\\] +0  TARGET\\.Memory > 1000000000\n.*"), text);
        Matcher all = Pattern.compile("Of (\\d+) slots?,\n +(\\d+) are rejected by your job's requirements").matcher(text);
        assertTrue(all.find() && all.group(1).equals(all.group(2)), "every slot rejected by the job\n" + text);
        assertTrue(text.endsWith("No resources matched request's constraints\n"), text);

        JsonNode json = new ObjectMapper().readTree(harrier("--broker", grid.clientUrl(), "q", "-better-analyze", id,
                "--json").out()).get(0);
        assertEquals(id, json.get("JobId").asText());
        assertEquals(json.get("Slots").asInt(), json.get("Rejected").get("REJECTED_BY_JOB").asInt(), json.toString());

        assertEquals(0, harrier("--broker", grid.clientUrl(), "rm", id).status());
    }

    @Test
    void rescheduleFindsTheNegotiatorAndAsksForACycle() {
        assertEquals(new Run(0, "Sent \"Reschedule\" command to the negotiator\n", ""),
                harrier("--broker", grid.clientUrl(), "reschedule"));
    }

    @Test
    void statusTotalIsTheSummaryAlone() {
        Run r = harrier("--broker", grid.clientUrl(), "status", "-total");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().isEmpty() || r.out().startsWith(
                "                  Total Owner Claimed Unclaimed Matched Preempting  Drain\n"), r.out());
    }

    @Test
    void statusListsThisMachinesSlot() throws Exception {
        Run table = harrier("--broker", grid.clientUrl(), "status");
        assertEquals(0, table.status(), table.err());
        assertTrue(table.out().startsWith("Name "), table.out());
        assertTrue(table.out().contains("Total"), table.out());

        JsonNode slots = new ObjectMapper().readTree(harrier("--broker", grid.clientUrl(), "status", "--json").out());
        assertTrue(slots.isArray() && slots.size() >= 1, slots.toString());
        assertTrue(slots.get(0).has("Name") && slots.get(0).has("Memory"), slots.toString());

        Run none = harrier("--broker", grid.clientUrl(), "status", "-constraint", "Memory < 0");
        assertEquals(new Run(0, "", ""), none);
    }

    @Test
    void queueAsJsonAndLong() throws Exception {
        Run json = harrier("--broker", grid.clientUrl(), "q", "--json");
        assertEquals(0, json.status(), json.err());
        assertTrue(new ObjectMapper().readTree(json.out()).isArray(), json.out());
        assertEquals(0, harrier("--broker", grid.clientUrl(), "q", "-long").status());
    }
}
