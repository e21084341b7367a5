package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * HTCondor's DiskUsage for a job: the KiB of the files it wrote in its working directory. In
 * HTCondor that directory is the job's own scratch sandbox, so everything in it counts; a job
 * here may run in a shared Iwd (the submitter's directory, no file transfer), so only files
 * changed since the job started count: otherwise a job run in a large directory would report
 * all of it, and its default RequestDisk (= DiskUsage) would grow past every machine.
 *
 * <p>The walk stops after {@link #MAX_ENTRIES} entries so that a huge directory costs a
 * bounded time per sample; files that vanish during the walk are skipped. At a job's end the
 * walk is bounded far lower ({@link #AT_EXIT_ENTRIES}, see {@link #atExit}): it is on the path
 * of every job, and a walk of a submitter's directory of 20,000 files per job made 500 short
 * jobs take 71 s instead of 9.5 s.
 */
final class WrittenFiles {
    static final int MAX_ENTRIES = 20_000;
    /** A job's own sandbox (its executable, inputs and outputs) is smaller than this. */
    static final int AT_EXIT_ENTRIES = 64;

    private WrittenFiles() {
    }

    /**
     * KiB of what a job that started at {@code sinceMillis} wrote, at its end: the files it
     * changed under {@code dir} when that is small (a sandbox, or a small Iwd), else its
     * {@code outputs} (Out and Err), which it is known to write. What the periodic samples saw
     * while it ran counts besides (the caller keeps the larger).
     */
    static long atExit(Path dir, long sinceMillis, List<Path> outputs) {
        long[] walked = new long[1];
        if (walk(dir, sinceMillis, AT_EXIT_ENTRIES, walked)) {
            return ResourceUsage.kib(walked[0]);
        }
        long bytes = 0;
        for (Path out : new java.util.LinkedHashSet<>(outputs)) { // Out and Err may be one file
            try {
                bytes += written(Files.readAttributes(out, BasicFileAttributes.class), sinceMillis);
            } catch (IOException e) {
                // not written, or gone: nothing to count
            }
        }
        return ResourceUsage.kib(bytes);
    }

    /** The size of a regular file changed at or after {@code sinceMillis}; 0 for anything else. */
    private static long written(BasicFileAttributes a, long sinceMillis) {
        return a.isRegularFile() && a.lastModifiedTime().toMillis() >= sinceMillis ? a.size() : 0;
    }

    /** KiB of regular files under {@code dir} modified at or after {@code sinceMillis} (epoch ms). */
    static long kib(Path dir, long sinceMillis) {
        long[] bytes = {0};
        walk(dir, sinceMillis, MAX_ENTRIES, bytes);
        return ResourceUsage.kib(bytes[0]);
    }

    /** Adds to {@code bytes} what changed under {@code dir}; false when the walk stopped at {@code maxEntries}. */
    private static boolean walk(Path dir, long sinceMillis, int maxEntries, long[] bytes) {
        int[] seen = {0};
        try {
            Files.walkFileTree(dir, new FileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
                    return ++seen[0] > maxEntries ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    bytes[0] += written(a, sinceMillis);
                    return ++seen[0] > maxEntries ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path f, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return true; // the directory is gone: nothing more to count
        }
        return seen[0] <= maxEntries;
    }
}
