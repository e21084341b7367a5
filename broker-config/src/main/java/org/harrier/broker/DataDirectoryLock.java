package org.harrier.broker;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on a broker's data directory, held while the broker runs. Artemis has its own
 * journal lock, but a second broker on the same directory would wait for it and then fail with a
 * stack trace; this lock turns that into an immediate, plain refusal. It holds across processes
 * and, through {@link OverlappingFileLockException}, within one JVM; the system releases it when
 * the process dies, so a kill -9 leaves nothing stale behind.
 */
final class DataDirectoryLock implements AutoCloseable {
    static final String FILE = "harrier-broker.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirectoryLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static DataDirectoryLock acquire(Path directory) {
        FileChannel channel = null;
        try {
            Files.createDirectories(directory);
            channel = FileChannel.open(directory.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return new DataDirectoryLock(channel, lock);
            }
        } catch (OverlappingFileLockException e) {
            // held by another broker in this JVM: refused below
        } catch (IOException e) {
            closeQuietly(channel);
            throw new BrokerException("cannot use data directory " + directory + ": " + e.getMessage(), e);
        }
        closeQuietly(channel);
        throw new BrokerException("data directory " + directory + " is in use by another broker");
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // the channel's close below releases it too
        }
        closeQuietly(channel);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing more to release
            }
        }
    }
}
