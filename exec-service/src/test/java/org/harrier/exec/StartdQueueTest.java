package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.run.QueuedActivations;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Activations queued behind a claim's running job (docs/protocols.md, "Queued activations"), with
 * real processes: a queued Activate is answered at once; the queued jobs start in order, each the
 * moment the one before it leaves the claim, and the exit report of the job before says so
 * (NextStarted); one that cannot start is reported in its turn, and the queue dies with its claim.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdQueueTest {
    @TempDir
    Path iwd;

    final StartdTest.Events events = new StartdTest.Events();
    final Startd startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", StartdTest.MACHINE, Expr.parse("TRUE"), 0),
            ClaimIds.seeded(7), ExecSettings.builder().killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50))
                    .build().timings()), events);

    @AfterEach
    void close() {
        startd.close();
    }

    ClassAd job(String cmd, String arguments) {
        return StartdTest.job(iwd, cmd, arguments);
    }

    private QueuedActivations.Job queued(String id, String cmd, String arguments) {
        return new QueuedActivations.Job(id, job(cmd, arguments));
    }

    private QueuedActivations.Job quick(String id) {
        return queued(id, "/bin/true", "");
    }

    /** A job that runs until the file "gate" exists in the Iwd. */
    private ClassAd gated() {
        return job("/bin/sh", "-c 'while [ ! -e gate ]; do sleep 0.05; done'");
    }

    private RunExited report(String jobId, String nextStarted) throws InterruptedException {
        RunExited r = events.next(RunExited.class);
        assertEquals(jobId, r.jobId(), "the reports come in the order the jobs left the claim");
        assertEquals(nextStarted, r.nextStarted(), "job " + jobId + "'s report names the job that started in its place");
        return r;
    }

    @Test
    void aQueuedJobIsAnsweredAtOnceAndItsStartIsInTheExitReportOfTheJobBeforeIt() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", gated()).get();
        QueuedActivations.Outcome o = startd.activateQueued(g.claimId(), List.of(quick("1.1"), quick("1.2"))).get(5, TimeUnit.SECONDS);
        assertNull(o.started(), "the claim is busy: nothing started at once");
        assertEquals(2, o.queued());

        Files.createFile(iwd.resolve("gate"));
        report("1.0", "1.1");
        report("1.1", "1.2");
        report("1.2", null);
    }

    @Test
    void onAnIdleClaimTheFirstJobStartsAtOnceAndTheRestFollowIt() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        QueuedActivations.Outcome o = startd.activateQueued(g.claimId(), List.of(quick("1.0"), quick("1.1"))).get(5, TimeUnit.SECONDS);
        assertEquals(new RunStarted("1.0", g.claimId(), StartdTest.SCHEDULER, "slot1_1@node"), o.started());
        report("1.0", "1.1");
        report("1.1", null);
    }

    @Test
    void upToQueuedAtMostJobsQueueButNotTheRunningJobItselfAndOneQueuedAgainKeepsItsPlace() throws Exception {
        int most = ClaimBook.QUEUED_AT_MOST;
        int half = most / 2;
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", gated()).get();
        assertInstanceOf(StartdFailure.WrongState.class,
                StartdTest.failure(startd.activateQueued(g.claimId(), List.of(queued("1.0", "/bin/true", "")))));
        List<QueuedActivations.Job> all = new ArrayList<>();
        for (int proc = 1; proc <= most + 1; proc++) {
            all.add(quick("1." + proc));
        }
        assertEquals(half, startd.activateQueued(g.claimId(), all.subList(0, half)).get().queued());
        StartdFailure tooMany = StartdTest.failure(startd.activateQueued(g.claimId(), all.subList(half, most + 1)));
        assertTrue(tooMany.getMessage().contains("over " + most), tooMany.getMessage());
        assertEquals(most, startd.activateQueued(g.claimId(), all.subList(half, most)).get().queued(),
                "the refused call queued nothing");
        assertEquals(most, startd.activateQueued(g.claimId(), List.of(quick("1.1"))).get().queued(), "1.1 again keeps its place");

        Files.createFile(iwd.resolve("gate"));
        report("1.0", "1.1");
        for (int proc = 1; proc < most; proc++) {
            report("1." + proc, "1." + (proc + 1));
        }
        report("1." + most, null);
    }

    @Test
    void aQueuedJobThatCannotStartIsReportedInItsTurnAndTheNextStartsInItsPlace() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", gated()).get();
        startd.activateQueued(g.claimId(), List.of(queued("1.1", iwd.resolve("no-such-program").toString(), ""),
                quick("1.2"))).get();
        Files.createFile(iwd.resolve("gate"));
        report("1.0", null);
        RunExited never = report("1.1", "1.2");
        assertTrue(never.neverStarted(), "1.1 could not start: " + never);
        report("1.2", null);
    }

    @Test
    void onAnIdleClaimAFirstJobThatCannotStartIsReportedWithTheOneThatStartedInstead() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        QueuedActivations.Outcome o = startd.activateQueued(g.claimId(), List.of(
                queued("1.0", iwd.resolve("no-such-program").toString(), ""), quick("1.1"))).get(5, TimeUnit.SECONDS);
        assertNull(o.started());
        assertTrue(report("1.0", "1.1").neverStarted());
        report("1.1", null);
    }

    @Test
    void deactivatingAJobInTheMiddleDropsItAloneAndAJobThatRanLatelyIsNotQueuedAgain() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", gated()).get();
        startd.activateQueued(g.claimId(), List.of(quick("1.1"), quick("1.2"), queued("1.3", "/bin/sleep", "300"))).get();
        startd.deactivate(g.claimId(), "1.2").get();
        Files.createFile(iwd.resolve("gate"));
        report("1.0", "1.1");
        report("1.1", "1.3");

        StartdFailure ranLately = StartdTest.failure(startd.activateQueued(g.claimId(), List.of(quick("1.1"))));
        assertInstanceOf(StartdFailure.WrongState.class, ranLately, "a restarted scheduler's queued Activate again: the first arrived");
        startd.deactivate(g.claimId(), "1.3").get();
        report("1.3", null);
        assertNull(events.reports.poll(300, TimeUnit.MILLISECONDS), "1.2 never ran");
    }

    /**
     * A job's exit and the start of the job queued behind it are one burst of the startd's owner
     * thread: the slots are published once for both, before the exit report, with the next job
     * already running (the ads are rebuilt once per burst, not for each of its transitions).
     */
    @Test
    void anExitAndTheStartBehindItArePublishedOnceAndBeforeTheExitReport() throws Exception {
        LinkedBlockingQueue<String> said = new LinkedBlockingQueue<>();
        try (Startd recorded = new Startd(StartdSettings.of(PartitionableSlot.of("node", StartdTest.MACHINE,
                Expr.parse("TRUE"), 0), ClaimIds.seeded(7), ExecSettings.builder().killGrace(Duration.ofMillis(300))
                        .build().timings()), new StartdListener() {
                    @Override
                    public void slotsChanged(PartitionableSlot slot) {
                        said.add("slots " + slot.dynamicSlots().values().stream()
                                .map(d -> d.busy() ? d.jobId() : "idle").toList());
                    }

                    @Override
                    public void jobExited(RunExited exited) {
                        said.add("exit " + exited.jobId());
                    }
                })) {
            ClaimBook.Grant g = recorded.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
            recorded.activate(g.claimId(), "1.0", gated()).get();
            recorded.activateQueued(g.claimId(), List.of(quick("1.1"))).get();
            said.clear();

            Files.createFile(iwd.resolve("gate"));
            List<String> next = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                next.add(said.poll(20, TimeUnit.SECONDS));
            }
            assertEquals(List.of("slots [1.1]", "exit 1.0", "slots [idle]", "exit 1.1"), next);
            assertNull(said.poll(300, TimeUnit.MILLISECONDS), "nothing published twice");
        }
    }

    @Test
    void theQueueDiesWithItsClaim() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get();
        startd.activateQueued(g.claimId(), List.of(quick("1.1"))).get();
        startd.release(g.claimId()).get();
        report("1.0", null);
        assertNull(events.reports.poll(500, TimeUnit.MILLISECONDS), "the queued job never ran");
        assertInstanceOf(StartdFailure.UnknownClaim.class, StartdTest.failure(startd.activateQueued(g.claimId(), List.of(quick("1.2")))));
    }
}
