package org.harrier.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs of a test's own, to fill up: how the full-disk tests meet ENOSPC for real.
 * Mounting needs root (CI runs as root); {@link #mount} answers null where it cannot, and the
 * test skips itself.
 */
public final class SmallDisk implements AutoCloseable {
    private final Path path;

    private SmallDisk(Path path) {
        this.path = path;
    }

    /** A tmpfs of {@code size} ({@code mount -o size=}, e.g. "64m") at {@code at}, made if missing; null when it cannot be mounted here. */
    public static SmallDisk mount(Path at, String size) throws IOException, InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return null;
        }
        Files.createDirectories(at);
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString())
                .redirectErrorStream(true).start();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            System.err.println("cannot mount a tmpfs at " + at + ": " + new String(p.getInputStream().readAllBytes()));
            return null;
        }
        return new SmallDisk(at);
    }

    public Path path() {
        return path;
    }

    /** Writes zeros to {@code file} until the file system says there is no space left. */
    public static void fill(Path file) throws IOException {
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("No space left")) {
                throw e;
            }
        }
    }

    /** Unmounts it, lazily: a process still holding a file there keeps it until it lets go. */
    @Override
    public void close() throws IOException, InterruptedException {
        new ProcessBuilder("umount", "-l", path.toString()).start().waitFor(30, TimeUnit.SECONDS);
    }
}
