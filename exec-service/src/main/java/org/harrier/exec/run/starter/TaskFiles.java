package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The {@code tasks} files of version-1 cgroups, one per hierarchy, kept open for placing a
 * thread in all of them ({@link CgroupBirth}). A job's birth moves the startd's thread into the
 * job's cgroups and back, six writes per job, and opening a cgroup file costs the kernel about
 * 20 µs here (kernfs allocates and charges an open file), more than the write: GridBenchmark
 * spent about 2% of the machine opening them (benchmarks/README.md, "Ninth pass"). The startd's
 * own cgroups' files stay open for its life; a job cgroup's are closed when it is removed
 * ({@link JobCgroup#remove}), and a write after that fails (the kernel answers ENODEV to a
 * write to a removed cgroup's file, as it does to one still open).
 *
 * <p>Thread-safe (this object's lock): each call places only the thread it names.
 */
final class TaskFiles {
    private final List<Path> files;
    /** Opened on first use; an element stays null until its file is opened. */
    private final FileChannel[] open;
    private boolean closed;

    TaskFiles(List<Path> cgroupDirs) {
        this.files = cgroupDirs.stream().map(d -> d.resolve("tasks")).toList();
        this.open = new FileChannel[files.size()];
    }

    int size() {
        return files.size();
    }

    /** Writes {@code thread} (a thread id, ASCII digits) to every tasks file, in order; IOException at the first that fails. */
    synchronized void place(byte[] thread) throws IOException {
        if (closed) {
            throw new IOException("the cgroups of " + files + " were removed");
        }
        for (int i = 0; i < open.length; i++) {
            if (open[i] == null) {
                open[i] = FileChannel.open(files.get(i), StandardOpenOption.WRITE);
            }
            // A cgroup file takes a whole value per write and ignores the offset; pwrite at 0
            // keeps the channel's position out of it.
            int written = open[i].write(ByteBuffer.wrap(thread), 0);
            if (written != thread.length) {
                throw new IOException("wrote " + written + " of " + thread.length + " bytes to " + files.get(i));
            }
        }
    }

    /** Closes the files for good (the cgroups go). */
    synchronized void close() {
        closed = true;
        for (int i = 0; i < open.length; i++) {
            if (open[i] != null) {
                try {
                    open[i].close();
                } catch (IOException e) {
                    // closing a cgroup file cannot lose anything written
                }
                open[i] = null;
            }
        }
    }
}
