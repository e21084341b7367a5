package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Value;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.OwnerPolicy;
import org.harrier.exec.claim.OwnerWatch;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.SlotAds;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.MachineSensor;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The startd applying match notices: the slot shows Matched at once (published), a claim of
 * the scheduler makes it Claimed's parent (Unclaimed with a dynamic slot), MATCH_TIMEOUT
 * without a claim and START turning false take it back, and the time Matched is counted.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdMatchedTest {
    private static final String SCHEDULER = "harrier:scheduler:test";

    private final AtomicLong keyboardIdle = new AtomicLong(3600);
    private final List<String> published = new CopyOnWriteArrayList<>();
    private Startd startd;

    private Startd startd(Duration matchTimeout) {
        MachineSensor sensor = () -> new Measurements(0.1, 0, keyboardIdle.get(), keyboardIdle.get(), 512, 1000);
        startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", Machine.of("node", new Resources(2, 1024, 100000)),
                Expr.parse("KeyboardIdle > 60"), 0), ClaimIds.seeded(5),
                ExecSettings.builder().matchTimeout(matchTimeout).build().timings())
                .withOwnerWatch(new OwnerWatch(OwnerPolicy.DEFAULT, sensor)),
                new StartdListener() {
                    @Override
                    public void slotsChanged(PartitionableSlot slot) {
                        published.add(state());
                    }

                    @Override
                    public void jobExited(RunExited exited) {
                    }
                });
        return startd;
    }

    @AfterEach
    void close() {
        if (startd != null) {
            startd.close();
        }
    }

    private String state() {
        return startd.matches().stay().state();
    }

    private ClassAd ad() {
        return SlotAds.partitionable(startd.slot(), startd.policy(), startd.measurements(), startd.matches().stay());
    }

    @Test
    void aNoticeMakesTheSlotMatchedAtOnceAndTheSchedulersClaimEndsIt() throws Exception {
        startd(Duration.ofSeconds(120));

        assertTrue(startd.matches().notice(SCHEDULER).get(10, TimeUnit.SECONDS));

        assertEquals("Matched", state());
        assertEquals(List.of("Matched"), published, "published at once");
        assertEquals("\"Matched\"", ad().lookup("State").toString());
        startd.claim(ClassAd.builder().set("Owner", "alice").build(), SCHEDULER).get(10, TimeUnit.SECONDS);
        assertEquals("Unclaimed", state(), "claimed: the dynamic slot is Claimed, the partitionable slot as ever");
        Value matchedFor = ad().evaluate("TotalTimeMatchedIdle");
        assertTrue(matchedFor instanceof IntegerValue i && i.value() >= 0, "the Matched stay is counted: " + matchedFor);
    }

    @Test
    void withoutAClaimTheSlotGoesBackWhenMatchTimeoutHasPassed() throws Exception {
        startd(Duration.ofSeconds(1));
        startd.matches().notice(SCHEDULER).get(10, TimeUnit.SECONDS);
        assertEquals("Matched", state());

        Await.until("the match notice to expire", Duration.ofSeconds(10), () -> "Unclaimed".equals(state()));
        assertEquals(List.of("Matched", "Unclaimed"), published, "the expiry is published at once");
    }

    @Test
    void startTurningFalseMakesAMatchedSlotOwnerAndTheOwnersSlotTakesNoNotice() throws Exception {
        startd(Duration.ofSeconds(120));
        startd.matches().notice(SCHEDULER).get(10, TimeUnit.SECONDS);

        keyboardIdle.set(5);
        startd.poll().get(10, TimeUnit.SECONDS);
        assertEquals("Owner", state());

        assertFalse(startd.matches().notice(SCHEDULER).get(10, TimeUnit.SECONDS), "ignored while the owner has it");
        keyboardIdle.set(3600);
        startd.poll().get(10, TimeUnit.SECONDS);
        assertEquals("Unclaimed", state(), "the notice was forgotten with the owner's return");
    }
}
