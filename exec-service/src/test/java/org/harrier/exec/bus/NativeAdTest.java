package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.protocol.AdMaps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A slot ad's native form made from the last one: exactly AdMaps.toNative, only what changed made again. */
class NativeAdTest {
    static final Expr START = Expr.parse("KeyboardIdle > 15 * 60 && LoadAvg < 0.3");

    static ClassAd slot(String activity, long enteredCurrentActivity) {
        return ClassAd.builder().set("Name", "slot1_1@node").set("Activity", activity)
                .set("EnteredCurrentActivity", enteredCurrentActivity).set("Start", START)
                .set("Requirements", Expr.parse("START && WithinResourceLimits")).set("LoadAvg", 0.25).build();
    }

    @Test
    void anAdWithEveryAttributeAsBeforeIsNoChangeAndKeepsItsValues() {
        NativeAd first = NativeAd.of(slot("Idle", 100));
        NativeAd again = first.next(slot("Idle", 100));
        assertSame(first, again, "equal attributes, made anew, are no change");
        assertEquals("Idle", again.values().get("Activity"));
        assertEquals(AdMaps.toNative(slot("Idle", 100)), again.values());
    }

    @Test
    void anAttributeThatChangedIsRepublishedWithItsNewValueAndTheRestAsBefore() {
        NativeAd idle = NativeAd.of(slot("Idle", 100));
        NativeAd busy = idle.next(slot("Busy", 160));
        assertNotSame(idle, busy);
        assertEquals("Busy", busy.values().get("Activity"));
        assertEquals(160L, busy.values().get("EnteredCurrentActivity"));
        assertEquals(AdMaps.toNative(slot("Busy", 160)), busy.values());
        assertEquals(List.copyOf(AdMaps.toNative(slot("Busy", 160)).keySet()), List.copyOf(busy.values().keySet()),
                "the attributes in the ad's order, !!descriptors last");
        assertSame(idle.values().get("Start"), busy.values().get("Start"), "an unchanged expression keeps its text");
        assertEquals("Idle", idle.values().get("Activity"), "the last form is never changed");
    }

    @ParameterizedTest(name = "Start = {0}")
    @ValueSource(strings = {"KeyboardIdle > 60", "TRUE", "\"no\"", "LoadAvg < 0.3 && KeyboardIdle > 15 * 60"})
    void aChangedExpressionIsUnparsedAgainAndADescriptorFollowsItsKind(String start) {
        NativeAd before = NativeAd.of(slot("Idle", 100));
        ClassAd next = slot("Idle", 100).with("Start", Expr.parse(start));
        NativeAd after = before.next(next);
        assertEquals(AdMaps.toNative(next), after.values());
        assertNotSame(before, after);
    }

    @Test
    void attributesAddedRemovedOrMovedMakeTheAdAsAdMapsWouldAndAnEmptyAdHasNoDescriptors() {
        NativeAd a = NativeAd.of(slot("Busy", 100));
        ClassAd withJob = slot("Busy", 100).with("JobId", new org.harrier.classad.StringValue("4.0"))
                .with("CurrentRank", Expr.parse("TARGET.Boost * 2"));
        NativeAd b = a.next(withJob);
        assertEquals(AdMaps.toNative(withJob), b.values());
        ClassAd moved = ClassAd.builder().set("LoadAvg", 0.25).set("Start", START).set("Name", "slot1_1@node").build();
        NativeAd c = b.next(moved);
        assertEquals(AdMaps.toNative(moved), c.values());
        assertEquals(List.of("LoadAvg", "Start", "Name", AdMaps.DESCRIPTORS), List.copyOf(c.values().keySet()));
        assertEquals(Map.of(), c.next(ClassAd.EMPTY).values());
        assertEquals(Map.of(), NativeAd.of(ClassAd.EMPTY).values());
    }
}
