package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.harrier.broker.GridBroker;
import org.harrier.console.Run;
import org.harrier.bus.Bus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTCondor user's commands on a real personal grid, each run as {@code bin/harrier} would run
 * it: hold, q -hold, release; suspend and continue; qedit; rm by constraint; history; wait on a
 * user log. What each printed and its exit status are checked, and what the grid did is watched
 * as a console watches it (job indications, the job's processes in /proc).
 *
 * <p>Gated jobs wait for a file in their Iwd before they end, so the test decides when a job may
 * finish; jobs that must stay idle ask for more memory than any machine has.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class JobControlCommandsTest {
    private static final String NEVER_MATCHES = "request_memory = 100000000\n";

    private GridSession grid;
    private Bus bus;
    private GridUser user;

    @BeforeAll
    void startGrid(@TempDir Path dir) throws IOException {
        grid = GridSession.start(dir);
        bus = grid.bus();
        user = grid.user();
    }

    @AfterAll
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    /** Submits one job that writes its pid to {@code name.pid}, then waits for the file {@code name.go}. */
    private String gatedJob(String name) {
        long cluster = user.submit(name + ".sub", "executable = /bin/sh\n"
                + "arguments = \"-c 'echo $$ > " + name + ".pid; while [ ! -e " + name + ".go ]; do sleep 0.05; done'\"\n"
                + "queue\n");
        return cluster + ".0";
    }

    private long pid(String name) {
        Path file = user.workDir().resolve(name + ".pid");
        Eventually.await(name + ".pid to be written", () -> {
            try {
                return Files.readString(file).endsWith("\n");
            } catch (IOException e) {
                return false;
            }
        });
        return Long.parseLong(user.read(name + ".pid").trim());
    }

    private static void awaitStatus(JobIndications jobs, String id, long status) {
        Eventually.await("job " + id + " to be published with JobStatus " + status, Eventually.PATIENCE,
                () -> !jobs.of(id).isEmpty() && jobs.of(id).get(jobs.of(id).size() - 1).status() == status,
                () -> jobs.of(id).toString());
    }

    private static void ok(Run r, String out) {
        assertEquals(new Run(0, out, ""), r);
    }

    /** The lines of a command's output, sorted: for -af listings whose order this test does not fix. */
    private static List<String> sortedLines(Run r) {
        assertEquals(0, r.status(), r::err);
        return r.out().lines().sorted().toList();
    }

    @Test
    void aHeldJobShowsItsReasonInQHoldAndAfterReleaseRunsToCompletion() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            String id = gatedJob("held");
            awaitStatus(jobs, id, 2);
            long firstRun = pid("held");
            Run running = user.harrier("q", "-run", id);
            assertTrue(running.out().startsWith(" ID      OWNER            SUBMITTED     RUN_TIME HOST(S)\n"), running.out());
            assertTrue(running.out().matches("(?s).*\n +" + id.replace(".", "\\.") + " .* slot\\S*@\\S+\n.*"),
                    running.out());

            Run notHeld = user.harrier("release", id);
            assertEquals(new Run(1, "", "harrier: job " + id + " is running; only held jobs can be released\n"), notHeld);

            ok(user.harrier("hold", id, "-reason", "waiting for the disk"), "Job " + id + " held\n");
            awaitStatus(jobs, id, 5);
            Eventually.await("the held job's process to be killed", () -> !Files.exists(Path.of("/proc/" + firstRun)));
            Run held = user.harrier("q", "-hold");
            assertTrue(held.out().startsWith(" ID      OWNER           HELD_SINCE HOLD_REASON\n"), held.out());
            assertTrue(held.out().matches("(?s).*\n +" + id.replace(".", "\\.") + " .* waiting for the disk.*"),
                    held.out());
            ok(user.harrier("q", id, "-af", "JobStatus", "HoldReasonCode"), "5 1\n");

            Files.delete(user.workDir().resolve("held.pid"));
            ok(user.harrier("release", id.substring(0, id.indexOf('.'))),
                    "All jobs in cluster " + id.substring(0, id.indexOf('.')) + " have been released\n");
            awaitStatus(jobs, id, 2);
            pid("held");
            user.write("held.go", "");
            Run waited = user.harrier("wait", id, "--timeout", "60");
            assertEquals(0, waited.status(), waited.err());
            assertEquals(List.of(1L, 2L, 5L, 1L, 2L, 4L), jobs.statusPath(id), () -> jobs.of(id).toString());
        }
    }

    @Test
    void aSuspendedJobIsStoppedAndAfterContinueCompletes() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            String id = gatedJob("paused");
            String cluster = id.substring(0, id.indexOf('.'));
            awaitStatus(jobs, id, 2);
            long pid = pid("paused");

            ok(user.harrier("suspend", id), "Job " + id + " suspended\n");
            awaitStatus(jobs, id, 7);
            Eventually.await("process " + pid + " to be stopped", Eventually.PATIENCE, () -> JobControlCallsTest.suspended(pid),
                    () -> "state " + state(pid));
            ok(user.harrier("q", id, "-af", "JobStatus"), "7\n");
            Run again = user.harrier("suspend", id);
            assertEquals(new Run(1, "", "harrier: job " + id + " is already suspended\n"), again);

            ok(user.harrier("continue", cluster), "All jobs in cluster " + cluster + " have been continued\n");
            awaitStatus(jobs, id, 2);
            Eventually.await("process " + pid + " to run again", Eventually.PATIENCE, () -> !JobControlCallsTest.suspended(pid),
                    () -> "state " + state(pid));
            user.write("paused.go", "");
            assertEquals(0, user.harrier("wait", id, "--timeout", "60").status());
            assertEquals(List.of(1L, 2L, 7L, 2L, 4L), jobs.statusPath(id), () -> jobs.of(id).toString());
        }
    }

    /** The state letter of /proc/<pid>/stat: 'T' when stopped, '?' when gone. */
    private static char state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (IOException e) {
            return '?';
        }
    }

    @Test
    void qeditChangesAnIdleJobAndRefusesWhatTheSchedulerRefuses() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            long cluster = user.submit("edited.sub", "executable = /bin/true\n" + NEVER_MATCHES + "queue\n");
            String id = cluster + ".0";
            awaitStatus(jobs, id, 1);

            ok(user.harrier("qedit", id, "JobPrio", "5", "Comment", "\"edited by qedit\""),
                    "Set attribute \"JobPrio\".\nSet attribute \"Comment\".\n");
            ok(user.harrier("q", id, "-af", "JobPrio", "Comment", "JobStatus"), "5 edited by qedit 1\n");

            Run owner = user.harrier("qedit", id, "Owner", "\"mallory\"");
            assertEquals(1, owner.status());
            assertEquals("", owner.out());
            assertTrue(owner.err().startsWith("harrier: SetAttribute cannot change Owner; protected are JobStatus, Owner,"),
                    owner.err());
            Run status = user.harrier("qedit", id, "JobStatus", "4");
            assertTrue(status.err().startsWith("harrier: SetAttribute cannot change JobStatus; use Hold, Release, Remove,"
                    + " Suspend or Continue"), status.err());
            // Only the scheduler, which has the ad, can tell that a number is no command.
            Run cmd = user.harrier("qedit", Long.toString(cluster), "Cmd", "42");
            assertEquals(1, cmd.status());
            assertTrue(cmd.err().startsWith("harrier: SetAttribute of Cmd: job " + id + " then"), cmd.err());
            ok(user.harrier("q", id, "-af", "Owner", "JobStatus", "Cmd"),
                    System.getProperty("user.name") + " 1 /bin/true\n");

            ok(user.harrier("rm", id), "Job " + id + " marked for removal\n");
            jobs.awaitLeft(id);
        }
    }

    @Test
    void rmByConstraintRemovesExactlyTheJobsItSelects() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            long doomed = user.submit("doomed.sub", "executable = /bin/true\n" + NEVER_MATCHES
                    + "+Batch = \"doomed\"\nqueue 2\n");
            long spared = user.submit("spared.sub", "executable = /bin/true\n" + NEVER_MATCHES
                    + "+Batch = \"spared\"\nqueue\n");
            awaitStatus(jobs, doomed + ".1", 1);
            awaitStatus(jobs, spared + ".0", 1);

            ok(user.harrier("rm", "-constraint", "Batch == \"doomed\"", "-reason", "wrong input"),
                    "All jobs matching constraint (Batch == \"doomed\") have been marked for removal\n");
            jobs.awaitLeft(doomed + ".0");
            jobs.awaitLeft(doomed + ".1");
            ok(user.harrier("q", "-constraint", "Batch =?= \"doomed\"", "-totals"),
                    "0 jobs; 0 completed, 0 removed, 0 idle, 0 running, 0 held, 0 suspended\n");
            ok(user.harrier("q", "-af", "Batch", "-constraint", "Batch =!= undefined"), "spared\n");
            // -af without a constraint asks for the attributes its columns read, and what those read
            // (RequestMemory is an expression over ImageSize and MemoryUsage): the same answer.
            String whole = user.harrier("q", "-constraint", "true", "-af", "ClusterId", "RequestMemory", "Batch", "Owner").out();
            assertTrue(whole.contains(" spared "), whole);
            ok(user.harrier("q", "-af", "ClusterId", "RequestMemory", "Batch", "Owner"), whole);
            // The tables too ask only for what they show (JobTable.READS).
            for (String view : List.of("", "-hold", "-run")) {
                List<String> args = view.isEmpty() ? List.of("q") : List.of("q", view);
                List<String> full = new java.util.ArrayList<>(args);
                full.addAll(List.of("-constraint", "true"));
                ok(user.harrier(args.toArray(String[]::new)), user.harrier(full.toArray(String[]::new)).out());
            }
            // Without a constraint or job ids, the scheduler's own counts answer (GetTotals); they
            // agree with counting the whole queue (what a constraint makes the command do).
            String counted = user.harrier("q", "-constraint", "true", "-totals").out();
            assertTrue(counted.matches("[1-9]\\d* jobs; .* [1-9]\\d* idle, .*\n"), counted);
            ok(user.harrier("q", "-totals"), counted);
            String owner = GridBroker.owner();
            ok(user.harrier("q", owner, "-totals"), user.harrier("q", owner, "-constraint", "true", "-totals").out());
            ok(user.harrier("q", "nobody-here", "-totals", "--json"),
                    user.harrier("q", "nobody-here", "-constraint", "true", "-totals", "--json").out());

            Run again = user.harrier("rm", "-constraint", "Batch == \"doomed\"");
            assertEquals(new Run(1, "", "harrier: Couldn't find/remove all jobs matching constraint (Batch == \"doomed\"):"
                    + " no job matching Batch == \"doomed\" is in the queue\n"), again);
            assertEquals(List.of(doomed + " 0 3 wrong input", doomed + " 1 3 wrong input"),
                    sortedLines(user.harrier("history", Long.toString(doomed), "-af", "ClusterId", "ProcId", "JobStatus",
                            "RemoveReason")).stream().map(l -> l.replaceAll(" \\(by user .*\\)$", "")).toList());

            ok(user.harrier("rm", Long.toString(spared)), "All jobs in cluster " + spared + " have been marked for removal\n");
            jobs.awaitLeft(spared + ".0");
        }
    }

    @Test
    void waitFollowsTheUserLogOfAClusterAndHistoryShowsItsJobs() throws Exception {
        long cluster = user.submit("three.sub", """
                executable = /bin/sh
                arguments  = "-c 'exit $(Process)'"
                log        = three.log
                queue 3
                """);
        Run waited = user.harrier("wait", "three.log", "--timeout", "60");
        assertEquals(new Run(0, "All jobs done.\n", ""), waited);
        JsonNode ended = GridUser.json(user.harrier("wait", "three.log", Long.toString(cluster), "--json"));
        assertEquals(3, ended.size(), ended::toString);
        for (JsonNode job : ended) {
            String proc = job.get("Id").asText().substring(job.get("Id").asText().indexOf('.') + 1);
            assertEquals("terminated (return value " + proc + ")", job.get("Ended").asText(), ended::toString);
        }

        String c = Long.toString(cluster);
        assertEquals(List.of(c + " 0 0", c + " 1 1", c + " 2 2"),
                sortedLines(user.harrier("history", c, "-af", "ClusterId", "ProcId", "ExitCode")));
        Run table = user.harrier("history", "-constraint", "ClusterId == " + c + " && ExitCode > 0");
        assertEquals(0, table.status(), table.err());
        List<String> lines = table.out().lines().toList();
        assertEquals(" ID      OWNER            SUBMITTED     RUN_TIME ST   COMPLETED CMD", lines.get(0));
        assertEquals(3, lines.size(), table.out());
        // How the arguments read depends on the submit language's form of them (old or new syntax).
        assertTrue(lines.stream().skip(1).allMatch(l -> l.contains(" C ") && l.contains(" sh -c")), table.out());

        Run limited = user.harrier("history", c, "-limit", "2", "-af", "ProcId");
        assertEquals(2, sortedLines(limited).size(), limited.out());
        Run newest = user.harrier("history", "-limit", "1", "--json");
        assertEquals(1, GridUser.json(newest).size(), newest.out());
        assertEquals(3, GridUser.json(user.harrier("history", c, "--json")).size());
    }
}
