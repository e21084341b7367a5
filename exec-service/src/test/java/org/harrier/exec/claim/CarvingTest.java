package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CarvingTest {
    /** 4 cores, 4096 MiB, 1 GiB of disk. */
    static final Machine MACHINE = Machine.of("node", new Resources(4, 4096, 1024 * 1024));

    static PartitionableSlot slot(String start) {
        return PartitionableSlot.of("node", MACHINE, Expr.parse(start), 0);
    }

    static ClaimVerdict decide(String start, String requestAd) {
        return Carving.decide(slot(start), ClassAd.parse(requestAd), EvalContext.create());
    }

    static Stream<Arguments> carvedRequests() {
        return Stream.of(
                Arguments.of("a job that asks for nothing gets 1 cpu, 128 MiB and 1 MiB of disk",
                        "[Owner = \"alice\"]", new Resources(1, 128, 1024)),
                Arguments.of("explicit requests are carved exactly",
                        "[RequestCpus = 2; RequestMemory = 512; RequestDisk = 2048]", new Resources(2, 512, 2048)),
                Arguments.of("a request may read the slot as TARGET",
                        "[RequestMemory = TARGET.Memory / 2]", new Resources(1, 2048, 1024)),
                Arguments.of("a real request is rounded up",
                        "[RequestMemory = 100.2]", new Resources(1, 101, 1024)),
                Arguments.of("a zero request becomes the smallest unit",
                        "[RequestCpus = 0; RequestMemory = 0; RequestDisk = 0]", new Resources(1, 1, 1)),
                Arguments.of("condor_submit's default RequestMemory expression is evaluated",
                        "[ImageSize = 2048; RequestMemory = ifThenElse(MemoryUsage isnt undefined, MemoryUsage, (ImageSize + 1023) / 1024)]",
                        new Resources(1, 2, 1024)),
                Arguments.of("an undefined RequestDisk falls back to DiskUsage",
                        "[DiskUsage = 5000]", new Resources(1, 128, 5000)),
                Arguments.of("RequestDisk = DiskUsage with DiskUsage undefined falls back to 1 MiB",
                        "[RequestDisk = DiskUsage]", new Resources(1, 128, 1024)),
                Arguments.of("a request that takes everything fits",
                        "[RequestCpus = 4; RequestMemory = 4096; RequestDisk = 1048576]", new Resources(4, 4096, 1024 * 1024)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("carvedRequests")
    void carves(String why, String request, Resources expected) {
        ClaimVerdict v = decide("TRUE", request);
        assertEquals(new ClaimVerdict.Carve(expected), v, why);
    }

    static Stream<Arguments> refusedRequests() {
        return Stream.of(
                Arguments.of("TRUE", "[RequestCpus = 5]", ClaimVerdict.Refusal.DOES_NOT_FIT, "needs 5 Cpus, 4 left"),
                Arguments.of("TRUE", "[RequestMemory = 5000; RequestDisk = 2097152]", ClaimVerdict.Refusal.DOES_NOT_FIT,
                        "needs 5000 Memory (MiB), 4096 left, needs 2097152 Disk (KiB), 1048576 left"),
                Arguments.of("TRUE", "[RequestMemory = \"lots\"]", ClaimVerdict.Refusal.BAD_REQUEST,
                        "RequestMemory must be a number, but it evaluates to string \"lots\""),
                Arguments.of("TRUE", "[RequestCpus = -1]", ClaimVerdict.Refusal.BAD_REQUEST, "RequestCpus must not be negative"),
                Arguments.of("TRUE", "[RequestDisk = 1/0]", ClaimVerdict.Refusal.BAD_REQUEST, "RequestDisk must be a number, but it evaluates to error"),
                Arguments.of("FALSE", "[Owner = \"alice\"]", ClaimVerdict.Refusal.REQUIREMENTS_NOT_MET, "START (false) is false"),
                Arguments.of("TARGET.Owner == \"alice\"", "[Owner = \"bob\"]", ClaimVerdict.Refusal.REQUIREMENTS_NOT_MET,
                        "is false"),
                Arguments.of("TARGET.Owner == \"alice\"", "[]", ClaimVerdict.Refusal.REQUIREMENTS_NOT_MET, "is undefined"));
    }

    @ParameterizedTest(name = "START {0}, request {1}: {2}")
    @MethodSource("refusedRequests")
    void refuses(String start, String request, ClaimVerdict.Refusal kind, String reasonContains) {
        ClaimVerdict.Refuse r = assertInstanceOf(ClaimVerdict.Refuse.class, decide(start, request));
        assertEquals(kind, r.kind());
        assertTrue(r.reason().contains(reasonContains), r.reason());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("carvedRequests")
    void aStartThatAcceptsTheOwnerLetsTheSameRequestsThrough(String why, String request, Resources expected) {
        ClassAd ad = ClassAd.parse(request).with("Owner", Expr.parse("\"alice\""));
        ClaimVerdict v = Carving.decide(slot("TARGET.Owner == \"alice\""), ad, EvalContext.create());
        assertEquals(new ClaimVerdict.Carve(expected), v, why);
    }
}
