package org.harrier.scheduler.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.mgmt.AgentName;
import org.harrier.mgmt.ObjectId;
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

    @ParameterizedTest(name = "{0}, claim recorded {1}, claim taken {2}: {3}")
    @CsvSource({
            "IDLE, false, false, INDEX",
            "IDLE, true, false, INDEX", // a stale record of an earlier run
            "RUNNING, true, false, ADOPT",
            "SUSPENDED, true, false, ADOPT",
            "RUNNING, false, false, REQUEUE", // started before records were kept
            "SUSPENDED, false, false, REQUEUE",
            "RUNNING, true, true, REQUEUE", // another job of the log names the same claim
            "TRANSFERRING_OUTPUT, true, false, REQUEUE",
            "COMPLETED, true, false, FINISH",
            "REMOVED, false, false, FINISH",
            "HELD, true, false, KEEP",
    })
    void eachRecordedJobGetsOneStep(JobStatus status, boolean recorded, boolean taken, Reconnect.Action action) {
        Reconnect.Step step = Reconnect.decide(new Reconnect.Recorded(new JobId(1, 0), status, recorded ? CLAIM : null),
                taken ? java.util.Set.of("c1") : java.util.Set.of());
        assertEquals(action, step.action());
        assertEquals(action == Reconnect.Action.ADOPT ? CLAIM : null, step.claim());
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
