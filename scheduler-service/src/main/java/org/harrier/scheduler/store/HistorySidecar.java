package org.harrier.scheduler.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The index file beside a history file ({@code history-index} beside {@code history},
 * {@code history-index.<stamp>} beside {@code history.<stamp>}; not {@code history.*}, which
 * condor_history reads as history): an 8-byte magic, then one 24-byte record per ad in file
 * order, {@code ClusterId, ProcId, start, length} (int, int, long, int, big-endian) and a CRC-32C
 * of those 20 bytes.
 *
 * <p>The history file is the truth and the index a cache of it, so the index is never fsynced
 * (nor is the history at each batch: see {@link QueueLog}): {@link #load} keeps the records that are
 * whole, pass their CRC, follow one another and lie inside the file, checks that the last of
 * them ends in a banner line with its ids (else the index is of another file and is dropped),
 * and indexes the rest of the file by reading its banner lines forward. After kill -9 that is
 * at most the last batch (the index is written just after the history); after a power cut or
 * with no index, the whole file. A torn last record is cut off the same way.
 *
 * <p>Threads: one at a time. The current file's is loaded by whichever thread first needs its
 * index (the scheduler's index reader after its recovery, else a query or the writer) and
 * appended to by the writer thread, all under {@link HistoryFile}'s monitor; a rotated file's
 * is loaded once by whichever thread first reads that file.
 */
final class HistorySidecar implements AutoCloseable {
    private static final byte[] MAGIC = "HRHIDX01".getBytes(StandardCharsets.US_ASCII);
    static final int RECORD = 24;
    private static final byte[] BANNER = "*** ProcId = ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLUSTER = " ClusterId = ".getBytes(StandardCharsets.US_ASCII);
    private static final int BLOCK = 1 << 20;

    private final Path history;
    private final Path file;
    private FileChannel out;
    /** The sidecar's bytes that agree with the history; what follows is rewritten. */
    private long valid;

    HistorySidecar(Path history) {
        this.history = history;
        this.file = of(history);
    }

    /** The index file of {@code history}. */
    static Path of(Path history) {
        String name = history.getFileName().toString();
        return history.resolveSibling(HistoryFile.FILE + "-index" + name.substring(HistoryFile.FILE.length()));
    }

    /** The history file's index: the records that agree with it, then its ads past them; writes what it added. */
    HistoryIndex load() throws IOException {
        long size;
        try {
            size = Files.size(history);
        } catch (NoSuchFileException e) {
            size = 0;
        }
        HistoryIndex index = read(size);
        try (FileChannel in = size == 0 ? null : FileChannel.open(history, StandardOpenOption.READ)) {
            if (index.size() > 0 && !endsInBanner(in, index.entry(index.size() - 1))) {
                index = new HistoryIndex();
                valid = 0;
            }
            List<IndexEntry> more = in == null ? List.of() : scan(in, index.end(), size);
            more.forEach(index::add);
            if (!more.isEmpty() || (Files.exists(file) && Files.size(file) != Math.max(valid, MAGIC.length))) {
                append(more);
            }
        }
        return index;
    }

    private HistoryIndex read(long historySize) throws IOException {
        HistoryIndex index = new HistoryIndex();
        valid = 0;
        if (!Files.exists(file)) {
            return index;
        }
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(64 * RECORD * 1024);
            long at = 0;
            boolean header = true;
            CRC32C crc = new CRC32C();
            while (in.read(b, at + b.position()) > 0 || b.position() > 0) {
                b.flip();
                if (header) {
                    byte[] magic = new byte[MAGIC.length];
                    if (b.remaining() < MAGIC.length || !java.util.Arrays.equals(get(b, magic), MAGIC)) {
                        return index;
                    }
                    header = false;
                    at += MAGIC.length;
                    valid = at;
                }
                while (b.remaining() >= RECORD) {
                    int cluster = b.getInt();
                    int proc = b.getInt();
                    long start = b.getLong();
                    int length = b.getInt();
                    crc.reset();
                    crc.update(b.array(), b.position() - 20, 20);
                    if ((int) crc.getValue() != b.getInt() || cluster < 0 || proc < 0 || length < 1
                            || start < index.end() || start + length > historySize) {
                        return index;
                    }
                    index.add(new IndexEntry(cluster, proc, start, length));
                    at += RECORD;
                    valid = at;
                }
                if (b.hasRemaining() && in.size() <= at + b.remaining()) {
                    return index; // a torn last record
                }
                b.compact();
            }
        }
        return index;
    }

    private static byte[] get(ByteBuffer b, byte[] into) {
        b.get(into);
        return into;
    }

    /** Adds records for ads just appended to the history (or found by {@link #load}); not fsynced. */
    void append(List<IndexEntry> entries) throws IOException {
        if (out == null) {
            out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            if (valid < MAGIC.length) {
                out.truncate(0);
                write(ByteBuffer.wrap(MAGIC));
                valid = MAGIC.length;
            }
            out.truncate(valid);
            out.position(valid);
        }
        ByteBuffer b = ByteBuffer.allocate(RECORD * entries.size());
        CRC32C crc = new CRC32C();
        for (IndexEntry e : entries) {
            b.putInt(e.cluster()).putInt(e.proc()).putLong(e.start()).putInt(e.length());
            crc.reset();
            crc.update(b.array(), b.position() - 20, 20);
            b.putInt((int) crc.getValue());
        }
        b.flip();
        write(b);
        valid += RECORD * (long) entries.size();
    }

    private void write(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            out.write(b);
        }
    }

    /** True when the bytes of {@code e} end with a banner line naming its job. */
    private static boolean endsInBanner(FileChannel in, IndexEntry e) throws IOException {
        int n = (int) Math.min(e.length(), 4096);
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining() && in.read(b, e.end() - n + b.position()) > 0) {
            // read it all
        }
        byte[] tail = b.array();
        if (b.hasRemaining() || tail[n - 1] != '\n') {
            return false;
        }
        int line = n - 1;
        while (line > 0 && tail[line - 1] != '\n') {
            line--;
        }
        if (line == 0 && n < e.length()) {
            return false; // a banner line longer than we read: cannot tell, so rebuild
        }
        IndexEntry found = entry(tail, line, n - 1, e.start(), e.length());
        return found != null && found.cluster() == e.cluster() && found.proc() == e.proc();
    }

    /** The ads of the history from {@code from} to {@code size}, found by their banner lines; a torn tail is left out. */
    static List<IndexEntry> scan(FileChannel in, long from, long size) throws IOException {
        List<IndexEntry> found = new ArrayList<>();
        byte[] head = new byte[128];
        int headLength = 0;
        long recordStart = from;
        ByteBuffer b = ByteBuffer.allocate(BLOCK);
        for (long at = from; at < size; ) {
            b.clear();
            int n = in.read(b, at);
            if (n <= 0) {
                break;
            }
            byte[] block = b.array();
            for (int i = 0; i < n; i++) {
                if (block[i] == '\n') {
                    long end = at + i + 1;
                    IndexEntry e = entry(head, 0, headLength, recordStart, (int) (end - recordStart));
                    if (e != null) {
                        found.add(e);
                        recordStart = end;
                    }
                    headLength = 0;
                } else if (headLength < head.length) {
                    head[headLength++] = block[i];
                }
            }
            at += n;
        }
        return found;
    }

    /**
     * The entry for an ad whose banner line is {@code line[from, to)}, or null when that is no
     * banner: {@code *** ProcId = 0 ClusterId = 12 ...}, as {@link HistoryFile} writes it.
     */
    static IndexEntry entry(byte[] line, int from, int to, long start, int length) {
        if (!startsWith(line, from, to, BANNER)) {
            if (to - from >= 4 && line[from] == '*' && line[from + 1] == '*' && line[from + 2] == '*' && line[from + 3] == ' ') {
                return new IndexEntry(HistoryIndex.UNKNOWN, 0, start, length);
            }
            return null;
        }
        int at = from + BANNER.length;
        int procEnd = digits(line, at, to);
        long proc = number(line, at, procEnd);
        if (proc < 0 || !startsWith(line, procEnd, to, CLUSTER)) {
            return new IndexEntry(HistoryIndex.UNKNOWN, 0, start, length);
        }
        at = procEnd + CLUSTER.length;
        int clusterEnd = digits(line, at, to);
        long cluster = number(line, at, clusterEnd);
        boolean ends = clusterEnd == to || line[clusterEnd] == ' ';
        if (cluster < 1 || !ends) {
            return new IndexEntry(HistoryIndex.UNKNOWN, 0, start, length);
        }
        return new IndexEntry((int) cluster, (int) proc, start, length);
    }

    /** True when {@code line}'s bytes from {@code from} (to {@code to}) begin with {@code prefix}. */
    static boolean startsWith(byte[] line, int from, int to, byte[] prefix) {
        if (to - from < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (line[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static int digits(byte[] line, int from, int to) {
        int i = from;
        while (i < to && i - from < 11 && line[i] >= '0' && line[i] <= '9') {
            i++;
        }
        return i;
    }

    /** The whole number in {@code line[from, to)} if it fits an int, else -1. */
    private static long number(byte[] line, int from, int to) {
        if (from == to || to - from > 10) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            v = v * 10 + (line[i] - '0');
        }
        return v <= Integer.MAX_VALUE ? v : -1;
    }

    @Override
    public void close() throws IOException {
        if (out != null) {
            out.close();
            out = null;
        }
    }
}
