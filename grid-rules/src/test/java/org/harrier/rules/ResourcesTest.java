package org.harrier.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Resources beyond Cpus/Memory/Disk, and the one request rule negotiator and startd share. */
class ResourcesTest {
    static final ClassAd SLOT = ClassAd.parse("[Cpus = 4; Memory = 4096; Disk = 100000;"
            + " MachineResources = \"Cpus Memory Disk GPUs Licenses\"; GPUs = 2; licenses = 4]");
    static final ClassAd POLICY_SLOT = ClassAd.parse("[Cpus = 4; Memory = 4096; Disk = 100000;"
            + " MachineResources = \"Cpus Memory Disk GPUs\"; GPUs = 2;"
            + " ConsumptionCpus = quantize(target.RequestCpus, {1}); ConsumptionMemory = quantize(target.RequestMemory, {1024});"
            + " ConsumptionDisk = 0; ConsumptionGPUs = ifThenElse(target.RequestGPUs > 0, 1, 0)]");

    static Resources r(long cpus, long memory, long disk, Object... custom) {
        Resources out = new Resources(cpus, memory, disk);
        for (int i = 0; i < custom.length; i += 2) {
            out = out.with((String) custom[i], ((Number) custom[i + 1]).longValue());
        }
        return out;
    }

    static EvalContext context() {
        return EvalContext.create(Clock.systemUTC(), 0);
    }

    @Test
    void aSlotAdvertisesTheResourcesItsMachineResourcesLists() {
        assertEquals(r(4, 4096, 100000, "GPUs", 2, "Licenses", 4), Resources.advertisedBy(SLOT));
        assertEquals(List.of("GPUs", "Licenses"), Resources.customResourcesOf(SLOT));
        assertEquals(r(1, 2, 3), Resources.advertisedBy(ClassAd.parse("[Cpus = 1; Memory = 2; Disk = 3; GPUs = 8]")));
    }

    static Stream<Arguments> requests() {
        return Stream.of(
                Arguments.of("no custom request is 0 of it", SLOT, "[RequestCpus = 1]", r(1, 128, 1024)),
                Arguments.of("a custom request is read by the slot's spelling", SLOT, "[RequestGpus = 1; RequestLICENSES = 3]",
                        r(1, 128, 1024, "GPUs", 1, "Licenses", 3)),
                Arguments.of("a custom request may be 0", SLOT, "[RequestGPUs = 0]", r(1, 128, 1024)),
                Arguments.of("a real custom request rounds up", SLOT, "[RequestGPUs = 1.2]", r(1, 128, 1024, "GPUs", 2)),
                Arguments.of("a custom request may read the slot", SLOT, "[RequestGPUs = TARGET.GPUs]",
                        r(1, 128, 1024, "GPUs", 2)),
                Arguments.of("a request the slot does not have is not counted", SLOT, "[RequestTokens = 3]", r(1, 128, 1024)),
                Arguments.of("the consumption policy decides", POLICY_SLOT, "[RequestCpus = 2; RequestMemory = 100; RequestGPUs = 2]",
                        r(2, 1024, 0, "GPUs", 1)),
                Arguments.of("a policy sees the default requests", POLICY_SLOT, "[]", r(1, 1024, 0)),
                Arguments.of("an undefined consumption falls back to the request rule",
                        ClassAd.parse("[Cpus = 4; Memory = 4096; Disk = 100000; ConsumptionMemory = undefined]"),
                        "[RequestMemory = 300]", r(1, 300, 1024)),
                Arguments.of("quantize to a list is libclassad's: quantize(0, {1024}) is 1024", POLICY_SLOT,
                        "[RequestCpus = 0; RequestMemory = 0]", r(1, 1024, 0)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void readsWhatAJobAsks(String why, ClassAd slot, String job, Resources expected) {
        assertEquals(expected, Resources.requestedBy(ClassAd.parse(job), slot, context()));
    }

    static Stream<Arguments> badRequests() {
        return Stream.of(
                Arguments.of(SLOT, "[RequestGPUs = -1]", "RequestGPUs must not be negative, got -1"),
                Arguments.of(SLOT, "[RequestLicenses = \"many\"]", "RequestLicenses must be a number, but it evaluates to string \"many\""),
                Arguments.of(POLICY_SLOT, "[RequestMemory = \"x\"]", "ConsumptionMemory must be a number, but it evaluates to error error"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badRequests")
    void refusesWhatIsNotARequest(ClassAd slot, String job, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Resources.requestedBy(ClassAd.parse(job), slot, context()));
        assertEquals(message, e.getMessage());
    }

    @Test
    void arithmeticCoversEveryResource() {
        Resources total = r(4, 4096, 1000, "GPUs", 2);
        Resources gpu = r(1, 100, 10, "gpus", 1);
        assertTrue(total.covers(gpu));
        assertEquals(r(3, 3996, 990, "GPUs", 1), total.minus(gpu));
        assertEquals(total, total.minus(gpu).plus(gpu));
        assertFalse(total.minus(gpu).minus(gpu).covers(gpu));
        assertFalse(r(8, 8000, 8000).covers(gpu));
        assertEquals("needs 1 gpus, 0 left", r(8, 8000, 8000).shortfall(gpu));
        assertThrows(IllegalArgumentException.class, () -> r(8, 8000, 8000).minus(gpu));
    }

    @Test
    void namesIgnoreCaseAndZeroIsNothing() {
        assertEquals(r(1, 1, 1, "GPUs", 1), r(1, 1, 1, "gpus", 1));
        assertEquals(r(1, 1, 1, "GPUs", 1).hashCode(), r(1, 1, 1, "gpus", 1).hashCode());
        assertEquals(r(1, 1, 1), r(1, 1, 1, "GPUs", 0));
        assertNotEquals(r(1, 1, 1, "GPUs", 1), r(1, 1, 1, "GPUs", 2));
        assertEquals(2, r(1, 1, 1, "GPUs", 2).amount("GPUS"));
        assertEquals(7, r(7, 1, 1).amount("cpus"));
        assertEquals("1 cpus, 1 MiB memory, 1 KiB disk, 2 GPUs", r(1, 1, 1, "GPUs", 2).toString());
    }

    @Test
    void badNamesAndAmountsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Resources(1, 1, 1, Map.of("GPUs", -1L)));
        assertThrows(IllegalArgumentException.class, () -> new Resources(1, 1, 1, Map.of("Cpus", 1L)));
        assertThrows(IllegalArgumentException.class, () -> new Resources(1, 1, 1, Map.of("2x", 1L)));
        assertThrows(IllegalArgumentException.class, () -> new Resources(1, 1, 1, Map.of("GPUs", 1L, "gpus", 2L)));
    }

    @Test
    void appliedToReplacesEveryResourceTheSlotLists() {
        ClassAd view = r(1, 100, 10, "GPUs", 1).appliedTo(SLOT);
        assertEquals(r(1, 100, 10, "GPUs", 1), Resources.advertisedBy(view));
        assertEquals(0L, ((org.harrier.classad.IntegerValue) view.evaluate("Licenses")).value());
    }
}
