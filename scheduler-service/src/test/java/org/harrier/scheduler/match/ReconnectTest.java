package org.harrier.scheduler.match;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Transaction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a restarted scheduler decides for each recorded job, and the claim record it reads, as pure functions. */
class ReconnectTest {
    private static final ClaimRecord CLAIM = new ClaimRecord("c1", "harrier:startd:host1",
            ObjectId.grid("slot", "slot1@host1").objectName(), "slot1_1@host1");
    private static final ClaimRecord OTHER = new ClaimRecord("c2", "harrier:startd:host2",
            ObjectId.grid("slot", "slot1@host2").objectName(), "slot1_2@host2");

    @ParameterizedTest(name = "{0}, claim recorded {1}, activation pending {2}, claim taken {3}: {4}, forget pending {5}")
    @CsvSource({
            "IDLE, false, false, false, INDEX, false",
            "IDLE, true, false, false, INDEX, false", // a stale record of an earlier run
            "IDLE, true, true, false, REACTIVATE, false", // the scheduler died between the record and the start
            "IDLE, true, true, true, INDEX, true", // a running job names the same claim: it is that job's
            "RUNNING, true, false, false, ADOPT, false",
            "SUSPENDED, true, false, false, ADOPT, false",
            "RUNNING, false, false, false, REQUEUE, false", // started before records were kept
            "SUSPENDED, false, false, false, REQUEUE, false",
            "RUNNING, true, false, true, REQUEUE, false", // another job of the log names the same claim
            "TRANSFERRING_OUTPUT, true, false, false, REQUEUE, false",
            "COMPLETED, true, false, false, FINISH, false",
            "REMOVED, false, false, false, FINISH, false",
            "REMOVED, true, true, false, FINISH, false", // removed while activating: leaves, record and all
            "HELD, true, false, false, KEEP, false",
            "HELD, true, true, false, KEEP, true", // held while activating (the scheduler died before it forgot)
    })
    void eachRecordedJobGetsOneStep(JobStatus status, boolean recorded, boolean pending, boolean taken,
            Reconnect.Action action, boolean forget) {
        Reconnect.Step step = Reconnect.decide(new Reconnect.Recorded(new JobId(1, 0), status, recorded ? CLAIM : null,
                pending ? CLAIM : null), taken ? java.util.Set.of("c1") : java.util.Set.of());
        assertEquals(action, step.action());
        assertEquals(action == Reconnect.Action.ADOPT || action == Reconnect.Action.REACTIVATE ? CLAIM : null, step.claim());
        assertEquals(forget, step.forgetPending());
    }

    @Test
    void aRunningJobKeepsItsClaimAndEveryIdleJobPendingOnItIsQueuedBehindItEvenWhenListedFirst() {
        List<Reconnect.Step> plan = Reconnect.plan(List.of(
                new Reconnect.Recorded(new JobId(1, 0), JobStatus.IDLE, CLAIM, CLAIM, 2),
                new Reconnect.Recorded(new JobId(1, 1), JobStatus.RUNNING, CLAIM, null),
                new Reconnect.Recorded(new JobId(1, 2), JobStatus.IDLE, OTHER, OTHER),
                new Reconnect.Recorded(new JobId(1, 3), JobStatus.IDLE, OTHER, OTHER),
                new Reconnect.Recorded(new JobId(1, 4), JobStatus.IDLE, CLAIM, CLAIM, 1)));
        assertEquals(List.of(Reconnect.Action.FOLLOW, Reconnect.Action.ADOPT, Reconnect.Action.REACTIVATE,
                Reconnect.Action.INDEX, Reconnect.Action.FOLLOW), plan.stream().map(Reconnect.Step::action).toList());
        assertEquals(List.of(false, false, false, true, false), plan.stream().map(Reconnect.Step::forgetPending).toList());
        assertEquals(CLAIM, plan.get(0).claim(), "queued again on the running job's claim");
        assertEquals(CLAIM, plan.get(4).claim());
        assertEquals(List.of(new JobId(1, 0), new JobId(1, 1), new JobId(1, 2), new JobId(1, 3), new JobId(1, 4)),
                plan.stream().map(Reconnect.Step::id).toList(), "in the order given");
    }

    @Test
    void onAClaimNoRunningJobNamesTheJobQueuedFirstIsReactivatedAndTheOthersFollowIt() {
        // The running job's exit was applied and 1.7 (queued first) promoted; 1.3 and 1.5 were queued behind it.
        List<Reconnect.Step> plan = Reconnect.plan(List.of(
                new Reconnect.Recorded(new JobId(1, 3), JobStatus.IDLE, CLAIM, CLAIM, 9),
                new Reconnect.Recorded(new JobId(1, 5), JobStatus.IDLE, CLAIM, CLAIM, 8),
                new Reconnect.Recorded(new JobId(1, 7), JobStatus.IDLE, CLAIM, CLAIM, 7)));
        assertEquals(List.of(Reconnect.Action.FOLLOW, Reconnect.Action.FOLLOW, Reconnect.Action.REACTIVATE),
                plan.stream().map(Reconnect.Step::action).toList());
        assertTrue(plan.stream().allMatch(step -> CLAIM.equals(step.claim()) && !step.forgetPending()));
        assertThrows(IllegalArgumentException.class, () -> new Reconnect.Recorded(new JobId(1, 0), JobStatus.IDLE, CLAIM, CLAIM, -1));
    }

    @Test
    void aFinishedJobsClaimThatNoJobTakesBackIsReleasedOnce() {
        ClaimRecord third = new ClaimRecord("c3", "harrier:startd:host3", ObjectId.grid("slot", "slot1@host3").objectName(),
                "slot1_1@host3");
        List<Reconnect.Step> plan = Reconnect.plan(List.of(
                new Reconnect.Recorded(new JobId(1, 0), JobStatus.COMPLETED, CLAIM, null), // 1.1 runs on its claim now
                new Reconnect.Recorded(new JobId(1, 1), JobStatus.RUNNING, CLAIM, null),
                new Reconnect.Recorded(new JobId(2, 0), JobStatus.COMPLETED, OTHER, null), // nothing took its claim
                new Reconnect.Recorded(new JobId(2, 1), JobStatus.REMOVED, OTHER, null), // nor this one's, the same
                new Reconnect.Recorded(new JobId(3, 0), JobStatus.COMPLETED, third, null), // 3.1 was being activated on it
                new Reconnect.Recorded(new JobId(3, 1), JobStatus.IDLE, third, third),
                new Reconnect.Recorded(new JobId(4, 0), JobStatus.COMPLETED, null, null)));
        assertEquals(List.of(Reconnect.Action.FINISH, Reconnect.Action.ADOPT, Reconnect.Action.FINISH, Reconnect.Action.FINISH,
                Reconnect.Action.FINISH, Reconnect.Action.REACTIVATE, Reconnect.Action.FINISH),
                plan.stream().map(Reconnect.Step::action).toList());
        java.util.List<ClaimRecord> claims = plan.stream().map(Reconnect.Step::claim).toList();
        assertAll(() -> assertNull(claims.get(0), "adopted by the running job"),
                () -> assertEquals(OTHER, claims.get(2), "released"),
                () -> assertNull(claims.get(3), "released once"),
                () -> assertNull(claims.get(4), "reactivated for the idle job"),
                () -> assertNull(claims.get(6), "no claim recorded"));
        assertThrows(IllegalArgumentException.class, () -> new Reconnect.Step(new JobId(1, 0), Reconnect.Action.INDEX, CLAIM));
    }

    @Test
    void aQueuedRecordKeepsItsPlaceAndTheStartDeletesItWithThePendingMark() {
        JobId id = new JobId(4, 3);
        ClassAd queued = apply(ClassAd.parse("[RemoteHost = \"slot1_1@old\"]"), OTHER.addQueued(Transaction.builder(), id, 12).build());
        assertAll(() -> assertEquals(OTHER, ClaimRecord.readPending(queued)),
                () -> assertEquals(12, ClaimRecord.queuedOrder(queued)),
                () -> assertEquals(0, ClaimRecord.queuedOrder(ClassAd.parse("[RemoteHost = \"s\"]")), "not queued: 0"));
        ClassAd started = apply(queued, OTHER.addTo(Transaction.builder().set(id, "RemoteHost",
                new StringValue(OTHER.remoteHost())).build(), id, queued));
        assertAll(() -> assertFalse(ClaimRecord.isPending(started)),
                () -> assertNull(started.lookup(ClaimRecord.QUEUED_ORDER), "its place goes with the pending mark"),
                () -> assertEquals(OTHER, ClaimRecord.read(started)));
        ClassAd forgotten = apply(queued, ClaimRecord.withoutPending(Transaction.builder().set(id, "JobStatus",
                org.harrier.classad.IntegerValue.of(5)).build(), id, queued));
        assertAll(() -> assertNull(forgotten.lookup(ClaimRecord.QUEUED_ORDER)), () -> assertNull(forgotten.lookup("ClaimId")));
    }

    @Test
    void aPendingRecordReadsBackAndTheStartKeepsItButForItsMark() {
        JobId id = new JobId(4, 2);
        ClassAd pending = apply(ClassAd.parse("[RemoteHost = \"slot1_1@old\"]"), OTHER.addPending(Transaction.builder(), id).build());
        assertAll(() -> assertEquals(OTHER, ClaimRecord.readPending(pending)),
                () -> assertTrue(ClaimRecord.isPending(pending)),
                () -> assertEquals("slot1_1@old", ClaimRecord.read(pending).remoteHost(), "RemoteHost is the last run's until the start"),
                () -> assertNull(ClaimRecord.readPending(ClassAd.parse("[ClaimId = \"c\"; StartdAgent = \"harrier:startd:h\"; "
                        + "StartdSlot = \"p:slot:s\"; RemoteHost = \"s\"]")), "a started job's record is not pending"));

        Transaction start = OTHER.addTo(Transaction.builder().set(id, "RemoteHost", new StringValue(OTHER.remoteHost())).build(), id, pending);
        ClassAd started = apply(pending, start);
        assertAll(() -> assertEquals(2, start.ops().size(), "RemoteHost, and the pending mark deleted: the record is on disk"),
                () -> assertFalse(ClaimRecord.isPending(started)),
                () -> assertEquals(OTHER, ClaimRecord.read(started)));

        ClassAd forgotten = apply(pending, ClaimRecord.withoutPending(Transaction.builder().set(id, "JobStatus",
                org.harrier.classad.IntegerValue.of(5)).build(), id, pending));
        assertAll(() -> assertFalse(ClaimRecord.isPending(forgotten)),
                () -> assertNull(forgotten.lookup("ClaimId"), "a claim that never ran the job is not recorded"),
                () -> assertSame(start, ClaimRecord.withoutPending(start, id, started), "nothing to forget when nothing is pending"));
    }

    /** The ad after {@code tx}'s sets and deletes (of one job). */
    private static ClassAd apply(ClassAd ad, Transaction tx) {
        ClassAd.Builder b = ad.toBuilder();
        for (var op : tx.ops()) {
            if (op instanceof org.harrier.scheduler.queue.QueueOp.SetAttribute set) {
                b.setExpr(set.name(), set.value().unparse());
            } else if (op instanceof org.harrier.scheduler.queue.QueueOp.DeleteAttribute d) {
                b.remove(d.name());
            }
        }
        return b.build();
    }

    @Test
    void aClaimIsAdoptedForTheFirstJobThatNamesItOnly() {
        List<Reconnect.Step> plan = Reconnect.plan(List.of(new Reconnect.Recorded(new JobId(1, 0), JobStatus.RUNNING, CLAIM),
                new Reconnect.Recorded(new JobId(1, 1), JobStatus.RUNNING, CLAIM),
                new Reconnect.Recorded(new JobId(2, 0), JobStatus.IDLE, null)));
        assertEquals(List.of(Reconnect.Action.ADOPT, Reconnect.Action.REQUEUE, Reconnect.Action.INDEX),
                plan.stream().map(Reconnect.Step::action).toList());
    }

    @Test
    void theRecordWrittenAtTheStartReadsBackAsTheSameGrant() {
        ClaimGrant grant = new ClaimGrant("c9", new SlotRef(AgentName.harrier("startd", "host2"),
                ObjectId.grid("slot", "slot1@host2")), "slot1_3@host2");
        JobId id = new JobId(4, 2);
        Transaction tx = ClaimRecord.of(grant, "slot1_3@host2")
                .addTo(Transaction.builder().set(id, "RemoteHost", new org.harrier.classad.StringValue("slot1_3@host2")).build(), id);
        ClassAd.Builder ad = ClassAd.builder();
        tx.ops().forEach(op -> {
            var set = (org.harrier.scheduler.queue.QueueOp.SetAttribute) op;
            ad.setExpr(set.name(), set.value().unparse());
        });
        assertEquals(grant, ClaimRecord.read(ad.build()).grant());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            RemoteHost = "slot1_1@h"; StartdAgent = "harrier:startd:h"; StartdSlot = "p:slot:s"
            ClaimId = "c"; StartdAgent = "harrier:startd:h"; StartdSlot = "p:slot:s"
            ClaimId = "c"; RemoteHost = "s"; StartdSlot = "p:slot:s"
            ClaimId = "c"; RemoteHost = "s"; StartdAgent = "harrier:startd:h"
            ClaimId = ""; RemoteHost = "s"; StartdAgent = "harrier:startd:h"; StartdSlot = "p:slot:s"
            ClaimId = 7; RemoteHost = "s"; StartdAgent = "harrier:startd:h"; StartdSlot = "p:slot:s"
            ClaimId = "c"; RemoteHost = "s"; StartdAgent = "not an agent"; StartdSlot = "p:slot:s"
            ClaimId = "c"; RemoteHost = "s"; StartdAgent = "harrier:startd:h"; StartdSlot = "no slot"
            """)
    void aMissingOrUnreadableRecordIsNone(String attributes) {
        assertNull(ClaimRecord.read(ClassAd.parse("[" + attributes + "]")));
    }

    @Test
    void aCompleteRecordReads() {
        assertEquals(new ClaimRecord("c", "harrier:startd:h", "p:slot:s", "s"), ClaimRecord.read(ClassAd.parse(
                "[ClaimId = \"c\"; RemoteHost = \"s\"; StartdAgent = \"harrier:startd:h\"; StartdSlot = \"p:slot:s\"]")));
    }

    @Test
    void aRecordNamesAClaim() {
        assertThrows(IllegalArgumentException.class, () -> new ClaimRecord("", "harrier:startd:h", CLAIM.startdSlot(), "s"));
        assertThrows(IllegalArgumentException.class, () -> new ClaimRecord("c", "nonsense", CLAIM.startdSlot(), "s"));
    }
}
