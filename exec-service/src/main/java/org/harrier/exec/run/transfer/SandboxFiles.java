package org.harrier.exec.run.transfer;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.harrier.rules.TransferLists;

/**
 * The files an output entry stands for in a sandbox, found without leaving it: an entry that
 * climbs out ({@code ..}, an absolute path) or passes through a symbolic link, and a symbolic
 * link inside a directory sent whole, are refused with a {@link TransferException} naming it
 * (the job is held with code 12), so a job cannot have its starter send files from outside its
 * sandbox. HTCondor does not transfer symbolic links to directories either. Blocking file I/O,
 * on the sandbox threads.
 */
final class SandboxFiles {
    private SandboxFiles() {
    }

    /** A file to send: where it is, and the name the scheduler writes it under. */
    record Send(Path file, String name) {
    }

    /** The files of {@code output} in {@code sandbox}: it itself, or every file below it, sorted. */
    static List<Send> of(Path sandbox, SandboxPlan.Output output) throws IOException {
        Path p = sandbox.resolve(output.local()).normalize();
        if (!p.startsWith(sandbox) || p.equals(sandbox) && !output.name().isEmpty()) {
            throw new TransferException(output.local()
                    + " is outside the sandbox; outputs are files and directories in it");
        }
        for (Path q = p; !q.equals(sandbox); q = q.getParent()) {
            if (Files.isSymbolicLink(q)) {
                throw link(sandbox, q);
            }
        }
        if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
            return List.of(new Send(p, output.name().isEmpty() ? TransferLists.lastPart(output.local()) : output.name()));
        }
        if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            throw new TransferException(output.local()
                    + " is not a file or directory in the sandbox");
        }
        List<Send> out = new ArrayList<>();
        Files.walkFileTree(p, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                if (attrs.isSymbolicLink()) {
                    throw link(sandbox, f);
                }
                if (attrs.isRegularFile()) {
                    out.add(new Send(f, output.wireName(p.relativize(f).toString())));
                }
                return FileVisitResult.CONTINUE;
            }
        });
        out.sort(Comparator.comparing(Send::name));
        return out;
    }

    private static TransferException link(Path sandbox, Path link) {
        return new TransferException(sandbox.relativize(link)
                + " is a symbolic link; symbolic links are not transferred");
    }
}
