package org.harrier.exec.run.account;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;

/**
 * A local Unix account as the passwd database has it: its name, uid, primary gid and home
 * directory. Its supplementary groups are not here: setpriv's --init-groups reads them when the
 * job starts, as login does.
 */
public record LocalAccount(String name, int uid, int gid, Path home) {
    public LocalAccount {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(home, "home");
        if (!RunAsPolicy.validName(name)) {
            throw new IllegalArgumentException("an account name is letters, digits and _.- (not first '-'), got '"
                    + name + "'");
        }
        if (uid < 0 || gid < 0) {
            throw new IllegalArgumentException("uid and gid are 0 or more, got " + uid + " and " + gid);
        }
    }

    /**
     * Makes this account the owner (uid and primary gid) of {@code root} and everything below
     * it, and {@code root} mode 0700, so no other account's job can read it. Symbolic links are
     * changed themselves (lchown), never followed. Needs root; on the caller's thread.
     */
    public void own(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    give(dir);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    give(file);
                    return FileVisitResult.CONTINUE;
                }
            });
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot hand " + root + " to account " + name + ": " + e.getMessage(), e);
        }
    }

    private void give(Path p) throws IOException {
        Files.setAttribute(p, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(p, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
    }
}
