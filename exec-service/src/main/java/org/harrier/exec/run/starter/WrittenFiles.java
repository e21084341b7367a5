package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * HTCondor's DiskUsage for a job: the KiB of the files it wrote in its working directory. In
 * HTCondor that directory is the job's own scratch sandbox, so everything in it counts; a job
 * here may run in a shared Iwd (the submitter's directory, no file transfer), so only files
 * changed since the job started count: otherwise a job run in a large directory would report
 * all of it, and its default RequestDisk (= DiskUsage) would grow past every machine.
 *
 * <p>The walk stops after {@link #MAX_ENTRIES} entries so that a huge directory costs a
 * bounded time per sample; files that vanish during the walk are skipped.
 */
final class WrittenFiles {
    static final int MAX_ENTRIES = 20_000;

    private WrittenFiles() {
    }

    /** KiB of regular files under {@code dir} modified at or after {@code sinceMillis} (epoch ms). */
    static long kib(Path dir, long sinceMillis) {
        long[] bytes = {0};
        int[] seen = {0};
        try {
            Files.walkFileTree(dir, new FileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
                    return ++seen[0] > MAX_ENTRIES ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    if (a.isRegularFile() && a.lastModifiedTime().toMillis() >= sinceMillis) {
                        bytes[0] += a.size();
                    }
                    return ++seen[0] > MAX_ENTRIES ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
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
            return ResourceUsage.kib(bytes[0]);
        }
        return ResourceUsage.kib(bytes[0]);
    }
}
