package org.harrier.broker;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a disk has room for a broker (or a scheduler's queue log) to start again after a full
 * disk stopped it: a fresh journal needs its two 10 MiB files, and broker.xml's max-disk-usage
 * (95%) blocks producers above it, so both must hold with a margin.
 */
public final class DiskRoom {
    static final long MIN_FREE_BYTES = 32L * 1024 * 1024;
    static final int MAX_USED_PERCENT = 95;

    /** Usable and total bytes of a file system. */
    record Usage(long usable, long total) {
    }

    private DiskRoom() {
    }

    /** Whether the file system holding {@code dir} has room now. */
    public static boolean at(Path dir) {
        return enough(usage(dir));
    }

    /** An unreadable file system counts as full. */
    static Usage usage(Path dir) {
        try {
            FileStore store = Files.getFileStore(dir);
            return new Usage(store.getUsableSpace(), store.getTotalSpace());
        } catch (IOException e) {
            return new Usage(0, 1);
        }
    }

    static boolean enough(Usage u) {
        if (u.total() <= 0) {
            return false;
        }
        long used = u.total() - u.usable();
        return u.usable() >= MIN_FREE_BYTES && used * 100 < (long) MAX_USED_PERCENT * u.total();
    }
}
