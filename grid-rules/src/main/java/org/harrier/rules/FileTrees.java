package org.harrier.rules;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Removing a directory tree, as the scheduler's spool, the starter's sandboxes, the checkpoint
 * layout and the demo all need to. Pure file-system work on the caller's thread.
 */
public final class FileTrees {
    private FileTrees() {
    }

    /**
     * Deletes {@code root} and everything below it. Symbolic links are not followed: a link is
     * removed, never what it points to (a job may leave a link to anywhere in its sandbox).
     * Nothing at {@code root}: nothing to do. An entry that vanishes while this runs (another
     * remover got there first) is gone as wanted, not a failure; any other failure stops the
     * removal with its IOException, what was not yet removed left in place.
     */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
