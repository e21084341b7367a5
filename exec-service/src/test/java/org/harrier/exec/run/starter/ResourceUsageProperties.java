package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Invariants of the usage peaks whatever the samples: the order in which samples arrive never
 * changes the reported peak, a peak never falls, and the KiB and MiB roundings never report less
 * than was used.
 */
class ResourceUsageProperties {
    static final Gen<Long> SIZE = longs().between(0, 1L << 40);
    static final Gen<ResourceUsage> USAGE = SIZE.zip(SIZE, SIZE, ResourceUsage::new);

    @Test
    void peaksDoNotDependOnTheOrderOfSamples() {
        qt().forAll(USAGE, USAGE, USAGE).check((a, b, c) -> a.peak(b).peak(c).equals(c.peak(a).peak(b))
                && a.peak(b).equals(b.peak(a)) && a.peak(a).equals(a));
    }

    @Test
    void aPeakIsAtLeastEverySample() {
        qt().forAll(USAGE, USAGE).checkAssert((a, b) -> {
            ResourceUsage p = a.peak(b);
            assertTrue(p.imageSizeKiB() >= Math.max(a.imageSizeKiB(), b.imageSizeKiB()));
            assertEquals(Math.max(a.residentSetSizeKiB(), b.residentSetSizeKiB()), p.residentSetSizeKiB());
            assertEquals(Math.max(a.diskUsageKiB(), b.diskUsageKiB()), p.diskUsageKiB());
        });
    }

    @Test
    void roundingNeverReportsLessThanWasUsed() {
        qt().forAll(longs().between(0, 1L << 50)).checkAssert(bytes -> {
            long kib = ResourceUsage.kib(bytes);
            assertTrue(kib * 1024 >= bytes && (kib - 1) * 1024 < Math.max(bytes, 1), bytes + " bytes -> " + kib);
            long mib = new ResourceUsage(0, kib, 0).memoryUsageMiB();
            assertTrue(mib * 1024 >= kib && (mib - 1) * 1024 < Math.max(kib, 1), kib + " KiB -> " + mib);
        });
    }
}
