package org.harrier.scheduler.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;

/**
 * One history file open for a query, with its index as it was when opened: the ads at the
 * positions below {@link #size} are whole on disk (the writer indexes an ad only after writing
 * it), and the open channel keeps reading this file even if a rotation renames or drops it.
 * Reads a run of neighbouring ads (a scan) a megabyte at a time, and an ad looked up alone by
 * itself. Used by one query on one thread, then closed.
 */
final class HistoryAds implements AutoCloseable {
    private static final int SCAN_BLOCK = 1 << 20;
    private final FileChannel in;
    private final HistoryIndex index;
    private final int size;
    private byte[] window = new byte[0];
    private long windowStart;

    private HistoryAds(FileChannel in, HistoryIndex index) {
        this.in = in;
        this.index = index;
        this.size = in == null ? 0 : index.size();
    }

    /** The file at {@code path} with {@code index}; a file not (or no longer) there holds no ads. */
    static HistoryAds open(Path path, HistoryIndex index) throws IOException {
        try {
            return new HistoryAds(FileChannel.open(path, StandardOpenOption.READ), index);
        } catch (NoSuchFileException e) {
            return new HistoryAds(null, index);
        }
    }

    int size() {
        return size;
    }

    /** The position of job {@code id}'s newest ad in this file, or -1. */
    int newest(JobId id) {
        return index.newest(id, size);
    }

    /** Adds to {@code found} the ads below position {@code below} that {@code keys} admits and {@code keep} accepts, newest first, up to {@code limit}. */
    void read(HistoryKeys keys, int below, Predicate<ClassAd> keep, int limit, List<ClassAd> found) throws IOException {
        if (keys.named()) {
            for (int p : index.positions(keys, below)) {
                if (found.size() >= limit) {
                    return;
                }
                take(index.entry(p), 0, keys, keep, found);
            }
            return;
        }
        for (int p = below - 1; p >= 0 && found.size() < limit; p--) {
            IndexEntry e = index.entry(p);
            if (e.cluster() == HistoryIndex.UNKNOWN || keys.admits(e.cluster(), e.proc())) {
                take(e, SCAN_BLOCK, keys, keep, found);
            }
        }
    }

    /** Adds the ad at {@code e} if {@code keep} accepts it, having tested first only what {@code keys} says it reads. */
    private void take(IndexEntry e, int block, HistoryKeys keys, Predicate<ClassAd> keep, List<ClassAd> found) throws IOException {
        if (e.start() < windowStart || e.end() > windowStart + window.length) {
            load(e, block);
        }
        int from = (int) (e.start() - windowStart);
        if (keys.reads() != null) {
            ClassAd read = AdText.reading(window, from, e.length(), keys.reads());
            if (read != null && !keep.test(read)) {
                return;
            }
        }
        ClassAd ad = AdText.whole(window, from, e.length());
        if (ad != null && keep.test(ad)) {
            found.add(ad);
        }
    }

    /** Reads the bytes ending with {@code e}'s, and up to {@code block} before it for the older ads a scan reads next. */
    private void load(IndexEntry e, int block) throws IOException {
        long start = Math.min(e.start(), Math.max(0, e.end() - block));
        int n = (int) (e.end() - start);
        if (window.length != n) {
            window = new byte[n];
        }
        ByteBuffer b = ByteBuffer.wrap(window);
        while (b.hasRemaining()) {
            if (in.read(b, start + b.position()) < 0) {
                throw new IOException("history file shrank while being read");
            }
        }
        windowStart = start;
    }

    @Override
    public void close() throws IOException {
        if (in != null) {
            in.close();
        }
    }
}
