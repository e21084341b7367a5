package org.harrier.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.util.function.IntFunction;

/**
 * Heap retained per object: make {@code count} distinct objects, hold them all, collect
 * garbage, and divide the growth of the used heap. The holding array is allocated before the
 * first reading, so it is not counted; shared objects (interned names, cached small values)
 * are counted once for all, as they are in a real schedd.
 */
final class RetainedHeap {
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private RetainedHeap() {
    }

    static double bytesPerObject(IntFunction<Object> make, int count) {
        make.apply(count); // first use: classes loaded, shared names interned before measuring
        Object[] held = new Object[count];
        long before = usedAfterGc();
        for (int i = 0; i < count; i++) {
            held[i] = make.apply(i);
        }
        long after = usedAfterGc();
        Reference.reachabilityFence(held);
        return (after - before) / (double) count;
    }

    private static long usedAfterGc() {
        long used = Long.MAX_VALUE;
        // Several collections, keeping the lowest reading: one may leave floating garbage.
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, MEMORY.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
