package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.Match;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.MachineResource;
import org.harrier.exec.run.SlotEnvironment;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Custom resources, named devices and consumption policies in the slot ads and carving. */
class CustomResourcesTest {
    static final Machine MACHINE = Machine.of("node", new Resources(4, 4096, 100000)).with(List.of(
            MachineResource.parse("GPUs", "GPU-0, GPU-1"), MachineResource.parse("Licenses", "4")));
    static final EvalContext CONTEXT = EvalContext.create();

    static PartitionableSlot slot() {
        return PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0);
    }

    static Object attr(ClassAd ad, String name) {
        Expr e = ad.lookup(name);
        return e == null ? null : e.evaluate(ad).unparse();
    }

    @Test
    void thePartitionableSlotAdvertisesEachResourceAndItsFreeDevices() {
        ClassAd ad = SlotAds.partitionable(slot());
        assertEquals("\"Cpus Memory Disk GPUs Licenses\"", attr(ad, "MachineResources"));
        assertEquals("2", attr(ad, "GPUs"));
        assertEquals("2", attr(ad, "TotalGPUs"));
        assertEquals("2", attr(ad, "TotalSlotGPUs"));
        assertEquals("2", attr(ad, "DetectedGPUs"));
        assertEquals("\"GPU-0,GPU-1\"", attr(ad, "AssignedGPUs"));
        assertEquals("4", attr(ad, "Licenses"));
        assertNull(ad.lookup("AssignedLicenses"), "a counted resource has no device ids");
        assertEquals("4", attr(ad, "SlotWeight"), "SLOT_WEIGHT defaults to Cpus");
        assertEquals(Resources.advertisedBy(ad), MACHINE.total());
    }

    @Test
    void aClaimGetsDevicesAndThePartitionableSlotKeepsTheRest() {
        PartitionableSlot.Carved c = slot().carve(new Resources(1, 100, 100).with("GPUs", 1).with("Licenses", 3),
                "s", "alice", 0);
        ClassAd d = SlotAds.dynamic(c.slot(), c.dynamicSlot());
        assertEquals("\"GPU-0\"", attr(d, "AssignedGPUs"));
        assertEquals("1", attr(d, "GPUs"));
        assertEquals("3", attr(d, "Licenses"));
        assertEquals("1", attr(d, "SlotWeight"));
        ClassAd p = SlotAds.partitionable(c.slot());
        assertEquals("\"GPU-1\"", attr(p, "AssignedGPUs"));
        assertEquals("1", attr(p, "GPUs"));
        assertEquals("1", attr(p, "Licenses"));
        assertEquals(Map.of("GPUs", List.of("GPU-0")), c.slot().assigned(c.dynamicSlot().name()));
        PartitionableSlot back = c.slot().release(c.dynamicSlot().name());
        assertEquals("\"GPU-0,GPU-1\"", attr(SlotAds.partitionable(back), "AssignedGPUs"));
    }

    static Stream<Arguments> fits() {
        return Stream.of(
                Arguments.of("[RequestGPUs = 1]", true),
                Arguments.of("[RequestGPUs = 2; RequestLicenses = 4]", true),
                Arguments.of("[RequestGPUs = 3]", false),
                Arguments.of("[RequestLicenses = 5]", false),
                Arguments.of("[RequestLicenses = 0]", true),
                Arguments.of("[RequestTokens = 9]", true));
    }

    /** The negotiator's check (the ad's Requirements) and the startd's carve agree on every custom request. */
    @ParameterizedTest(name = "{0} fits: {1}")
    @MethodSource("fits")
    void withinResourceLimitsAgreesWithCarving(String request, boolean fits) {
        ClassAd job = ClassAd.parse(request);
        ClassAd ad = SlotAds.partitionable(slot());
        assertEquals(fits, Match.accepts(ad, job, CONTEXT), "WithinResourceLimits");
        ClaimVerdict v = Carving.decide(slot(), job, CONTEXT);
        assertEquals(fits, v instanceof ClaimVerdict.Carve, v.toString());
        if (!fits) {
            assertEquals(ClaimVerdict.Refusal.DOES_NOT_FIT, ((ClaimVerdict.Refuse) v).kind());
        }
    }

    @Test
    void aConsumptionPolicyIsAdvertisedAndDecidesTheCarve() {
        ExecSettings s = ExecSettings.builder().consumptionPolicy(true).consumption("Memory", "quantize(target.RequestMemory, {1024})")
                .consumption("GPUs", "ifThenElse(target.RequestGPUs > 0, 1, 0)").slotWeight("floor(Memory / 1024)").build();
        PartitionableSlot p = PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), s.slotPolicy(), 0);
        ClassAd ad = SlotAds.partitionable(p);
        assertEquals("quantize(target.RequestCpus,{ 1 })".replace(" ", ""),
                ad.lookup("ConsumptionCpus").unparse().replace(" ", ""), "HTCondor's default for Cpus");
        assertNull(ad.lookup("ConsumptionLicenses"), "custom resources have no default policy");
        assertEquals("4", attr(ad, "SlotWeight"));
        ClassAd job = ClassAd.parse("[RequestCpus = 1; RequestMemory = 100; RequestDisk = 10; RequestGPUs = 2]");
        assertEquals(true, Match.accepts(ad, job, CONTEXT));
        ClaimVerdict.Carve carve = assertInstanceOf(ClaimVerdict.Carve.class, Carving.decide(p, job, CONTEXT));
        assertEquals(new Resources(1, 1024, 1024).with("GPUs", 1), carve.resources());
    }

    @Test
    void consumptionKnobsAreIgnoredWithoutAPolicyAsHTCondorDoes() {
        ExecSettings s = ExecSettings.builder().consumption("Memory", "1").build();
        assertEquals(Map.of(), s.slotPolicy().consumption());
        assertNull(SlotAds.partitionable(PartitionableSlot.of("n", MACHINE, Expr.parse("TRUE"), s.slotPolicy(), 0))
                .lookup("ConsumptionMemory"));
    }

    static Stream<Arguments> redetections() {
        return Stream.of(
                Arguments.of("more disk is followed", new Resources(4, 4096, 200000), "GPU-0,GPU-1", 4,
                        new Resources(3, 3996, 199000).with("GPUs", 1).with("Licenses", 2)),
                Arguments.of("less disk, never below what the claim holds", new Resources(4, 4096, 500), "GPU-0,GPU-1", 4,
                        new Resources(3, 3996, 0).with("GPUs", 1).with("Licenses", 2)),
                Arguments.of("a change under 1% is ignored", new Resources(4, 4096, 100500), "GPU-0,GPU-1", 4,
                        new Resources(3, 3996, 99000).with("GPUs", 1).with("Licenses", 2)),
                Arguments.of("a new license count is followed", new Resources(4, 4096, 100000), "GPU-0,GPU-1", 10,
                        new Resources(3, 3996, 99000).with("GPUs", 1).with("Licenses", 8)),
                Arguments.of("a held device stays, a free one goes, a new one comes", new Resources(4, 4096, 100000),
                        "GPU-7", 4, new Resources(3, 3996, 99000).with("GPUs", 1).with("Licenses", 2)),
                Arguments.of("licenses never below what claims hold", new Resources(4, 4096, 100000), "GPU-0,GPU-1", 0,
                        new Resources(3, 3996, 99000).with("GPUs", 1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("redetections")
    void aRedetectedMachineIsFollowed(String why, Resources total, String gpus, int licenses, Resources left) {
        PartitionableSlot.Carved c = slot().carve(new Resources(1, 100, 1000).with("GPUs", 1).with("Licenses", 2), "s", "a", 0);
        Machine detected = Machine.of("node", total).with(List.of(MachineResource.parse("GPUs", gpus),
                MachineResource.count("Licenses", licenses)));
        PartitionableSlot after = c.slot().resized(detected);
        assertEquals(left, after.remaining());
        assertEquals(List.of("GPU-0"), after.assigned(c.dynamicSlot().name()).get("GPUs"), "the claim keeps its device");
        assertFalse(after.devices().free("GPUs").contains("GPU-0"));
    }

    @Test
    void anUnchangedMachineIsTheSameSlot() {
        PartitionableSlot p = slot();
        assertSame(p, p.resized(MACHINE));
    }

    @Test
    void badResourceDeclarationsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> MachineResource.parse("GPUs", ""));
        assertThrows(IllegalArgumentException.class, () -> MachineResource.parse("GPUs", "-1"));
        assertThrows(IllegalArgumentException.class, () -> MachineResource.parse("GPUs", "a, a"));
        assertThrows(IllegalArgumentException.class, () -> MachineResource.parse("Cpus", "4"));
        assertThrows(IllegalArgumentException.class, () -> MachineResource.parse("9lives", "4"));
        assertEquals(MachineResource.devices("GPUs", List.of("CUDA0", "CUDA1")), MachineResource.parse("GPUs", "CUDA0 CUDA1"));
    }

    @Test
    void aJobIsToldItsDevices() {
        assertEquals(Map.of("_CONDOR_AssignedGPUs", "CUDA0,CUDA1", "CUDA_VISIBLE_DEVICES", "0,1",
                        "_CONDOR_AssignedFPGAs", "fpga-3"),
                SlotEnvironment.devices(Map.of("GPUs", List.of("CUDA0", "CUDA1"), "FPGAs", List.of("fpga-3"))));
    }
}
