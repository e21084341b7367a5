package org.harrier.scheduler.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.scheduler.queue.JobId;

/**
 * Completed and removed jobs, in HTCondor's history-file layout: each job's final ad as
 * {@code Name = value} lines, closed by a banner line
 * {@code *** ProcId = 0 ClusterId = 12 Owner = "alice" CompletionDate = 1795278956}. Values are
 * new-syntax ClassAd text (one line each; HTCondor's old syntax cannot hold a newline in a
 * string). Appended by the queue log's writer thread.
 *
 * <p>Each file has an index beside it ({@link HistorySidecar}: where each ad lies, by ClusterId
 * and ProcId), so a query never scans the file to find a job or a cluster, nor re-reads the ads
 * before a page's cursor: a lookup reads only the ads of the clusters named, a page starts at
 * its cursor's position, and the newest {@code -limit} ads are the last ones indexed. Only a
 * constraint that names no cluster reads every ad, newest first, until its limit. The file stays
 * the truth: an index missing, short or stale after a crash is rebuilt from it.
 *
 * <p>Rotated as HTCondor rotates it ({@link HistoryLimits}): once {@code history} passes
 * MAX_HISTORY_LOG bytes it is renamed {@code history.<yyyyMMdd'T'HHmmss>} and a new one begins;
 * only the newest MAX_HISTORY_ROTATIONS rotated files are kept, each with its index. Reads go
 * through the current file, then the rotated ones, newest first.
 *
 * <p>Durability: {@link #append} does not fsync; the queue log, which is fsynced first, can write
 * the ads again after a crash ({@link QueueLog}, {@link LogReplay}). The file is fsynced before it
 * is rotated, so a rotated file is whole on disk, and when the log asks ({@link #force}), before
 * it drops the transactions that could write the ads again.
 *
 * <p>Threads: {@link #append} and {@link #force} on one writer thread at a time; reads on any thread. The current
 * file's index, and the rotation that swaps it, are guarded by this object's monitor.
 */
public final class HistoryFile {
    static final String FILE = "history";
    private static final String BANNER = "*** ";
    private static final java.time.format.DateTimeFormatter ROTATED =
            java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss").withZone(java.time.ZoneOffset.UTC);

    private final Path file;
    private final long maxBytes;
    private final int rotations;
    /** Writer thread only. */
    private FileChannel out;
    /** The current file's index and its index file; null until first used, and again after a rotation. Guarded by this. */
    private HistoryIndex current;
    private HistorySidecar sidecar;
    /** Rotated files' indexes by file name, read once each. */
    private final Map<String, HistoryIndex> rotatedIndexes = new ConcurrentHashMap<>();

    public HistoryFile(Path dir) {
        this(dir, HistoryLimits.DEFAULT);
    }

    /** A history rotated once it passes {@code maxBytes}, keeping {@code rotations} old files (0: none). */
    public HistoryFile(Path dir, long maxBytes, int rotations) {
        this(dir, new HistoryLimits(maxBytes, rotations));
    }

    public HistoryFile(Path dir, HistoryLimits limits) {
        this.file = dir.resolve(FILE);
        this.maxBytes = limits.maxHistoryLog();
        this.rotations = limits.maxHistoryRotations();
    }

    public Path path() {
        return file;
    }

    /**
     * Appends the ads, not fsynced (see {@link #force}), then indexes them (nor is the index: see
     * {@link HistorySidecar}). One writer at a time: the queue log's writer thread in a
     * scheduler, or a tool writing a history before any scheduler runs on it.
     */
    public void append(List<ClassAd> ads) throws IOException {
        if (ads.isEmpty()) {
            return;
        }
        current();
        if (out == null) {
            out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            cutShortTail();
        }
        long at = out.size();
        ByteArrayOutputStream text = new ByteArrayOutputStream(1024 * ads.size());
        List<IndexEntry> entries = new ArrayList<>(ads.size());
        for (ClassAd ad : ads) {
            ClassAd flat = ad.flatten();
            int start = text.size();
            StringBuilder s = new StringBuilder(1024);
            flat.forEach((name, value) -> s.append(name).append(" = ").append(value.unparse()).append('\n'));
            s.append(BANNER).append(banner(flat)).append('\n');
            text.writeBytes(s.toString().getBytes(StandardCharsets.UTF_8));
            entries.add(entry(flat, at + start, text.size() - start));
        }
        ByteBuffer b = ByteBuffer.wrap(text.toByteArray());
        while (b.hasRemaining()) {
            out.write(b);
        }
        synchronized (this) {
            entries.forEach(current::add);
            sidecar.append(entries);
            if (out.size() > maxBytes) {
                rotate();
            }
        }
    }

    /** The index entry of an ad written at {@code start}: its ids as its banner line shows them. */
    private static IndexEntry entry(ClassAd flat, long start, int length) {
        if (flat.lookup("ClusterId") instanceof IntegerValue c && flat.lookup("ProcId") instanceof IntegerValue p
                && c.value() >= 1 && c.value() <= Integer.MAX_VALUE && p.value() >= 0 && p.value() <= Integer.MAX_VALUE) {
            return new IndexEntry((int) c.value(), (int) p.value(), start, length);
        }
        return new IndexEntry(HistoryIndex.UNKNOWN, 0, start, length);
    }

    /**
     * Makes the current file durable, and its name: what this process appended and what a
     * killed one left unsynced (an fsync covers the file, whoever wrote it), and the directory
     * entry of a file begun since the last rotation. The writer's thread.
     */
    public void force() throws IOException {
        if (out != null) {
            out.force(false);
        } else {
            try (FileChannel f = FileChannel.open(file, StandardOpenOption.READ)) {
                f.force(false);
            } catch (java.nio.file.NoSuchFileException e) {
                return;
            }
        }
        syncDirectory(file.getParent());
    }

    /**
     * The newest whole ad in the history: the current file's last one, else the newest rotated
     * file's (fsynced whole before it was rotated). Read from the files' ends, not their indexes,
     * for the queue log's recovery before anything is appended.
     */
    Optional<ClassAd> newestWhole() throws IOException {
        Optional<ClassAd> newest = HistoryTail.newest(file);
        if (newest.isEmpty()) {
            List<Path> rotated = rotatedNewestFirst();
            return rotated.isEmpty() ? newest : HistoryTail.newest(rotated.get(0));
        }
        return newest;
    }

    /**
     * Cuts off an ad whose write was cut short (past the last banner line, so past the index's
     * end): the queue log's recovery writes it again, whole, if its job's destroy was logged.
     * Left there, its lines would join the next ad's.
     */
    private void cutShortTail() throws IOException {
        long whole;
        synchronized (this) {
            whole = current.end();
        }
        if (out.size() > whole) {
            out.truncate(whole);
        }
    }

    /**
     * Reads every file's index now (rebuilding what a crash left short or stale), so that the
     * first query after a start answers as fast as the next instead of reading a million jobs'
     * index (about 1 s) first; returns how many ads they index. For a thread of its own after
     * the scheduler's recovery: an append that comes meanwhile waits for the current file's
     * index, as it would have waited to read it itself, and a query for the file it needs.
     */
    public int loadIndexes() throws IOException {
        int ads = current().size();
        for (Path r : rotatedNewestFirst()) {
            try {
                ads += rotatedIndex(r).size();
            } catch (java.io.UncheckedIOException e) {
                if (!(e.getCause() instanceof java.nio.file.NoSuchFileException)) {
                    throw e.getCause();
                }
                // dropped by a rotation since we listed
            }
        }
        return ads;
    }

    /** The current file's index, read (or rebuilt from the file) the first time it is needed. */
    private synchronized HistoryIndex current() throws IOException {
        if (current == null) {
            sidecar = new HistorySidecar(file);
            current = sidecar.load();
        }
        return current;
    }

    /**
     * Renames the full file and its index aside (a new one begins with the next append) and drops
     * the oldest rotated files with theirs. The index is renamed first: a crash between the two
     * leaves the file without an index, which is rebuilt, never a new file with an old index.
     */
    private void rotate() throws IOException {
        out.force(false);
        out.close();
        out = null;
        sidecar.close();
        List<Path> rotated = rotatedNewestFirst();
        String name = FILE + "." + ROTATED.format(java.time.Instant.now());
        if (!rotated.isEmpty() && rotationOrder(rotated.get(0).getFileName().toString()).compareTo(rotationOrder(name)) >= 0) {
            // Rotated again within the same second: one more than the newest, so names keep their order.
            String newest = rotated.get(0).getFileName().toString();
            int dot = newest.indexOf('.', FILE.length() + 1);
            long n = dot < 0 ? 0 : Long.parseLong(newest.substring(dot + 1));
            name = (dot < 0 ? newest : newest.substring(0, dot)) + "." + (n + 1);
        }
        Path aside = file.resolveSibling(name);
        if (Files.exists(HistorySidecar.of(file))) {
            Files.move(HistorySidecar.of(file), HistorySidecar.of(aside), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        Files.move(file, aside, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        rotatedIndexes.put(name, current);
        current = null;
        sidecar = null;
        rotated = rotatedNewestFirst();
        for (Path old : rotated.subList(Math.min(rotations, rotated.size()), rotated.size())) {
            Files.deleteIfExists(HistorySidecar.of(old));
            Files.deleteIfExists(old);
            rotatedIndexes.remove(old.getFileName().toString());
        }
        dropOrphanIndexes();
        syncDirectory(file.getParent());
    }

    /** Index files whose history is gone (a crash between a rotation's steps, or a reader that raced one). */
    private void dropOrphanIndexes() throws IOException {
        List<Path> orphans;
        try (var files = Files.list(file.getParent())) {
            orphans = files.filter(f -> f.getFileName().toString().startsWith(FILE + "-index."))
                    .filter(f -> !Files.exists(f.resolveSibling(FILE + f.getFileName().toString().substring((FILE + "-index").length()))))
                    .toList();
        }
        for (Path f : orphans) {
            Files.deleteIfExists(f);
        }
    }

    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }

    /** The rotated files, newest first: their names sort by the time they were rotated. */
    private List<Path> rotatedNewestFirst() throws IOException {
        List<Path> out = new ArrayList<>();
        try (var files = Files.list(file.getParent())) {
            files.filter(f -> f.getFileName().toString().startsWith(FILE + ".")).forEach(out::add);
        }
        out.sort(java.util.Comparator.comparing((Path f) -> rotationOrder(f.getFileName().toString())).reversed());
        return out;
    }

    /** "history.20261121T183000.2" sorts after "history.20261121T183000.1" and after "history.20261121T183000". */
    private static String rotationOrder(String name) {
        String rest = name.substring(FILE.length() + 1);
        int dot = rest.indexOf('.');
        String stamp = dot < 0 ? rest : rest.substring(0, dot);
        String n = dot < 0 ? "0" : rest.substring(dot + 1);
        return stamp + "." + "0".repeat(Math.max(0, 10 - n.length())) + n;
    }

    private static String banner(ClassAd ad) {
        StringBuilder s = new StringBuilder();
        for (String name : new String[] {"ProcId", "ClusterId", "Owner", "CompletionDate"}) {
            Expr v = ad.lookup(name);
            if (v != null) {
                s.append(s.length() == 0 ? "" : " ").append(name).append(" = ").append(v.unparse());
            }
        }
        return s.toString();
    }

    synchronized void close() throws IOException {
        if (out != null) {
            out.force(false);
            out.close();
            out = null;
        }
        if (sidecar != null) {
            sidecar.close();
        }
    }

    /**
     * Up to {@code limit} ads that {@code keep} accepts, newest first. A last record without its
     * banner (a write cut short) is skipped; so is a record whose text does not parse.
     */
    public List<ClassAd> newestFirst(Predicate<ClassAd> keep, int limit) throws IOException {
        return newestFirst(HistoryKeys.ANY, null, keep, limit);
    }

    /**
     * Up to {@code limit} ads that {@code keep} accepts, newest first, of the jobs {@code keys}
     * admits, starting just past the newest ad of job {@code after} (null: from the newest; none
     * when no file holds it). Only the ads the index points at are read: for named keys those of
     * their clusters, else every ad from the newest back until the limit is reached.
     */
    public List<ClassAd> newestFirst(HistoryKeys keys, JobId after, Predicate<ClassAd> keep, int limit) throws IOException {
        List<ClassAd> found = new ArrayList<>();
        if (limit <= 0) {
            return found;
        }
        List<HistoryAds> files = openForReading();
        try {
            int first = 0;
            int below = files.get(0).size();
            if (after != null) {
                first = -1;
                for (int i = 0; i < files.size() && first < 0; i++) {
                    below = files.get(i).newest(after);
                    first = below >= 0 ? i : -1;
                }
                if (first < 0) {
                    return found;
                }
            }
            for (int i = first; i < files.size() && found.size() < limit; i++) {
                files.get(i).read(keys, i == first ? below : files.get(i).size(), keep, limit, found);
            }
            return found;
        } finally {
            for (HistoryAds f : files) {
                f.close();
            }
        }
    }

    /**
     * The current file and the rotated ones, newest first, each open with its index as it is
     * now: taken under the monitor, so no rotation falls between a file's name and its index.
     * The current file's entry is there (empty) even before the file is.
     */
    private List<HistoryAds> openForReading() throws IOException {
        List<HistoryAds> files = new ArrayList<>();
        List<Path> rotated;
        synchronized (this) {
            files.add(HistoryAds.open(file, current()));
            rotated = rotatedNewestFirst();
        }
        for (Path r : rotated) {
            try {
                files.add(HistoryAds.open(r, rotatedIndex(r)));
            } catch (java.io.UncheckedIOException e) {
                if (!(e.getCause() instanceof java.nio.file.NoSuchFileException)) {
                    throw e.getCause();
                }
                // dropped by a rotation since we listed: its jobs are gone
            }
        }
        return files;
    }

    /** A rotated file's index: it never changes, so it is read (or rebuilt) once. */
    private HistoryIndex rotatedIndex(Path rotated) {
        return rotatedIndexes.computeIfAbsent(rotated.getFileName().toString(), name -> {
            try (HistorySidecar s = new HistorySidecar(rotated)) {
                if (!Files.exists(rotated)) {
                    throw new java.nio.file.NoSuchFileException(rotated.toString());
                }
                return s.load();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
