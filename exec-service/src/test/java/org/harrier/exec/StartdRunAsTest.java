package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.run.account.LocalAccount;
import org.harrier.exec.run.account.Accounts;
import org.harrier.exec.run.account.JobAccounts;
import org.harrier.exec.run.account.RunAsPolicy;
import org.harrier.exec.run.account.ScratchAccounts;
import org.harrier.exec.run.checkpoint.SpoolCheckpointStore;
import org.harrier.exec.run.starter.Cgroups;
import org.harrier.exec.run.transfer.SandboxTransfer;
import org.harrier.exec.run.transfer.Sandboxes;
import org.harrier.exec.run.transfer.SchedulerFailure;
import org.harrier.rules.Resources;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A root startd runs each job as its Owner's account, else as the slot user (nobody), never as
 * root (HTCondor manual, "User Accounts in HTCondor on Unix Platforms"), with real accounts made
 * by useradd and real processes. Runs only as root (as CI does).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StartdRunAsTest {
    static final String SCHEDULER = "harrier:scheduler:test";
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));
    static final int NOBODY = Accounts.named("nobody").orElseThrow().uid();
    static ScratchAccounts scratch;
    static LocalAccount a;
    static LocalAccount b;

    @TempDir
    Path dir;
    Path iwdA;
    Path iwdB;
    Path iwdNobody;
    Startd startd;
    final LinkedBlockingQueue<RunExited> exits = new LinkedBlockingQueue<>();

    @BeforeAll
    static void accounts() {
        assumeTrue(Accounts.root(), "only root can switch accounts");
        scratch = new ScratchAccounts();
        a = scratch.add("hrunas1");
        b = scratch.add("hrunas2");
    }

    @AfterAll
    static void removeAccounts() {
        if (scratch != null) {
            scratch.close();
        }
    }

    @BeforeEach
    void directories() throws IOException {
        // The accounts pass through the test's directory (root's, 0700) into an Iwd each of their own.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        iwdA = ownedBy(a.uid(), a.gid(), "a");
        iwdB = ownedBy(b.uid(), b.gid(), "b");
        iwdNobody = ownedBy(NOBODY, NOBODY, "nobody");
    }

    Path ownedBy(int uid, int gid, String name) throws IOException {
        Path p = Files.createDirectory(dir.resolve(name), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Files.setAttribute(p, "unix:uid", uid);
        Files.setAttribute(p, "unix:gid", gid);
        return p;
    }

    @AfterEach
    void close() {
        if (startd != null) {
            startd.close();
        }
    }

    Startd startd(JobAccounts accounts, Sandboxes sandboxes) {
        StartdSettings s = StartdSettings.of(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0),
                ClaimIds.seeded(7), ExecSettings.builder().killGrace(Duration.ofMillis(300))
                        .usageInterval(Duration.ofMillis(50)).build().timings())
                .withAccounts(accounts);
        if (sandboxes != null) {
            s = s.withRunning(Cgroups.none("not asked for"), new SpoolCheckpointStore(), sandboxes);
        }
        startd = new Startd(s, startdListener());
        return startd;
    }

    StartdListener startdListener() {
        return new StartdListener() {
            @Override
            public void slotsChanged(PartitionableSlot slot) {
            }

            @Override
            public void jobExited(RunExited exited) {
                exits.add(exited);
            }
        };
    }

    Startd startd() {
        return startd(JobAccounts.detect(RunAsPolicy.DEFAULT), null);
    }

    static ClassAd.Builder job(String owner, Path iwd, String cmd, String arguments) {
        return ClassAd.builder().set("Owner", owner).set("Iwd", iwd.toString()).set("Cmd", cmd)
                .set("Arguments", arguments).set("Out", "out").set("Err", "err").set("RequestMemory", 128);
    }

    /** Runs {@code job} on a new claim to its end (a start may take the 30 s a switched job has to open its files). */
    RunExited run(ClassAd job) throws Exception {
        String claim = startd.claim(job, SCHEDULER).get(10, TimeUnit.SECONDS).claimId();
        startd.activate(claim, "1.0", job).get(45, TimeUnit.SECONDS);
        RunExited exit = exits.poll(20, TimeUnit.SECONDS);
        assertInstanceOf(RunExited.class, exit, "an exit report");
        return exit;
    }

    static String read(Path p) throws IOException {
        return Files.readString(p).strip();
    }

    static int owner(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void anOwnersJobRunsAsTheOwnersAccountAndItsOutputIsTheOwners() throws Exception {
        startd();
        RunExited exit = run(job("hrunas1", iwdA, "/bin/sh", "-c 'id -u; id -g; echo $HOME $USER $LOGNAME'").build());
        assertEquals(0, exit.exitCode(), exit.holdReason());
        assertEquals(a.uid() + "\n" + a.gid() + "\n" + a.home() + " hrunas1 hrunas1", read(iwdA.resolve("out")));
        assertEquals(a.uid(), owner(iwdA.resolve("out")), "opened by the account, not by root");
        assertEquals(a.uid(), owner(iwdA.resolve("err")));
    }

    @Test
    void theJobsOwnEnvironmentReachesItWholeAndWinsOverTheAccounts() throws Exception {
        startd();
        ClassAd job = job("hrunas1", iwdA, "/usr/bin/env", "").set("Environment", "a.b=1 HOME=/elsewhere").build();
        assertEquals(0, run(job).exitCode());
        List<String> env = Files.readAllLines(iwdA.resolve("out"));
        assertTrue(env.contains("a.b=1"), "a name no shell could hold: " + env);
        assertTrue(env.contains("HOME=/elsewhere"), env.toString());
        assertTrue(env.contains("USER=hrunas1"), env.toString());
        assertTrue(env.contains("_CONDOR_SLOT=slot1_1"), env.toString());
        assertFalse(env.stream().anyMatch(e -> e.startsWith("PWD=")), "nothing of the shell's: " + env);
    }

    @Test
    void rootsJobRunsAsTheSlotUserNeverAsRoot() throws Exception {
        startd();
        assertEquals(0, run(job("root", iwdNobody, "/usr/bin/id", "-u").build()).exitCode());
        assertEquals(Integer.toString(NOBODY), read(iwdNobody.resolve("out")));
    }

    @Test
    void aJobWhoseOwnerHasNoAccountHereRunsAsTheSlotUser() throws Exception {
        startd();
        assertEquals(0, run(job("hrunas-ghost", iwdNobody, "/usr/bin/id", "-u").build()).exitCode());
        assertEquals(Integer.toString(NOBODY), read(iwdNobody.resolve("out")));
    }

    @Test
    void starterAllowRunasOwnerFalseRunsTheOwnersJobAsTheSlotUser() throws Exception {
        startd(new JobAccounts(RunAsPolicy.DEFAULT.with("STARTER_ALLOW_RUNAS_OWNER", "FALSE"), true), null);
        assertEquals(0, run(job("hrunas1", iwdNobody, "/usr/bin/id", "-u").build()).exitCode());
        assertEquals(Integer.toString(NOBODY), read(iwdNobody.resolve("out")));
    }

    @Test
    void aSlotUserThatMayNotRunJobsLeavesTheJobUnstartedWithTheReason() throws Exception {
        startd(new JobAccounts(RunAsPolicy.DEFAULT.with("SLOT_USER", "root"), true), null);
        RunExited exit = run(job("root", iwdNobody, "/usr/bin/id", "-u").build());
        assertTrue(exit.neverStarted());
        assertEquals(6, exit.holdReasonCode());
        assertEquals("no account to run the job as: the job may not run as its Owner (its Owner root is root) nor as"
                + " SLOT_USER root is root", exit.holdReason());
        assertFalse(Files.exists(iwdNobody.resolve("out")));
    }

    @Test
    void aFileTheAccountCannotWriteIsAnOutputItCannotOpenEvenThoughRootCould() throws Exception {
        startd();
        Path rootOnly = Files.createDirectory(dir.resolve("root-only"));
        Files.setPosixFilePermissions(rootOnly, PosixFilePermissions.fromString("rwx------"));
        RunExited exit = run(job("hrunas1", iwdA, "/bin/true", "").set("Out", rootOnly.resolve("out").toString()).build());
        assertTrue(exit.neverStarted());
        assertEquals(7, exit.holdReasonCode());
        assertTrue(exit.holdReason().startsWith("as account hrunas1, Out failed: "), exit.holdReason());
        assertFalse(Files.exists(rootOnly.resolve("out")));
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void anOutputThatNeverOpensIsGivenUpAfterTheLimitAndTheStartdGoesOn() throws Exception {
        startd();
        Path fifo = iwdA.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Files.setAttribute(fifo, "unix:uid", a.uid());
        RunExited exit = run(job("hrunas1", iwdA, "/bin/true", "").set("Out", "fifo").build());
        assertTrue(exit.neverStarted());
        assertEquals(7, exit.holdReasonCode());
        assertEquals("as account hrunas1, Out failed: did not finish within 30 s", exit.holdReason());
        assertEquals(0, run(job("hrunas1", iwdA, "/bin/true", "").build()).exitCode(), "the next job starts");
    }

    @Test
    void theAccountsJobIsSuspendedAndKilledAsAnyJob() throws Exception {
        startd();
        ClassAd job = job("hrunas1", iwdA, "/bin/sh", "-c 'echo $$ > pid; exec sleep 60'").build();
        String claim = startd.claim(job, SCHEDULER).get(10, TimeUnit.SECONDS).claimId();
        startd.activate(claim, "1.0", job).get(10, TimeUnit.SECONDS);
        long pid = Await.value("the job's pid", Duration.ofSeconds(10), () -> {
            String text = Files.exists(iwdA.resolve("pid")) ? read(iwdA.resolve("pid")) : "";
            return text.isEmpty() ? null : Long.parseLong(text);
        });
        assertTrue(status(pid).contains("Uid:\t" + a.uid() + "\t" + a.uid()), status(pid));
        startd.suspend(claim, "1.0").get(10, TimeUnit.SECONDS);
        // SIGSTOP is delivered after kill(1) returns
        Await.until("the job is stopped", Duration.ofSeconds(10), () -> status(pid).contains("State:\tT"));
        startd.resume(claim, "1.0").get(10, TimeUnit.SECONDS);
        startd.deactivate(claim, "1.0").get(10, TimeUnit.SECONDS);
        RunExited exit = exits.poll(20, TimeUnit.SECONDS);
        assertInstanceOf(RunExited.class, exit);
        assertTrue(exit.exitBySignal());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the tree is gone");
    }

    @Test
    void theAccountsJobRunsInItsOwnCgroupWhereTheHostHasThem() throws Exception {
        Cgroups cgroups = Cgroups.detect();
        assumeTrue(cgroups.usable(), "no writable cgroups here");
        startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0),
                ClaimIds.seeded(7), ExecSettings.builder().build().timings())
                .withRunning(cgroups, new SpoolCheckpointStore(), null)
                .withAccounts(JobAccounts.detect(RunAsPolicy.DEFAULT)), startdListener());
        RunExited exit = run(job("hrunas1", iwdA, "/bin/sh", "-c 'id -u; cat /proc/self/cgroup'").build());
        assertEquals(0, exit.exitCode(), exit.holdReason());
        List<String> out = Files.readAllLines(iwdA.resolve("out"));
        assertEquals(Integer.toString(a.uid()), out.get(0));
        assertTrue(out.stream().anyMatch(l -> l.contains("/harrier/slot1_1@node.")), "entered by root first: " + out);
    }

    private static String status(long pid) throws IOException {
        return Files.readString(Path.of("/proc/" + pid + "/status"));
    }

    @Test
    void aSandboxIsItsOwnersAloneAndAnotherOwnersJobCannotReadIt() throws Exception {
        Path execute = Files.createDirectory(dir.resolve("execute"));
        // Outputs are sent back only once the job ends; this test looks inside while it runs.
        SandboxTransfer nowhere = SandboxTransfer.over(new org.harrier.exec.run.transfer.SchedulerCalls() {
            @Override
            public <R> CompletableFuture<R> call(String scheduler, org.harrier.protocol.method.Request<R> request,
                    Duration timeout) {
                return CompletableFuture.failedFuture(new SchedulerFailure.Unavailable("no scheduler in this test"));
            }
        });
        startd(JobAccounts.detect(RunAsPolicy.DEFAULT), new Sandboxes(execute, "elsewhere", nowhere));
        ClassAd jobA = job("hrunas1", iwdA, "/bin/sh", "-c 'echo mine > secret; id -u > uid; exec sleep 60'")
                .set("ShouldTransferFiles", "YES").set("TransferExecutable", false).build();
        String claim = startd.claim(jobA, SCHEDULER).get(10, TimeUnit.SECONDS).claimId();
        startd.activate(claim, "1.0", jobA).get(10, TimeUnit.SECONDS);
        Path sandbox = Await.value("job A's sandbox", Duration.ofSeconds(10), () -> {
            try (Stream<Path> s = Files.list(execute)) {
                return s.filter(p -> Files.exists(p.resolve("uid"))).findFirst().orElse(null);
            }
        });
        Await.until("job A wrote its uid", Duration.ofSeconds(10), () -> !read(sandbox.resolve("uid")).isEmpty());
        assertEquals(Integer.toString(a.uid()), read(sandbox.resolve("uid")));
        assertEquals(a.uid(), owner(sandbox));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(sandbox)));
        assertEquals(a.uid(), owner(sandbox.resolve("secret")));
        assertEquals(a.uid(), owner(sandbox.resolve(org.harrier.exec.run.transfer.SandboxPlan.STDOUT)));

        RunExited b = run(job("hrunas2", iwdB, "/bin/cat", sandbox.resolve("secret").toString()).build());
        assertNotEquals(0, b.exitCode(), "account B read A's sandbox");
        assertEquals("", read(iwdB.resolve("out")));
        assertTrue(read(iwdB.resolve("err")).contains("Permission denied"), read(iwdB.resolve("err")));
        startd.deactivate(claim, "1.0").get(10, TimeUnit.SECONDS);
    }
}
