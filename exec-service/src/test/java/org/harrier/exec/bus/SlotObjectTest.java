package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.RunExited;
import org.harrier.exec.Startd;
import org.harrier.exec.StartdListener;
import org.harrier.exec.StartdSettings;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A slot object's values follow its ad, and only a different ad is a change to publish. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SlotObjectTest {
    final Startd startd = new Startd(StartdSettings.of(PartitionableSlot.of("node",
            Machine.of("node", new Resources(2, 1024, 100000)), Expr.parse("TRUE"), 0), ClaimIds.seeded(7),
            ExecSettings.builder().build().timings()), new StartdListener() {
                @Override
                public void slotsChanged(PartitionableSlot slot) {
                }

                @Override
                public void jobExited(RunExited exited) {
                }
            });

    @AfterEach
    void close() {
        startd.close();
    }

    static ClassAd ad(String state) {
        return ClassAd.builder().set("Name", "slot1@node").set("State", state).set("Start", Expr.parse("KeyboardIdle > 900"))
                .build();
    }

    @Test
    void anEqualAdIsNoChangeAndADifferentOneIs() {
        SlotObject o = new SlotObject("slot1@node", true, startd, ad("Unclaimed"));
        assertFalse(o.update(ad("Unclaimed")), "the same ad made again");
        assertEquals("Unclaimed", o.values().get("State"));

        assertTrue(o.update(ad("Matched")));
        assertEquals("Matched", o.values().get("State"));
        assertFalse(o.update(ad("Matched")));
        assertTrue(o.update(ad("Unclaimed")), "back to the first ad is a change too");
        assertEquals("Unclaimed", o.values().get("State"));
    }
}
