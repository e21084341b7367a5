package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.MachineResource;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.quicktheories.core.Gen;

/**
 * No sequence of claims, releases and re-detections overcommits any resource, custom ones
 * included, or gives one device to two claims; with and without a consumption policy.
 */
class DeviceCarvingProperties {
    static final Machine MACHINE = Machine.of("node", new Resources(8, 16000, 100000)).with(List.of(
            MachineResource.devices("GPUs", List.of("GPU-0", "GPU-1", "GPU-2")), MachineResource.count("Licenses", 4)));
    static final ConsumptionPolicy POLICY = new ConsumptionPolicy(true,
            Map.of("GPUs", Expr.parse("ifThenElse(target.RequestGPUs > 0, 1, 0)")), Expr.parse("Cpus"));

    /** claim (kind 0-1), release the n-th claim held (2), or re-detect with this many GPUs and licenses (3). */
    record Op(int kind, int cpus, int gpus, int licenses, int which) {
        ClassAd request() {
            ClassAd.Builder b = ClassAd.builder().set("Owner", "alice").set("RequestCpus", cpus).set("RequestMemory", 100);
            if (gpus >= 0) {
                b.set("RequestGPUs", gpus);
            }
            if (licenses >= 0) {
                b.set("RequestLicenses", licenses);
            }
            return b.build();
        }

        Machine detected() {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < Math.max(0, gpus); i++) {
                ids.add("GPU-" + (i + which % 2));
            }
            return Machine.of("node", new Resources(8, 16000, 100000)).with(List.of(
                    MachineResource.devices("GPUs", ids), MachineResource.count("Licenses", Math.max(0, licenses))));
        }

        @Override
        public String toString() {
            return switch (kind) {
                case 0, 1 -> "claim(" + cpus + " cpus, " + gpus + " gpus, " + licenses + " licenses)";
                case 2 -> "release(#" + which + ")";
                default -> "redetect(" + detected().devices() + ", " + detected().total() + ")";
            };
        }
    }

    static Gen<Op> ops() {
        return integers().between(0, 3).zip(integers().between(1, 3), integers().between(-1, 3),
                integers().between(-1, 5), integers().between(0, 20), Op::new);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void noSequenceOverCommitsAnyResourceOrSharesADevice() {
        qt().withExamples(300).forAll(lists().of(ops()).ofSizeBetween(0, 40), booleans().all())
                .checkAssert(this::replay);
    }

    void replay(List<Op> ops, boolean consumption) {
        ConsumptionPolicy policy = consumption ? POLICY : ConsumptionPolicy.DEFAULT;
        ClaimBook book = new ClaimBook(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), policy, 0),
                ClaimIds.seeded(1));
        List<String> held = new ArrayList<>();
        EvalContext context = EvalContext.create();
        for (Op op : ops) {
            PartitionableSlot before = book.slot();
            if (op.kind() < 2) {
                try {
                    ClaimBook.Grant g = book.claim(op.request(), "harrier:scheduler:s", context);
                    held.add(g.claimId());
                    Resources wanted = Resources.requestedBy(op.request(), SlotAds.partitionable(before), context);
                    assertEquals(wanted, g.slot().resources(), op + " carves what the shared rule reads");
                    assertEquals(before.remaining().minus(wanted), book.slot().remaining(), op + " takes it from what was left");
                } catch (StartdFailure refused) {
                    assertInstanceOf(StartdFailure.ClaimRefused.class, refused);
                    assertEquals(before, book.slot(), op + " refused changes nothing");
                }
            } else if (op.kind() == 2 && !held.isEmpty()) {
                String id = held.remove(op.which() % held.size());
                DynamicSlot gone = book.release(id);
                assertEquals(before.remaining().plus(gone.resources()), book.slot().remaining(), op + " returns it");
            } else if (op.kind() == 3) {
                book.resize(op.detected());
            }
            check(book.slot(), op);
        }
        for (String id : held) {
            book.release(id);
        }
        assertEquals(book.slot().machine().total(), book.slot().remaining(), "releasing every claim gives everything back");
        assertEquals(book.slot().machine().devices().getOrDefault("GPUs", List.of()),
                book.slot().devices().free("GPUs"), "and every device");
    }

    static void check(PartitionableSlot slot, Op after) {
        Resources inUse = Resources.NONE;
        Set<String> devices = new HashSet<>();
        for (DynamicSlot d : slot.dynamicSlots().values()) {
            inUse = inUse.plus(d.resources());
            List<String> ids = slot.assigned(d.name()).getOrDefault("GPUs", List.of());
            assertEquals(d.resources().amount("GPUs"), ids.size(), d.name() + " has as many devices as GPUs, after " + after);
            for (String id : ids) {
                assertTrue(devices.add(id), id + " given to two claims, after " + after);
                assertTrue(slot.machine().devices().get("GPUs").contains(id), id + " is a device of the machine");
            }
        }
        for (String free : slot.devices().free("GPUs")) {
            assertTrue(devices.add(free), free + " both free and held, after " + after);
        }
        assertEquals(slot.machine().total(), inUse.plus(slot.remaining()), "after " + after);
        assertTrue(slot.machine().total().covers(inUse), "never more in use than the machine has, after " + after);
        assertEquals(slot.remaining().amount("GPUs"), slot.devices().free("GPUs").size(), "free devices are what is left");
    }
}
