package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.harrier.protocol.ClassSchema;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Schema;
import org.junit.jupiter.api.Test;

/** The batching rules of data indications, on a clock and timer the test steps by hand. */
class IndicationsTest {
    static final ClassSchema JOB = Schema.grid().type("job");
    static final ClassSchema SLOT = Schema.grid().type("slot");
    static final long LINGER = Indications.LINGER.toNanos();
    static final long DAEMON_LINGER = Indications.DAEMON_LINGER.toNanos();

    long now = 1_000_000_000L;
    final List<Runnable> due = new ArrayList<>();
    final List<Long> delays = new ArrayList<>();
    final List<Sent> sent = new ArrayList<>();
    final Indications indications = new Indications((task, nanos) -> {
        due.add(task);
        delays.add(nanos);
    }, () -> now, 3, (type, data) -> sent.add(new Sent(type, List.copyOf(data))));

    record Sent(ClassSchema type, List<Map<String, Object>> data) {
        List<Object> values(String property) {
            return data.stream().<Object>map(d -> ((Map<?, ?>) d.get("_values")).get(property)).toList();
        }
    }

    static Map<String, Object> snapshot(String property, Object value) {
        return Map.of("_values", Map.of(property, value));
    }

    void job(String id, long status, boolean deleted) {
        indications.add(JOB, ObjectId.grid("job", id), snapshot("JobStatus", status), true, deleted);
    }

    void slot(String name, String state) {
        indications.add(SLOT, ObjectId.grid("slot", name), snapshot("State", state), false, false);
    }

    /** Time passes to the end of the (longest) linger and the scheduled sends run. */
    void lingerEnds() {
        now += Math.max(LINGER, DAEMON_LINGER);
        List<Runnable> run = List.copyOf(due);
        due.clear();
        run.forEach(Runnable::run);
    }

    @Test
    void theFirstChangeAfterAQuietSpellLeavesAtOnce() {
        job("1.0", 1, false);
        assertEquals(1, sent.size());
        assertEquals(List.of(1L), sent.get(0).values("JobStatus"));
        assertTrue(due.isEmpty());

        now += LINGER;
        job("1.0", 2, false);
        assertEquals(2, sent.size(), "a linger later, the next change leaves at once too");
    }

    @Test
    void changesWithinTheLingerLeaveTogetherInOrderWhenItEnds() {
        job("1.0", 1, false);
        now += LINGER / 4;
        job("1.1", 1, false);
        job("1.0", 2, false);
        assertEquals(1, sent.size());
        assertEquals(List.of(LINGER - LINGER / 4), delays, "the send waits out the rest of the linger");

        lingerEnds();
        assertEquals(2, sent.size());
        assertEquals(List.of(1L, 2L), sent.get(1).values("JobStatus"), "both job changes, in order");
    }

    @Test
    void daemonObjectsLingerLonger() {
        slot("slot1@a", "Unclaimed");
        now += LINGER;
        slot("slot1@a", "Claimed");
        assertEquals(1, sent.size());
        assertEquals(List.of(DAEMON_LINGER - LINGER), delays);
    }

    @Test
    void everyChangeOfAJobIsKeptButADaemonObjectSendsOnlyItsLatest() {
        job("1.0", 1, false);
        slot("slot1@a", "Unclaimed");
        job("1.0", 2, false);
        job("1.0", 4, false);
        slot("slot1@a", "Claimed");
        slot("slot1@a", "Unclaimed");
        slot("slot1@b", "Claimed");
        sent.clear();

        lingerEnds();
        Sent jobs = sent.stream().filter(s -> s.type() == JOB).findFirst().orElseThrow();
        Sent slots = sent.stream().filter(s -> s.type() == SLOT).findFirst().orElseThrow();
        assertEquals(List.of(2L, 4L), jobs.values("JobStatus"));
        assertEquals(List.of("Unclaimed", "Claimed"), slots.values("State"), "slot1@a's latest, then slot1@b");
    }

    @Test
    void aDeletionReplacesAPendingSnapshotWithTheSameValuesOnly() {
        job("1.0", 1, false);
        job("1.0", 2, false);
        job("1.0", 2, true);
        job("1.1", 1, false);
        job("1.1", 4, true);
        sent.clear();

        lingerEnds();
        assertEquals(List.of(2L, 1L, 4L), sent.get(0).values("JobStatus"),
                "1.0's deletion carries its last values; 1.1's Idle snapshot stays before its deletion");
    }

    @Test
    void aBigBatchLeavesInPages() {
        job("0.0", 1, false);
        for (int p = 0; p < 7; p++) {
            job("1." + p, 1, false);
        }
        sent.clear();
        lingerEnds();
        assertEquals(List.of(3, 3, 1), sent.stream().map(s -> s.data().size()).toList());
    }

    @Test
    void flushSendsWhatIsPendingAndTheLateTimerFindsNothing() {
        job("1.0", 1, false);
        job("1.0", 2, false);
        indications.flush();
        assertEquals(2, sent.size());
        lingerEnds();
        assertEquals(2, sent.size());
    }
}
