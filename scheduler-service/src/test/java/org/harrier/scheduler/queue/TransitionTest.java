package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.mgmt.QmfException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TransitionTest {
    static final JobId ID = new JobId(1, 0);

    static ClassAd job(JobStatus status) {
        JobQueue q = new JobQueue();
        q.apply(Submission.decide(SubmissionTest.valid().build(), 1, null, 1, 100, "s"));
        q.apply(Transaction.builder().set(ID, "JobStatus", status.code()).build());
        return q.ad(ID);
    }

    @ParameterizedTest(name = "{0} from {1}: {2}")
    @CsvSource({
            "START, IDLE, true", "START, RUNNING, false", "START, HELD, false", "START, REMOVED, false",
            "EXIT, RUNNING, true", "EXIT, SUSPENDED, true", "EXIT, IDLE, false", "EXIT, COMPLETED, false",
            "REMOVE, IDLE, true", "REMOVE, RUNNING, true", "REMOVE, HELD, true", "REMOVE, SUSPENDED, true",
            "REMOVE, REMOVED, false", "REMOVE, COMPLETED, false",
            "HOLD, IDLE, true", "HOLD, RUNNING, true", "HOLD, HELD, false", "HOLD, REMOVED, false",
            "RELEASE, HELD, true", "RELEASE, IDLE, false", "RELEASE, RUNNING, false"})
    void theStateMachineAllowsOnlyHTCondorsMoves(Transition t, JobStatus from, boolean allowed) {
        assertEquals(allowed, t.allowedFrom(from));
    }

    @Test
    void aMoveFromTheWrongStateIsRefusedSayingWhy() {
        QmfException e = assertThrows(QmfException.class, () -> Transition.released(ID, job(JobStatus.RUNNING), 5));
        assertEquals(QmfException.WRONG_STATE, e.code());
        assertEquals("job 1.0 is running (2); cannot release it", e.getMessage());
    }

    static ClassAd applied(ClassAd before, Transaction tx) {
        ClassAd ad = before;
        for (QueueOp op : tx.ops()) {
            QueueOp.SetAttribute s = (QueueOp.SetAttribute) op;
            ad = ad.with(s.name(), s.value());
        }
        return ad;
    }

    @Test
    void startingRecordsHostDateAndCountsTheStart() {
        ClassAd ad = applied(job(JobStatus.IDLE), Transition.started(ID, job(JobStatus.IDLE), "slot1_1@h", 500));
        assertEquals(Expr.parse("2"), ad.lookup("JobStatus"));
        assertEquals(Expr.parse("\"slot1_1@h\""), ad.lookup("RemoteHost"));
        assertEquals(Expr.parse("500"), ad.lookup("JobStartDate"));
        assertEquals(Expr.parse("500"), ad.lookup("EnteredCurrentStatus"));
        assertEquals(Expr.parse("1"), ad.lookup("NumJobStarts"));
        ClassAd again = applied(ad.with("JobStatus", Expr.parse("1")), Transition.started(ID, ad.with("JobStatus", Expr.parse("1")), "h", 600));
        assertEquals(Expr.parse("2"), again.lookup("NumJobStarts"));
    }

    @Test
    void exitingRecordsTheStartersReport() {
        ClassAd running = job(JobStatus.RUNNING);
        ClassAd ad = applied(running, Transition.exited(ID, running, new ExitReport(3, true, 9, 1.5, 0.25, 7.0), 900));
        for (String[] expect : new String[][] {{"JobStatus", "4"}, {"ExitCode", "3"}, {"ExitBySignal", "true"},
                {"ExitSignal", "9"}, {"RemoteUserCpu", "1.5"}, {"RemoteSysCpu", "0.25"}, {"RemoteWallClockTime", "7.0"},
                {"CompletionDate", "900"}, {"EnteredCurrentStatus", "900"}}) {
            assertEquals(Expr.parse(expect[1]), ad.lookup(expect[0]), expect[0]);
        }
    }

    @Test
    void removingAndHoldingKeepTheReason() {
        ClassAd removed = applied(job(JobStatus.HELD), Transition.removed(ID, job(JobStatus.HELD), "by alice", 1));
        assertEquals(Expr.parse("3"), removed.lookup("JobStatus"));
        assertEquals(Expr.parse("\"by alice\""), removed.lookup("RemoveReason"));
        ClassAd held = applied(job(JobStatus.IDLE), Transition.held(ID, job(JobStatus.IDLE), "wait", 1, 1));
        assertEquals(Expr.parse("5"), held.lookup("JobStatus"));
        assertEquals(Expr.parse("1"), held.lookup("HoldReasonCode"));
    }

    @Test
    void anExitReportWithNegativeTimesIsMisuse() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ExitReport(0, false, 0, -1, 0, 0));
        assertTrue(e.getMessage().contains("must be >= 0"));
    }
}
