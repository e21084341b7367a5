package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The usage arithmetic in HTCondor's units, the /proc status and cgroup file parsing, the memory hold decision. */
class UsageArithmeticTest {
    @ParameterizedTest(name = "{0} bytes take {1} KiB")
    @CsvSource({"0, 0", "1, 1", "1023, 1", "1024, 1", "1025, 2", "1048576, 1024"})
    void bytesRoundUpToWholeKibibytes(long bytes, long kib) {
        assertEquals(kib, ResourceUsage.kib(bytes));
    }

    @ParameterizedTest(name = "ResidentSetSize {0} KiB is MemoryUsage {1} MiB")
    @CsvSource({"0, 0", "1, 1", "1024, 1", "1025, 2", "307200, 300"})
    void memoryUsageIsTheResidentSetInMibibytesRoundedUp(long rssKiB, long mib) {
        assertEquals(mib, new ResourceUsage(0, rssKiB, 0).memoryUsageMiB());
    }

    @Test
    void everyFigureKeepsItsPeak() {
        ResourceUsage a = new ResourceUsage(100, 50, 7);
        ResourceUsage b = new ResourceUsage(80, 60, 3);
        assertAll(() -> assertEquals(new ResourceUsage(100, 60, 7), a.peak(b)),
                () -> assertEquals(a.peak(b), b.peak(a), "order does not matter"),
                () -> assertEquals(new ResourceUsage(100, 2048, 7), a.withResidentAtLeast(2 * 1024 * 1024)),
                () -> assertEquals(a, a.withResidentAtLeast(10), "a smaller cgroup peak changes nothing"),
                () -> assertEquals(new ResourceUsage(100, 50, 9), a.withDiskAtLeast(9)));
    }

    @Test
    void negativeSizesAreRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ResourceUsage(0, -1, 0));
        assertTrue(e.getMessage().contains("ResidentSetSize -1"), e.getMessage());
    }

    static final String STATUS = """
            Name:\tpython3
            State:\tS (sleeping)
            VmPeak:\t  320004 kB
            VmSize:\t  310000 kB
            VmHWM:\t  300100 kB
            VmRSS:\t  300000 kB
            Threads:\t1
            """;

    @Test
    void procStatusGivesVirtualSizeAndResidentSet() {
        assertEquals(new ResourceUsage(310000, 300000, 0), ProcStatus.parse(STATUS));
    }

    @Test
    void aKernelThreadOrZombieWithoutVmLinesUsesNothing() {
        assertEquals(ResourceUsage.NONE, ProcStatus.parse("Name:\tkworker/0:1\nState:\tI (idle)\n"));
    }

    @Test
    void aMalformedVmLineIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> ProcStatus.parse("VmRSS:\t12 pages\n"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "oom_kill_disable 0\\nunder_oom 0\\noom_kill 3|3",
            "low 0\\nhigh 0\\nmax 12\\noom 2\\noom_kill 1\\noom_group_kill 0|1",
            "oom_kill_disable 0\\nunder_oom 0|0"})
    void oomKillsAreReadFromTheKeyedFile(String text, long kills) {
        assertEquals(kills, JobCgroup.keyed(text.replace("\\n", "\n"), "oom_kill"));
    }

    @ParameterizedTest(name = "a slot of {0} MiB is limited to {1} MiB")
    @CsvSource({"0, 0", "1, 128", "48, 128", "128, 128", "129, 256", "1000, 1024"})
    void theLimitIsTheSlotsMemoryInHTCondorsQuantum(long slotMiB, long limitMiB) {
        assertEquals(limitMiB, MemoryLimit.limitMiB(slotMiB));
    }

    @ParameterizedTest(name = "{0} MiB is {1} bytes")
    @CsvSource({"0, 0", "1, 1048576", "64, 67108864", "4096, 4294967296"})
    void aLimitIsWrittenInBytes(long mib, long bytes) {
        assertEquals(bytes, MemoryLimit.bytes(mib));
    }

    @ParameterizedTest(name = "{0} OOM kills under {1} MiB, peak {2} KiB: held {3}")
    @CsvSource({"0, 64, 70000, false", "1, 64, 65536, true", "2, 128, 131073, true", "1, 0, 65536, false",
            "1, 128, 125000, true", "1, 128, 60000, false"})
    void aJobIsHeldOnlyWhenTheOomKillerActedAtItsLimit(long kills, long limitMiB, long peakKiB, boolean held) {
        Optional<String> reason = MemoryLimit.holdReason(kills, limitMiB, peakKiB);
        assertEquals(held, reason.isPresent());
        reason.ifPresent(r -> assertEquals("Job has gone over cgroup memory limit of " + limitMiB
                + " megabytes. Last measured usage: " + (peakKiB + 1023) / 1024
                + " megabytes.  Consider resubmitting with a higher request_memory.", r));
    }
}
