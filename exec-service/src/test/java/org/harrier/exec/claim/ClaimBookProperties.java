package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.quicktheories.core.Gen;

/** No sequence of claims and releases overcommits, loses or invents any resource. */
class ClaimBookProperties {
    static final Machine MACHINE = Machine.of("node", new Resources(8, 16000, 100000));

    /** One step: claim with these requests (negative = leave the attribute undefined), or release the n-th claim held. */
    record Op(boolean claim, int cpus, int memory, int disk, int which) {
        ClassAd request() {
            ClassAd.Builder b = ClassAd.builder().set("Owner", "alice");
            if (cpus >= 0) {
                b.set("RequestCpus", cpus);
            }
            if (memory >= 0) {
                b.set("RequestMemory", memory);
            }
            if (disk >= 0) {
                b.set("RequestDisk", disk);
            }
            return b.build();
        }

        @Override
        public String toString() {
            return claim ? "claim(" + cpus + "," + memory + "," + disk + ")" : "release(#" + which + ")";
        }
    }

    static Gen<Op> ops() {
        return integers().between(0, 2).zip(integers().between(-1, 9), integers().between(-1, 20000),
                integers().between(-1, 120000), integers().between(0, 20),
                (kind, cpus, memory, disk, which) -> new Op(kind < 2, cpus, memory, disk, which));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void noSequenceOfClaimsAndReleasesOvercommitsAnyResource() {
        qt().withExamples(300).forAll(lists().of(ops()).ofSizeBetween(0, 60)).checkAssert(this::replay);
    }

    void replay(List<Op> ops) {
        ClaimBook book = new ClaimBook(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(1));
        List<String> held = new ArrayList<>();
        EvalContext context = EvalContext.create();
        for (Op op : ops) {
            PartitionableSlot before = book.slot();
            if (op.claim()) {
                try {
                    ClaimBook.Grant g = book.claim(op.request(), "harrier:scheduler:s", context);
                    held.add(g.claimId());
                    Resources wanted = Resources.requestedBy(op.request(), SlotAds.partitionable(before), context);
                    assertEquals(wanted, g.slot().resources(), op + " carves what was asked");
                    assertEquals(before.remaining().minus(wanted), book.slot().remaining(), op + " takes it from what was left");
                } catch (StartdFailure refused) {
                    assertInstanceOf(StartdFailure.ClaimRefused.class, refused);
                    assertEquals(before, book.slot(), op + " refused changes nothing");
                }
            } else if (held.isEmpty()) {
                try {
                    book.release("not-a-claim");
                } catch (StartdFailure unknown) {
                    assertInstanceOf(StartdFailure.UnknownClaim.class, unknown);
                }
                assertEquals(before, book.slot());
            } else {
                String id = held.remove(op.which() % held.size());
                DynamicSlot gone = book.release(id);
                assertEquals(before.remaining().plus(gone.resources()), book.slot().remaining(), op + " returns it");
            }
            Resources inUse = Resources.NONE;
            for (DynamicSlot d : book.slot().dynamicSlots().values()) {
                inUse = inUse.plus(d.resources());
            }
            assertEquals(MACHINE.total(), inUse.plus(book.slot().remaining()), "after " + op);
            assertTrue(MACHINE.total().covers(inUse), "never more in use than the machine has, after " + op);
            assertEquals(held.size(), book.slot().dynamicSlots().size(), "one dynamic slot per claim held");
        }
        for (String id : held) {
            book.release(id);
        }
        assertEquals(MACHINE.total(), book.slot().remaining(), "releasing every claim gives everything back");
    }
}
