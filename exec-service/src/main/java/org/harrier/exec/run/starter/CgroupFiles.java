package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of a job's cgroups that every job reads or writes, kept open while the cgroups
 * live. Opening a cgroup file costs the kernel about 20 µs here (kernfs allocates and charges an
 * open file), more than reading or writing it, and a job's start and end touch about fifteen:
 * the birth writes the startd's thread into the job's three {@code tasks} files and back into
 * its own three ({@link CgroupBirth}), and the end reads what is left in the cgroup, its CPU
 * time, peak and OOM kills, and resets the peak for the slot's next job ({@link CgroupShelf}).
 * GridBenchmark spent about 2% of the machine in the startd thread's opens alone
 * (benchmarks/README.md, "Ninth pass").
 *
 * <p>A cgroup file is read whole with a positioned read from 0 (the kernel makes its text
 * again for each read from the start; not so v1's {@code cgroup.procs} and {@code tasks}, which
 * answer from a pid list cached per open file, so those are read by opening them afresh) and written with a positioned write at 0 (a cgroup file
 * takes a whole value per write, whatever the offset). The startd's own cgroups' files stay open
 * for its life; a job cgroup's close once it is removed ({@link JobCgroup#remove}); after that a
 * read opens the file anew, as before (and finds it gone), and placing a thread fails.
 *
 * <p>Thread-safe (this object's lock).
 */
final class CgroupFiles {
    private final List<Path> tasks;
    private final Map<Path, FileChannel> readers = new HashMap<>();
    private final Map<Path, FileChannel> writers = new HashMap<>();
    private boolean closed;

    /** For the cgroups {@code threadDirs} (v1, one per hierarchy; none for v2), whose tasks files {@link #place} writes. */
    CgroupFiles(List<Path> threadDirs) {
        this.tasks = threadDirs.stream().map(d -> d.resolve("tasks")).toList();
    }

    /** How many cgroups {@link #place} puts a thread in. */
    int placesIn() {
        return tasks.size();
    }

    /** Writes {@code thread} (a thread id, ASCII digits) to every tasks file, in order; IOException at the first that fails. */
    synchronized void place(byte[] thread) throws IOException {
        if (closed) {
            throw new IOException("the cgroups of " + tasks + " were removed");
        }
        for (Path t : tasks) {
            write(t, thread);
        }
    }

    /** The text of {@code file}, read now. */
    synchronized String read(Path file) throws IOException {
        if (closed) {
            return Files.readString(file);
        }
        FileChannel ch = channel(readers, file, StandardOpenOption.READ);
        byte[] text = new byte[4096];
        int length = 0;
        while (true) {
            int n = ch.read(ByteBuffer.wrap(text, length, text.length - length), length);
            if (n <= 0) {
                return new String(text, 0, length, StandardCharsets.UTF_8);
            }
            length += n;
            if (length == text.length) {
                text = Arrays.copyOf(text, text.length * 2);
            }
        }
    }

    /** Writes {@code value} to {@code file} in one write. */
    synchronized void write(Path file, byte[] value) throws IOException {
        if (closed) {
            Files.write(file, value);
            return;
        }
        int written = channel(writers, file, StandardOpenOption.WRITE).write(ByteBuffer.wrap(value), 0);
        if (written != value.length) {
            throw new IOException("wrote " + written + " of " + value.length + " bytes to " + file);
        }
    }

    private static FileChannel channel(Map<Path, FileChannel> open, Path file, StandardOpenOption mode) throws IOException {
        FileChannel ch = open.get(file);
        if (ch == null) {
            ch = FileChannel.open(file, mode);
            open.put(file, ch);
        }
        return ch;
    }

    /** The tasks files {@link #place} writes. */
    @Override
    public String toString() {
        return tasks.toString();
    }

    /** Closes every file for good (the cgroups are gone). */
    synchronized void close() {
        closed = true;
        for (Map<Path, FileChannel> open : List.of(readers, writers)) {
            for (FileChannel ch : open.values()) {
                try {
                    ch.close();
                } catch (IOException e) {
                    // closing a cgroup file cannot lose anything written
                }
            }
            open.clear();
        }
    }
}
