package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.console.GridClient;
import org.harrier.console.GridClient.Jobs;
import org.harrier.console.Harrier;
import org.harrier.console.grid.BrokerAddress;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.scheduler.SchedulerSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hold, release, suspend, continue and qedit of real jobs on a personal grid, through the
 * {@link GridClient} calls the harrier commands use, watched as a console watches: job indications,
 * the job's processes in /proc, its final ad in the history.
 *
 * <p>Jobs here wait for a gate file in their Iwd before they end, so the test decides when a
 * job may finish and never depends on how fast anything is.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class JobControlCallsTest {
    private GridSession grid;
    private Bus bus;
    private GridUser user;
    private GridClient control;

    @BeforeAll
    void startGrid(@TempDir Path dir) throws IOException {
        grid = GridSession.start(dir);
        bus = grid.bus();
        user = grid.user();
        control = Harrier.defaultConnector().connect(BrokerAddress.parse(grid.clientUrl()));
    }

    @AfterAll
    void stopGrid() {
        if (control != null) {
            control.close();
        }
        if (grid != null) {
            grid.close();
        }
    }

    /** Submits one job that writes its pid to {@code name.pid}, then waits for the file {@code name.go}. */
    String gatedJob(String name) {
        long cluster = user.submit(name + ".sub", "executable = /bin/sh\n"
                + "arguments = \"-c 'echo $$ > " + name + ".pid; while [ ! -e " + name + ".go ]; do sleep 0.05; done'\"\n"
                + "queue\n");
        return cluster + ".0";
    }

    void open(String name) {
        user.write(name + ".go", "");
    }

    static long lastStatus(JobIndications jobs, String id) {
        List<JobIndications.Seen> seen = jobs.of(id);
        return seen.isEmpty() ? -1 : seen.get(seen.size() - 1).status();
    }

    static void awaitStatus(JobIndications jobs, String id, long status) {
        Eventually.await("job " + id + " to be published with JobStatus " + status, Eventually.PATIENCE,
                () -> lastStatus(jobs, id) == status, () -> jobs.of(id).toString());
    }

    long pid(String name) {
        Eventually.await(name + ".pid to be written", () -> {
            try {
                return Files.readString(user.workDir().resolve(name + ".pid")).endsWith("\n");
            } catch (IOException e) {
                return false;
            }
        });
        return Long.parseLong(user.read(name + ".pid").trim());
    }

    /**
     * Whether the job's process is suspended: stopped by SIGSTOP (state 'T'), or frozen by the
     * cgroup freezer where the startd runs jobs in cgroups (its freezer cgroup FROZEN; the
     * process itself then shows 'D').
     */
    static boolean suspended(long pid) {
        if (state(pid) == 'T') {
            return true;
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup"))) {
                String[] f = line.split(":", 3);
                if (f.length == 3 && List.of(f[1].split(",")).contains("freezer") && !f[2].equals("/")) {
                    Path state = Path.of("/sys/fs/cgroup/freezer" + f[2], "freezer.state");
                    return Files.exists(state) && Files.readString(state).strip().equals("FROZEN");
                }
                if (f.length == 3 && f[0].equals("0") && !f[2].equals("/")) {
                    Path events = Path.of("/sys/fs/cgroup" + f[2], "cgroup.events");
                    if (Files.exists(events) && Files.readString(events).contains("frozen 1")) {
                        return true;
                    }
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** The state letter of /proc/<pid>/stat: 'T' when stopped. */
    static char state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (IOException e) {
            return '?';
        }
    }

    ClassAd finalAd(String id) {
        List<ClassAd> ads = control.history("CustomId == \"" + id + "\"", null);
        assertEquals(1, ads.size(), () -> "history of " + id + ": " + ads);
        return ads.get(0);
    }

    @Test
    void aHeldRunningJobIsKilledAndAfterItsReleaseRunsAgainToCompletion() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            String id = gatedJob("held");
            awaitStatus(jobs, id, 2);
            long firstRun = pid("held");
            assertEquals(List.of(id), control.hold(Jobs.id(id), "pause for maintenance"));
            awaitStatus(jobs, id, 5);
            Eventually.await("the first run's process to be killed", () -> state(firstRun) == '?');

            Files.delete(user.workDir().resolve("held.pid"));
            assertEquals(List.of(id), control.release(Jobs.matching("JobStatus == 5 && ClusterId == "
                    + id.substring(0, id.indexOf('.'))), null));
            awaitStatus(jobs, id, 2);
            pid("held");
            open("held");
            jobs.awaitLeft(id);
            assertEquals(List.of(1L, 2L, 5L, 1L, 2L, 4L), jobs.statusPath(id), () -> jobs.of(id).toString());

            ClassAd done = finalAd(id);
            assertEquals(Expr.parse("2"), done.lookup("NumJobStarts"));
            assertEquals(Expr.parse("\"pause for maintenance (by user " + org.harrier.broker.GridBroker.owner() + ")\""), done.lookup("LastHoldReason"));
            assertEquals(Expr.parse("1"), done.lookup("LastHoldReasonCode"));
            assertEquals(Expr.parse("\"via Release (by user " + org.harrier.broker.GridBroker.owner() + ")\""), done.lookup("ReleaseReason"));
            assertEquals(Expr.parse("0"), done.lookup("ExitCode"));
        }
    }

    @Test
    void aSuspendedJobsProcessIsStoppedAndAfterContinueItCompletes() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            String id = gatedJob("paused");
            awaitStatus(jobs, id, 2);
            long pid = pid("paused");

            assertEquals(List.of(id), control.suspend(Jobs.id(id), null));
            awaitStatus(jobs, id, 7);
            Eventually.await("process " + pid + " to be stopped", Eventually.PATIENCE, () -> suspended(pid),
                    () -> "state " + state(pid));

            assertEquals(List.of(id), control.resume(Jobs.id(id.substring(0, id.indexOf('.'))), null));
            awaitStatus(jobs, id, 2);
            Eventually.await("process " + pid + " to run again", Eventually.PATIENCE, () -> !suspended(pid),
                    () -> "state " + state(pid));
            open("paused");
            jobs.awaitLeft(id);
            assertEquals(List.of(1L, 2L, 7L, 2L, 4L), jobs.statusPath(id), () -> jobs.of(id).toString());

            ClassAd done = finalAd(id);
            assertEquals(Expr.parse("1"), done.lookup("NumJobStarts"), "continuing is not a restart");
            assertEquals(Expr.parse("1"), done.lookup("TotalSuspensions"));
            assertEquals(Expr.parse("0"), done.lookup("LastSuspensionTime"));
            assertTrue(done.lookup("CumulativeSuspensionTime") != null, done::toString);
        }
    }

    @Test
    void editingAnIdleJobsRequestMemoryLetsItMatchAndRun() throws Exception {
        Console console = bus.console();
        String name = SchedulerSettings.defaults().machine();
        AgentName collector = AgentName.harrier("collector", name);
        ObjectId negotiator = ObjectId.grid("negotiator", name);
        try (JobIndications jobs = new JobIndications(console)) {
            long cluster = user.submit("big.sub", "executable = /bin/true\nrequest_memory = 100000000\nqueue\n");
            String id = cluster + ".0";
            awaitStatus(jobs, id, 1);

            long before = cycles(console, collector);
            Console.join(console.invoke(collector, negotiator, "Reschedule", Map.of(), Eventually.PATIENCE));
            Eventually.await("a negotiation cycle after the Reschedule", () -> cycles(console, collector) > before);
            assertEquals(0L, negotiatorValue(console, collector, "Matches"), "no slot has 100 TB of memory");
            assertEquals(1L, lastStatus(jobs, id));

            assertEquals(List.of(id), control.setAttribute(Jobs.id(id), "RequestMemory", "64"));
            Console.join(console.invoke(collector, negotiator, "Reschedule", Map.of(), Eventually.PATIENCE));
            jobs.awaitLeft(id);
            assertEquals(List.of(1L, 2L, 4L), jobs.statusPath(id), () -> jobs.of(id).toString());
            assertEquals(Expr.parse("64"), finalAd(id).lookup("RequestMemory"));
        }
    }

    static long cycles(Console console, AgentName collector) {
        return negotiatorValue(console, collector, "Cycles");
    }

    static long negotiatorValue(Console console, AgentName collector, String name) {
        List<ObjectData> n = console.query(collector, "negotiator", null, Eventually.PATIENCE);
        return n.isEmpty() || !(n.get(0).get(name) instanceof Number v) ? -1 : v.longValue();
    }
}
