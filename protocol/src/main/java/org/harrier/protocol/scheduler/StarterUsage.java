package org.harrier.protocol.scheduler;

import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.MethodArguments;

/**
 * A starter's measurements of a job's processes (JobUsage, JobExited): ImageSize peak virtual
 * size, ResidentSetSize peak physical memory and DiskUsage in KiB, MemoryUsage in MiB. The
 * scheduler decides what values it accepts.
 */
public record StarterUsage(long imageSize, long residentSetSize, long memoryUsage, long diskUsage) {
    static final Arg<Long> IMAGE_SIZE = Arg.int64("ImageSize");
    static final Arg<Long> RESIDENT_SET_SIZE = Arg.int64("ResidentSetSize");
    static final Arg<Long> MEMORY_USAGE = Arg.int64("MemoryUsage");
    static final Arg<Long> DISK_USAGE = Arg.int64("DiskUsage");

    static StarterUsage read(MethodArguments a) {
        return new StarterUsage(a.get(IMAGE_SIZE), a.get(RESIDENT_SET_SIZE), a.get(MEMORY_USAGE), a.get(DISK_USAGE));
    }

    /** The figures of a method where they are optional: all given with ImageSize, or none (null). */
    static StarterUsage readOptional(MethodArguments a) {
        return a.has(IMAGE_SIZE) ? read(a) : null;
    }

    MethodArguments.Writer write(MethodArguments.Writer w) {
        return w.put(IMAGE_SIZE, imageSize).put(RESIDENT_SET_SIZE, residentSetSize)
                .put(MEMORY_USAGE, memoryUsage).put(DISK_USAGE, diskUsage);
    }

    static MethodArguments.Writer writeOptional(StarterUsage u, MethodArguments.Writer w) {
        return u == null ? w : u.write(w);
    }
}
