package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The state machine as a table: every trigger from every state, what it writes or why it is refused. */
class TransitionTest {
    static final JobId ID = new JobId(1, 0);
    static final long NOW = 1000;

    /** A queued job in {@code status}, carrying what that state would have left in its ad. */
    static ClassAd job(JobStatus status) {
        JobQueue q = new JobQueue();
        q.apply(SubmissionTest.SUBMISSION.decide(SubmissionTest.valid().build(), 1, null, 1, 100));
        Transaction.Builder tx = Transaction.builder().set(ID, "JobStatus", status.code());
        switch (status) {
            case SUSPENDED -> tx.set(ID, "LastSuspensionTime", 400).set(ID, "CumulativeSuspensionTime", 10)
                    .set(ID, "TotalSuspensions", 2);
            case HELD -> tx.set(ID, "HoldReason", Expr.parse("\"disk full\"")).set(ID, "HoldReasonCode", 3)
                    .set(ID, "HoldReasonSubCode", 42).set(ID, "NumHolds", 1);
            case RUNNING -> tx.set(ID, "JobCurrentStartDate", 300).set(ID, "JobStartDate", 200).set(ID, "NumJobStarts", 2);
            default -> { }
        }
        q.apply(tx.build());
        return q.ad(ID);
    }

    /** Each trigger as its scheduler-side call would make it. */
    static Transaction move(Transition t, ClassAd ad) {
        return switch (t) {
            case START -> Transition.started(ID, ad, "slot1_1@h", NOW);
            case EXIT -> Transition.exited(ID, ad, new ExitReport(3, false, 0, 1.5, 0.25, 7.0), NOW);
            case REMOVE -> Transition.removed(ID, ad, "via Remove (by user alice)", NOW);
            case HOLD -> Transition.held(ID, ad, "via Hold (by user alice)", Transition.HOLD_BY_USER, NOW);
            case RELEASE -> Transition.released(ID, ad, "via Release (by user alice)", NOW);
            case SUSPEND -> Transition.suspended(ID, ad, NOW);
            case CONTINUE -> Transition.continued(ID, ad, NOW);
            case EVICT -> Transition.evicted(ID, ad, ExitReport.evicted(15, 2.5, 0.5, 40.0), NOW);
        };
    }

    static ClassAd applied(ClassAd before, Transaction tx) {
        ClassAd ad = before;
        for (QueueOp op : tx.ops()) {
            if (op instanceof QueueOp.DeleteAttribute d) {
                ad = ad.without(d.name());
            } else {
                QueueOp.SetAttribute s = (QueueOp.SetAttribute) op;
                ad = ad.with(s.name(), s.value());
            }
        }
        return ad;
    }

    /** A run cut short by a hold or removal counts in RemoteWallClockTime, added to earlier runs; an exit's report sets it. */
    @Test
    void holdAndRemovalOfARunningJobCountItsRunTime() {
        ClassAd running = job(JobStatus.RUNNING).with("RemoteWallClockTime", new org.harrier.classad.RealValue(50));
        ClassAd held = applied(running, move(Transition.HOLD, running));
        ClassAd removed = applied(running, move(Transition.REMOVE, running));
        ClassAd exited = applied(running, move(Transition.EXIT, running));
        ClassAd idleRemoved = applied(job(JobStatus.IDLE), move(Transition.REMOVE, job(JobStatus.IDLE)));
        assertAll(() -> assertEquals(Expr.parse("750.0"), held.lookup("RemoteWallClockTime"), "50 before, 700 since 300"),
                () -> assertEquals(Expr.parse("750.0"), removed.lookup("RemoteWallClockTime")),
                () -> assertEquals(Expr.parse("57.0"), exited.lookup("RemoteWallClockTime"), "50 before, the starter's 7"),
                () -> assertEquals(null, idleRemoved.lookup("RemoteWallClockTime"), "never ran"));
    }

    /**
     * RemoteWallClockTime is cumulative over runs whatever ends them (HTCondor): an exit, a
     * requeue, an exit the policy holds, an eviction each add the run's wall clock to the total.
     */
    @ParameterizedTest(name = "{0} s before, {1} s this run: {2} s")
    @CsvSource({"0, 7, 7.0", "50, 7, 57.0", "12.5, 0.5, 13.0"})
    void everyRunsEndAddsItsWallClockToTheTotal(double before, double run, String total) {
        ClassAd running = job(JobStatus.RUNNING).with("RemoteWallClockTime", new org.harrier.classad.RealValue(before));
        ExitReport r = new ExitReport(0, false, 0, 1, 0, run);
        assertAll(
                () -> assertEquals(Expr.parse(total), applied(running, Transition.exited(ID, running, r, NOW))
                        .lookup("RemoteWallClockTime"), "exit"),
                () -> assertEquals(Expr.parse(total), applied(running, Transition.requeued(ID, running, r, "again", NOW))
                        .lookup("RemoteWallClockTime"), "requeue"),
                () -> assertEquals(Expr.parse(total), applied(running, Transition.evicted(ID, running,
                        ExitReport.evicted(15, 1, 0, run), NOW)).lookup("RemoteWallClockTime"), "eviction"));
    }

    /** Which states each trigger may move a job from (HTCondor manual, "Managing a Job"). */
    static final Map<Transition, Set<JobStatus>> ALLOWED = Map.of(
            Transition.START, Set.of(JobStatus.IDLE),
            Transition.EXIT, Set.of(JobStatus.RUNNING, JobStatus.SUSPENDED),
            Transition.REMOVE, Set.of(JobStatus.IDLE, JobStatus.RUNNING, JobStatus.HELD, JobStatus.SUSPENDED,
                    JobStatus.TRANSFERRING_OUTPUT),
            Transition.HOLD, Set.of(JobStatus.IDLE, JobStatus.RUNNING, JobStatus.SUSPENDED),
            Transition.RELEASE, Set.of(JobStatus.HELD),
            Transition.SUSPEND, Set.of(JobStatus.RUNNING),
            Transition.CONTINUE, Set.of(JobStatus.SUSPENDED),
            Transition.EVICT, Set.of(JobStatus.RUNNING, JobStatus.SUSPENDED));

    static Stream<Arguments> everyTriggerFromEveryState() {
        List<Arguments> out = new ArrayList<>();
        for (Transition t : Transition.values()) {
            for (JobStatus s : JobStatus.values()) {
                out.add(Arguments.of(t, s, ALLOWED.get(t).contains(s)));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} from {1}: {2}")
    @MethodSource("everyTriggerFromEveryState")
    void theStateMachineAllowsOnlyHTCondorsMoves(Transition t, JobStatus from, boolean allowed) {
        assertEquals(allowed, t.allowedFrom(from));
        if (allowed) {
            ClassAd after = applied(job(from), move(t, job(from)));
            assertEquals(Expr.parse(Integer.toString(t.to().code())), after.lookup("JobStatus"));
            assertEquals(Expr.parse(Integer.toString(from.code())), after.lookup("LastJobStatus"));
            assertEquals(Expr.parse(Long.toString(NOW)), after.lookup("EnteredCurrentStatus"));
        } else {
            ScheddFailure.WrongState e = assertThrows(ScheddFailure.WrongState.class, () -> move(t, job(from)));
            assertTrue(e.getMessage().startsWith("job 1.0 is "), e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0} from {1} writes {2}")
    @CsvSource(delimiter = '|', value = {
            "START    | IDLE      | RemoteHost=\"slot1_1@h\"; JobCurrentStartDate=1000; JobStartDate=1000; NumJobStarts=1",
            "START    | IDLE      | JobLastStartDate=<absent>",
            "EXIT     | RUNNING   | ExitCode=3; ExitBySignal=false; RemoteUserCpu=1.5; RemoteSysCpu=0.25; RemoteWallClockTime=7.0; CompletionDate=1000",
            "EXIT     | SUSPENDED | CumulativeSuspensionTime=610; LastSuspensionTime=0",
            "REMOVE   | IDLE      | RemoveReason=\"via Remove (by user alice)\"",
            "REMOVE   | HELD      | RemoveReason=\"via Remove (by user alice)\"; HoldReason=\"disk full\"",
            "REMOVE   | SUSPENDED | CumulativeSuspensionTime=610; LastSuspensionTime=0",
            "HOLD     | IDLE      | HoldReason=\"via Hold (by user alice)\"; HoldReasonCode=1; HoldReasonSubCode=0; NumHolds=1",
            "HOLD     | RUNNING   | HoldReasonCode=1; LastJobStatus=2",
            "HOLD     | SUSPENDED | HoldReasonCode=1; CumulativeSuspensionTime=610; LastSuspensionTime=0",
            "RELEASE  | HELD      | ReleaseReason=\"via Release (by user alice)\"; LastHoldReason=\"disk full\"; LastHoldReasonCode=3; LastHoldReasonSubCode=42",
            "RELEASE  | HELD      | HoldReason=<absent>; HoldReasonCode=<absent>; HoldReasonSubCode=<absent>; NumHolds=1",
            "SUSPEND  | RUNNING   | LastSuspensionTime=1000; TotalSuspensions=1; JobCurrentStartDate=300",
            "CONTINUE | SUSPENDED | CumulativeSuspensionTime=610; LastSuspensionTime=0; TotalSuspensions=2",
            "EVICT    | RUNNING   | JobStatus=1; LastJobStatus=2; LastVacateTime=1000; RemoteWallClockTime=40.0; CumulativeSlotTime=40.0",
            "EVICT    | RUNNING   | RemoteUserCpu=2.5; RemoteSysCpu=0.5; NumJobStarts=2; JobCurrentStartDate=300; ExitCode=<absent>",
            "EVICT    | RUNNING   | NumJobCompletions=<absent>; CompletionDate=<absent>",
            "EVICT    | SUSPENDED | JobStatus=1; CumulativeSuspensionTime=610; LastSuspensionTime=0"})
    void eachMoveRecordsWhatHTCondorRecords(Transition t, JobStatus from, String expected) {
        ClassAd after = applied(job(from), move(t, job(from)));
        for (String pair : expected.split(";")) {
            String[] kv = pair.trim().split("=", 2);
            Expr want = kv[1].equals("<absent>") ? null : Expr.parse(kv[1]);
            assertEquals(want, after.lookup(kv[0]), kv[0]);
        }
    }

    @ParameterizedTest(name = "{0} from {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "RELEASE  | RUNNING   | job 1.0 is running; only held jobs can be released",
            "RELEASE  | IDLE      | job 1.0 is idle; only held jobs can be released",
            "HOLD     | HELD      | job 1.0 is already held",
            "SUSPEND  | IDLE      | job 1.0 is idle; only running jobs can be suspended",
            "SUSPEND  | SUSPENDED | job 1.0 is already suspended",
            "CONTINUE | RUNNING   | job 1.0 is running; only suspended jobs can be continued",
            "CONTINUE | HELD      | job 1.0 is held; only suspended jobs can be continued",
            "EVICT    | IDLE      | job 1.0 is idle; only running or suspended jobs can be evicted",
            "REMOVE   | COMPLETED | job 1.0 is completed; only idle, running, held, transferring output or suspended jobs can be removed"})
    void aMoveFromTheWrongStateIsRefusedSayingWhy(Transition t, JobStatus from, String message) {
        ScheddFailure.WrongState e = assertThrows(ScheddFailure.WrongState.class, () -> move(t, job(from)));
        assertEquals(message, e.getMessage());
    }

    @Test
    void aSecondStartKeepsTheFirstStartDateAndRemembersThePreviousStart() {
        ClassAd again = job(JobStatus.IDLE).with("JobStartDate", Expr.parse("200")).with("JobCurrentStartDate", Expr.parse("300"))
                .with("NumJobStarts", Expr.parse("2"));
        ClassAd after = applied(again, Transition.started(ID, again, "h", NOW));
        assertEquals(Expr.parse("200"), after.lookup("JobStartDate"));
        assertEquals(Expr.parse("300"), after.lookup("JobLastStartDate"));
        assertEquals(Expr.parse("1000"), after.lookup("JobCurrentStartDate"));
        assertEquals(Expr.parse("3"), after.lookup("NumJobStarts"));
    }

    @Test
    void aSecondHoldCountsItAndMovesTheReleaseReasonAside() {
        ClassAd released = applied(job(JobStatus.HELD), move(Transition.RELEASE, job(JobStatus.HELD)));
        ClassAd heldAgain = applied(released, Transition.held(ID, released, "again", 3, 7, NOW));
        assertEquals(Expr.parse("2"), heldAgain.lookup("NumHolds"));
        assertEquals(Expr.parse("7"), heldAgain.lookup("HoldReasonSubCode"));
        assertEquals(Expr.parse("\"via Release (by user alice)\""), heldAgain.lookup("LastReleaseReason"));
        assertEquals(null, heldAgain.lookup("ReleaseReason"), "deleted (it was the proc's own)");
        assertEquals(Expr.parse("\"disk full\""), heldAgain.lookup("LastHoldReason"), "the previous hold's, until the next release");
    }

    @Test
    void aReleasedJobsHoldReasonReadsAsMissingInExpressions() {
        ClassAd released = applied(job(JobStatus.HELD), move(Transition.RELEASE, job(JobStatus.HELD)));
        assertEquals(Expr.parse("true").evaluate(), Expr.parse("HoldReasonCode is undefined").evaluate(released));
        assertEquals(Expr.parse("true").evaluate(), Expr.parse("LastHoldReasonCode == 3").evaluate(released));
    }

    /** A hold reason the proc inherits from its cluster (submitted on hold) cannot be deleted from the proc: it is bound to undefined. */
    @Test
    void releaseMasksAHoldReasonInheritedFromTheCluster() {
        ClassAd cluster = ClassAd.builder().set("Owner", "alice").set("JobStatus", 5)
                .set("HoldReason", "submitted on hold at user's request").set("HoldReasonCode", 15).build();
        ClassAd held = ClassAd.builder().set("ProcId", 0).build().chainedTo(cluster);
        Transaction tx = Transition.released(ID, held, "via Release", NOW);
        ClassAd released = applied(held, tx);
        assertEquals(Expr.parse("undefined"), released.lookup("HoldReason"));
        assertEquals(Expr.parse("15"), released.lookup("LastHoldReasonCode"));
        assertTrue(tx.ops().stream().noneMatch(op -> op instanceof QueueOp.DeleteAttribute));
    }

    /** Each eviction adds its run to the job's totals (HTCondor's RemoteWallClockTime and CumulativeSlotTime). */
    @Test
    void evictionsAddUpTheWallClockOfEveryRun() {
        ClassAd running = job(JobStatus.RUNNING).with("RemoteHost", Expr.parse("\"slot1_1@h\""))
                .with("RemoteWallClockTime", new org.harrier.classad.RealValue(10))
                .with("CumulativeSlotTime", new org.harrier.classad.RealValue(10));
        ClassAd after = applied(running, Transition.evicted(ID, running, ExitReport.evicted(9, 0, 0, 32.5), NOW));
        assertEquals(Expr.parse("42.5"), after.lookup("RemoteWallClockTime"));
        assertEquals(Expr.parse("42.5"), after.lookup("CumulativeSlotTime"));
        assertEquals(Expr.parse("\"slot1_1@h\""), after.lookup("LastRemoteHost"));
    }

    @Test
    void anEvictedReportOfAJobThatNeverStartedIsMisuse() {
        assertThrows(IllegalArgumentException.class, () -> new ExitReport(-1, false, 0, 0, 0, 0, "no Cmd", 6, true));
    }

    @Test
    void anExitReportWithNegativeTimesIsMisuse() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ExitReport(0, false, 0, -1, 0, 0));
        assertTrue(e.getMessage().contains("must be >= 0"));
    }
}
