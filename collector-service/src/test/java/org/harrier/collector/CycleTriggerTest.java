package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which updates start a negotiation cycle (docs/protocols.md "Negotiation"): more idle jobs, a
 * slot that can take work appearing or becoming able to, a partitionable slot getting resources
 * back; new submissions only while the pool has room for a job. Ads are written
 * {@code class: attr=value,attr=value}; "-" is no ad.
 */
class CycleTriggerTest {
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final BooleanSupplier ROOM = () -> true;
    private static final BooleanSupplier NO_ROOM = () -> false;

    /** The update {@code after} makes to a store holding {@code before}. */
    private static AdUpdate update(String before, String after) {
        AdStore store = new AdStore(Duration.ofSeconds(15));
        if (!before.equals("-")) {
            store.apply(parse(before).data(), T0);
        }
        return store.apply(parse(after).data(), T0.plusSeconds(1));
    }

    private static DataIndication parse(String text) {
        String[] parts = text.split(":", 2);
        DataIndication ind = switch (parts[0].trim()) {
            case "submitter" -> DataIndication.submitter("alice@s");
            case "scheduler" -> DataIndication.scheduler("s");
            default -> DataIndication.slot("slot1@a");
        };
        if (parts.length > 1 && !parts[1].isBlank()) {
            for (String kv : parts[1].split(",")) {
                String[] p = kv.trim().split("=");
                ind.with(p[0], p[1].matches("-?\\d+") ? (Object) Long.valueOf(p[1]) : p[1]);
            }
        }
        return ind;
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "-                                                   | submitter: IdleJobs=3                               | true",
            "-                                                   | submitter: IdleJobs=0                               | false",
            "submitter: IdleJobs=3                               | submitter: IdleJobs=4                               | true",
            "submitter: IdleJobs=3                               | submitter: IdleJobs=3                               | false",
            "submitter: IdleJobs=3                               | submitter: IdleJobs=2                               | false",
            "scheduler: TotalIdleJobs=0                          | scheduler: TotalIdleJobs=5                          | true",
            "scheduler: TotalIdleJobs=1,JobsSubmitted=7          | scheduler: TotalIdleJobs=1,JobsSubmitted=8          | true",
            "scheduler: TotalIdleJobs=1,JobsSubmitted=7          | scheduler: TotalIdleJobs=1,JobsSubmitted=7          | false",
            "scheduler: TotalIdleJobs=1,JobsSubmitted=7          | scheduler: TotalIdleJobs=0,JobsSubmitted=8          | false",
            "-                                                   | slot: State=Unclaimed                               | true",
            "-                                                   | slot: State=Claimed,SlotType=Dynamic                | false",
            "-                                                   | slot: State=Owner                                   | false",
            "slot: State=Claimed                                 | slot: State=Unclaimed                               | true",
            "slot: State=Unclaimed                               | slot: State=Unclaimed                               | false",
            "slot: State=Unclaimed                               | slot: State=Claimed                                 | false",
            "-                                                   | slot: SlotType=Partitionable,Cpus=4                 | true",
            "-                                                   | slot: SlotType=Partitionable,Cpus=0                 | false",
            "slot: SlotType=Partitionable,Cpus=0                 | slot: SlotType=Partitionable,Cpus=1                 | true",
            "slot: SlotType=Partitionable,Cpus=2,Memory=1000     | slot: SlotType=Partitionable,Cpus=3,Memory=2000     | true",
            "slot: SlotType=Partitionable,Cpus=2,Memory=1000     | slot: SlotType=Partitionable,Cpus=2,Memory=2000     | true",
            "slot: SlotType=Partitionable,Cpus=2,Memory=1000     | slot: SlotType=Partitionable,Cpus=1,Memory=500      | false",
            "slot: SlotType=Partitionable,Cpus=2,Memory=1000     | slot: SlotType=Partitionable,Cpus=2,Memory=1000     | false",
            "slot: SlotType=Partitionable,Cpus=2,State=Owner     | slot: SlotType=Partitionable,Cpus=2,State=Unclaimed | true",
            "-                                                   | slot: SlotType=Partitionable,Cpus=2,State=Owner     | false",
            "slot: SlotType=Partitionable,Cpus=2,State=Unclaimed | slot: SlotType=Partitionable,Cpus=2,State=Matched   | false",
            "slot: SlotType=Partitionable,Cpus=2,State=Matched   | slot: SlotType=Partitionable,Cpus=2,State=Unclaimed | true",
            "slot: SlotType=Partitionable,Cpus=2,State=Matched   | slot: SlotType=Partitionable,Cpus=1,State=Unclaimed | false",
            "slot: SlotType=Partitionable,Cpus=2,State=Matched   | slot: SlotType=Partitionable,Cpus=2,State=Owner     | false",
    })
    void aCycleStartsOnlyWhenThereIsNewWorkOrNewRoom(String before, String after, boolean starts) {
        assertEquals(starts, CycleTrigger.startsCycle(update(before, after), ROOM));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "scheduler: TotalIdleJobs=1,JobsSubmitted=7          | scheduler: TotalIdleJobs=1,JobsSubmitted=8          | false",
            "scheduler: TotalIdleJobs=9,JobsSubmitted=7          | scheduler: TotalIdleJobs=3,JobsSubmitted=20         | false",
            "scheduler: TotalIdleJobs=0                          | scheduler: TotalIdleJobs=5                          | false",
            "scheduler: TotalIdleJobs=1,JobsSubmitted=7          | scheduler: TotalIdleJobs=2,JobsSubmitted=8          | false",
            "-                                                   | submitter: IdleJobs=3                               | false",
            "submitter: IdleJobs=3                               | submitter: IdleJobs=4                               | false",
            "-                                                   | slot: State=Unclaimed                               | true",
            "slot: State=Claimed                                 | slot: State=Unclaimed                               | true",
            "slot: SlotType=Partitionable,Cpus=0                 | slot: SlotType=Partitionable,Cpus=1                 | true",
            "slot: SlotType=Partitionable,Cpus=2,State=Matched   | slot: SlotType=Partitionable,Cpus=2,State=Unclaimed | true",
    })
    void newWorkStartsNoCycleInAPoolWithoutRoomButNewRoomStillDoes(String before, String after, boolean starts) {
        assertEquals(starts, CycleTrigger.startsCycle(update(before, after), NO_ROOM));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "slot: State=Claimed                                 | slot: State=Unclaimed                               | true",
            "slot: State=Unclaimed                               | slot: State=Claimed                                 | false",
            "submitter: IdleJobs=3                               | submitter: IdleJobs=3                               | false",
            "submitter: IdleJobs=3                               | submitter: IdleJobs=2                               | false",
            "scheduler: TotalIdleJobs=0,JobsSubmitted=1          | scheduler: TotalIdleJobs=0,JobsSubmitted=2          | false",
    })
    void whetherThePoolHasRoomIsAskedOnlyAboutNewWork(String before, String after, boolean starts) {
        BooleanSupplier unasked = () -> {
            throw new AssertionError("asked whether the pool has room");
        };

        assertEquals(starts, CycleTrigger.startsCycle(update(before, after), unasked));
    }

    @ParameterizedTest(name = "[{index}] a delete of {0}")
    @CsvSource({"submitter: IdleJobs=3", "slot: State=Unclaimed"})
    void deletesNeverStartACycle(String ad) {
        AdStore store = new AdStore(Duration.ofSeconds(15));
        store.apply(parse(ad).data(), T0);

        assertEquals(false, CycleTrigger.startsCycle(store.apply(parse(ad).deleted().data(), T0), ROOM));
    }
}
