package org.harrier.scheduler.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.harrier.classad.ClassAd;

/**
 * The last whole ad of a history file, found by reading back from its end: the ad that ends
 * with the file's last banner line ({@code *** ...} and its newline). Lines after it are a write
 * cut short and are not an ad. The queue log's recovery asks for it to learn how far the
 * history got ({@link LogReplay}); reading the tail costs one ad's bytes however long the file,
 * where the file's index would cost a read of 24 bytes a job.
 *
 * <p>Pure reads of a file no writer has open yet (the recovery runs before the writer starts).
 */
final class HistoryTail {
    private static final int FIRST_WINDOW = 64 * 1024;
    private static final int MAX_WINDOW = 1 << 30;
    private static final byte[] BANNER = "*** ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private HistoryTail() {
    }

    /** The last whole ad of {@code history}; empty when the file is missing or holds none, or it does not parse. */
    static Optional<ClassAd> newest(Path history) throws IOException {
        try (FileChannel in = FileChannel.open(history, StandardOpenOption.READ)) {
            long size = in.size();
            long window = Math.min(size, FIRST_WINDOW);
            while (window > 0 && window <= MAX_WINDOW) {
                byte[] bytes = read(in, size - window, (int) window);
                boolean fromStart = window == size;
                int end = lastBannerEnd(bytes, bytes.length, fromStart);
                int start = end < 0 ? -1 : lastBannerEnd(bytes, lineStart(bytes, end - 1), fromStart);
                if (end >= 0 && (start >= 0 || fromStart)) {
                    int from = Math.max(start, 0);
                    return Optional.ofNullable(AdText.whole(bytes, from, end - from));
                }
                if (fromStart) {
                    return Optional.empty();
                }
                window = Math.min(size, window * 2);
            }
            return Optional.empty(); // no banner line in the last MAX_WINDOW bytes: not a history we wrote
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    private static byte[] read(FileChannel in, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining() && in.read(b, at + b.position()) > 0) {
            // read it all
        }
        return b.array();
    }

    /**
     * The end (just past its newline) of the last banner line that ends before {@code before};
     * -1 if none. A line counts only when its start is known: after a newline, or at the file's
     * start when the window begins there ({@code fromStart}); a cut-off first line could be any
     * line's end.
     */
    private static int lastBannerEnd(byte[] b, int before, boolean fromStart) {
        int nl = before - 1;
        while (nl >= 0 && b[nl] != '\n') {
            nl--; // a line without its newline: cut short
        }
        while (nl >= 0) {
            int start = lineStart(b, nl);
            if (start == 0 && !fromStart) {
                return -1;
            }
            if (HistorySidecar.startsWith(b, start, nl, BANNER)) {
                return nl + 1;
            }
            nl = start - 1;
        }
        return -1;
    }

    /** Where the line holding {@code at} starts (0 at the window's start). */
    private static int lineStart(byte[] b, int at) {
        int i = at;
        while (i > 0 && b[i - 1] != '\n') {
            i--;
        }
        return i;
    }
}
