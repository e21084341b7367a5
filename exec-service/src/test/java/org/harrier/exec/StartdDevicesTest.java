package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.MachineResource;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Named devices reach the job's environment (a real process), and a re-detected machine is re-advertised. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdDevicesTest {
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000)).with(List.of(
            MachineResource.devices("GPUs", List.of("GPU-0", "GPU-1")), MachineResource.count("Licenses", 3)));

    @TempDir
    Path iwd;

    final StartdTest.Events events = new StartdTest.Events();
    final Startd startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(7),
            ExecSettings.builder().killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50)).build().timings()),
            events);

    @AfterEach
    void close() {
        startd.close();
    }

    ClassAd job(int gpus) {
        return ClassAd.builder().set("Cmd", "/bin/sh")
                .set("Arguments", "-c 'echo \"$CUDA_VISIBLE_DEVICES|$_CONDOR_AssignedGPUs|${_CONDOR_AssignedLicenses-none}\"'")
                .set("Iwd", iwd.toString()).set("Out", "out-" + gpus + ".txt").set("Owner", "alice")
                .set("RequestMemory", 100).set("RequestGPUs", gpus).set("RequestLicenses", 1).build();
    }

    @Test
    void aJobSeesTheDevicesOfItsClaimAndTheyComeBackOnRelease() throws Exception {
        ClaimBook.Grant one = startd.claim(job(1), StartdTest.SCHEDULER).get();
        ClaimBook.Grant two = startd.claim(job(1), StartdTest.SCHEDULER).get();
        assertEquals(List.of("GPU-0"), startd.slot().assigned(one.slot().name()).get("GPUs"));
        assertEquals(List.of("GPU-1"), startd.slot().assigned(two.slot().name()).get("GPUs"));

        startd.activate(two.claimId(), "1.0", job(1)).get();
        assertEquals(0, events.next(RunExited.class).exitCode());
        assertEquals("GPU-1|GPU-1|none\n", Files.readString(iwd.resolve("out-1.txt")),
                "CUDA_VISIBLE_DEVICES and _CONDOR_AssignedGPUs name the claim's device; counted resources have no ids");

        startd.release(one.claimId()).get();
        startd.release(two.claimId()).get();
        assertEquals(MACHINE.total(), startd.slot().remaining());
        assertEquals(List.of("GPU-0", "GPU-1"), startd.slot().devices().free("GPUs"));
    }

    @Test
    void aRedetectedMachineIsReadvertisedOnlyWhenItChanged() throws Exception {
        ClaimBook.Grant g = startd.claim(job(2), StartdTest.SCHEDULER).get();
        PartitionableSlot before = events.lastSlot;
        assertFalse(startd.redetected(MACHINE).get(), "the same machine changes nothing");
        assertSame(before, events.lastSlot);

        Machine grown = Machine.of("node", new Resources(2, 1024, 300000)).with(List.of(
                MachineResource.devices("GPUs", List.of("GPU-0", "GPU-1", "GPU-2")), MachineResource.count("Licenses", 1)));
        assertTrue(startd.redetected(grown).get());
        PartitionableSlot after = events.lastSlot;
        assertEquals(300000 - 1024, after.remaining().diskKiB());
        assertEquals(1, after.remaining().amount("GPUs"), "the new GPU is free");
        assertEquals(0, after.remaining().amount("Licenses"), "the license the claim holds is kept");
        assertEquals(List.of("GPU-0", "GPU-1"), after.assigned(g.slot().name()).get("GPUs"));

        startd.release(g.claimId()).get();
        assertEquals(3, startd.slot().remaining().amount("GPUs"));
        assertEquals(1, startd.slot().remaining().amount("Licenses"), "once released, the machine's new count holds");
    }
}
