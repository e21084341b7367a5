package org.harrier.scheduler.transfer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.harrier.scheduler.ScheddFailure;

/**
 * The file-system half of the transfer rules for files inside a transferred directory
 * ({@link TransferNames.Target}): a path of plain names below a directory the job ad names may
 * not pass through a symbolic link, so neither a link the job's owner left in an input
 * directory nor one in Iwd can lead a starter's read or write outside (HTCondor does not
 * transfer symbolic links to directories either). A refusal is {@link ScheddFailure.Refused} naming the link.
 * Blocking file I/O: called on the transfer threads only.
 */
public final class DirectoryTree {
    private DirectoryTree() {
    }

    /** One entry of a listed directory: its path relative to the directory, its size, whether it is a directory. */
    public record Entry(String name, long size, boolean directory) {
    }

    /**
     * The file {@code target} names for reading: below {@code target.dir()}, every part a real
     * directory and the last a regular file, none a symbolic link.
     */
    static Path forReading(TransferNames.Target target) throws IOException {
        if (target.relative().isEmpty()) {
            return target.dir();
        }
        return walk(target, false, dir -> { });
    }

    /**
     * The file {@code target} names for writing: its parent directories below
     * {@code target.dir()} are made where missing, and none may be a symbolic link or a file.
     */
    static Path forWriting(TransferNames.Target target) throws IOException {
        return forWriting(target, dir -> { });
    }

    /** As above, {@code created} told of each directory made, as it is made (a root scheduler hands it to the Owner). */
    static Path forWriting(TransferNames.Target target, java.util.function.Consumer<Path> created) throws IOException {
        if (target.relative().isEmpty()) {
            return target.dir();
        }
        return walk(target, true, created);
    }

    private static Path walk(TransferNames.Target target, boolean create, java.util.function.Consumer<Path> created)
            throws IOException {
        Path p = target.dir();
        refuseLink(p, target);
        String[] parts = target.relative().split("/");
        for (int i = 0; i < parts.length; i++) {
            p = p.resolve(parts[i]);
            boolean last = i == parts.length - 1;
            if (!last || !create) {
                refuseLink(p, target);
            }
            if (!last && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                if (!create || Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                    throw new ScheddFailure.TransferFailed(p + " is not a directory");
                }
                Files.createDirectory(p);
                created.accept(p);
            }
        }
        return p;
    }

    private static void refuseLink(Path p, TransferNames.Target target) {
        if (Files.isSymbolicLink(p)) {
            throw new ScheddFailure.Refused(target.dir().resolve(target.relative())
                    + " goes through the symbolic link " + p + ": symbolic links in transferred directories are not followed");
        }
    }

    /**
     * Everything below {@code dir}, parents before their contents, sorted by name; or, when
     * {@code dir} is a regular file, one entry with an empty name. A symbolic link anywhere
     * below is refused ({@link ScheddFailure.Refused}); a missing entry is a failed transfer.
     */
    static List<Entry> list(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            if (!Files.isRegularFile(dir)) {
                throw new ScheddFailure.TransferFailed(dir + " does not exist");
            }
            return List.of(new Entry("", Files.size(dir), false));
        }
        if (Files.isSymbolicLink(dir)) {
            throw new ScheddFailure.Refused(dir + " is a symbolic link to a directory:"
                    + " symbolic links to directories are not transferred");
        }
        List<Entry> out = new ArrayList<>();
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    if (!d.equals(dir)) {
                        out.add(new Entry(dir.relativize(d).toString(), 0, true));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                    if (attrs.isSymbolicLink()) {
                        throw new ScheddFailure.Refused("input directory " + dir + " holds the symbolic link "
                                + dir.relativize(f) + ": symbolic links in transferred directories are not followed");
                    }
                    if (attrs.isRegularFile()) {
                        out.add(new Entry(dir.relativize(f).toString(), attrs.size(), false));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException | UncheckedIOException e) {
            throw new ScheddFailure.TransferFailed("cannot list " + dir + ": " + e);
        }
        out.sort(Comparator.comparing(Entry::name));
        return out;
    }
}
