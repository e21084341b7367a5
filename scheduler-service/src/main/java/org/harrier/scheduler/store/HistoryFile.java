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
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;

/**
 * Completed and removed jobs, in HTCondor's history-file layout: each job's final ad as
 * {@code Name = value} lines, closed by a banner line
 * {@code *** ProcId = 0 ClusterId = 12 Owner = "alice" CompletionDate = 1795278956}. Values are
 * new-syntax ClassAd text (one line each; HTCondor's old syntax cannot hold a newline in a
 * string). Appended by the queue log's writer thread, read newest first from the end of the
 * file, as {@code condor_history} does, so reading the last few jobs costs the same however
 * long the history is.
 *
 * <p>Rotated as HTCondor rotates it: once {@code history} passes MAX_HISTORY_LOG bytes (20 MiB)
 * it is renamed {@code history.<yyyyMMdd'T'HHmmss>} and a new one begins; only the newest
 * MAX_HISTORY_ROTATIONS (2) rotated files are kept. Reads go through the current file, then the
 * rotated ones, newest first.
 */
public final class HistoryFile {
    static final String FILE = "history";
    /** HTCondor's MAX_HISTORY_LOG default. */
    public static final long MAX_HISTORY_LOG = 20L * 1024 * 1024;
    /** HTCondor's MAX_HISTORY_ROTATIONS default. */
    public static final int MAX_HISTORY_ROTATIONS = 2;
    private static final String BANNER = "*** ";
    private static final int BLOCK = 64 * 1024;
    private static final java.time.format.DateTimeFormatter ROTATED =
            java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss").withZone(java.time.ZoneOffset.UTC);

    private final Path file;
    private final long maxBytes;
    private final int rotations;
    private FileChannel out;

    public HistoryFile(Path dir) {
        this(dir, MAX_HISTORY_LOG, MAX_HISTORY_ROTATIONS);
    }

    /** A history rotated once it passes {@code maxBytes}, keeping {@code rotations} old files (0: none). */
    public HistoryFile(Path dir, long maxBytes, int rotations) {
        if (maxBytes < 1 || rotations < 0) {
            throw new IllegalArgumentException("MAX_HISTORY_LOG must be positive and MAX_HISTORY_ROTATIONS at least 0, got "
                    + maxBytes + " and " + rotations);
        }
        this.file = dir.resolve(FILE);
        this.maxBytes = maxBytes;
        this.rotations = rotations;
    }

    public Path path() {
        return file;
    }

    /** Appends the ads and fsyncs. Writer thread only. */
    void append(List<ClassAd> ads) throws IOException {
        if (ads.isEmpty()) {
            return;
        }
        if (out == null) {
            out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        }
        StringBuilder text = new StringBuilder(1024 * ads.size());
        for (ClassAd ad : ads) {
            ClassAd flat = ad.flatten();
            flat.forEach((name, value) -> text.append(name).append(" = ").append(value.unparse()).append('\n'));
            text.append(BANNER).append(banner(flat)).append('\n');
        }
        ByteBuffer b = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            out.write(b);
        }
        out.force(false);
        if (out.size() > maxBytes) {
            rotate();
        }
    }

    /** Renames the full file aside (a new one begins with the next append) and drops the oldest rotated files. */
    private void rotate() throws IOException {
        out.close();
        out = null;
        List<Path> rotated = rotatedNewestFirst();
        String name = FILE + "." + ROTATED.format(java.time.Instant.now());
        if (!rotated.isEmpty() && rotationOrder(rotated.get(0).getFileName().toString()).compareTo(rotationOrder(name)) >= 0) {
            // Rotated again within the same second: one more than the newest, so names keep their order.
            String newest = rotated.get(0).getFileName().toString();
            int dot = newest.indexOf('.', FILE.length() + 1);
            long n = dot < 0 ? 0 : Long.parseLong(newest.substring(dot + 1));
            name = (dot < 0 ? newest : newest.substring(0, dot)) + "." + (n + 1);
        }
        Files.move(file, file.resolveSibling(name), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        rotated = rotatedNewestFirst();
        for (Path old : rotated.subList(Math.min(rotations, rotated.size()), rotated.size())) {
            Files.deleteIfExists(old);
        }
        syncDirectory(file.getParent());
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

    void close() throws IOException {
        if (out != null) {
            out.close();
        }
    }

    /**
     * Up to {@code limit} ads that {@code keep} accepts, newest first. A last record without its
     * banner (a write cut short) is skipped; so is a record whose text does not parse.
     */
    public List<ClassAd> newestFirst(Predicate<ClassAd> keep, int limit) throws IOException {
        List<ClassAd> found = new ArrayList<>();
        if (limit <= 0) {
            return found;
        }
        List<Path> files = new ArrayList<>();
        files.add(file);
        files.addAll(rotatedNewestFirst());
        for (Path f : files) {
            if (found.size() >= limit) {
                break;
            }
            try {
                read(f, keep, limit, found);
            } catch (java.nio.file.NoSuchFileException e) {
                // rotated or dropped while we listed: its jobs are in the next file or gone
            }
        }
        return found;
    }

    private static void read(Path file, Predicate<ClassAd> keep, int limit, List<ClassAd> found) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            BackwardLines lines = new BackwardLines(in);
            List<String> record = null;
            String line;
            while (found.size() < limit && (line = lines.previous()) != null) {
                if (line.startsWith(BANNER)) {
                    if (record != null) {
                        accept(record, keep, found);
                    }
                    record = new ArrayList<>();
                } else if (record != null) {
                    record.add(line);
                }
            }
            if (record != null && found.size() < limit) {
                accept(record, keep, found);
            }
        }
    }

    private static void accept(List<String> reversedLines, Predicate<ClassAd> keep, List<ClassAd> found) {
        if (reversedLines.isEmpty()) {
            return;
        }
        Collections.reverse(reversedLines);
        ClassAd.Builder b = ClassAd.builder();
        for (String l : reversedLines) {
            int eq = l.indexOf(" = ");
            if (eq <= 0) {
                return;
            }
            try {
                b.set(l.substring(0, eq), Expr.parse(l.substring(eq + 3)));
            } catch (ClassAdParseException e) {
                return;
            }
        }
        ClassAd ad = b.build();
        if (keep.test(ad)) {
            found.add(ad);
        }
    }

    /** The lines of a file from its last to its first, read in blocks from the end. */
    private static final class BackwardLines {
        private final FileChannel in;
        private final ByteArrayOutputStream reversed = new ByteArrayOutputStream();
        private long position;
        private byte[] block = new byte[0];
        private int index;
        private boolean atEnd = true;
        private boolean done;

        BackwardLines(FileChannel in) throws IOException {
            this.in = in;
            this.position = in.size();
            this.done = position == 0;
        }

        /** The previous line (without its newline), or null before the first. */
        String previous() throws IOException {
            if (done) {
                return null;
            }
            reversed.reset();
            while (true) {
                if (index == 0) {
                    if (position == 0) {
                        done = true;
                        return text();
                    }
                    fill();
                }
                byte c = block[--index];
                if (c == '\n') {
                    if (atEnd) {
                        atEnd = false; // the newline that ends the file ends its last line
                        continue;
                    }
                    return text();
                }
                atEnd = false;
                reversed.write(c);
            }
        }

        private void fill() throws IOException {
            int n = (int) Math.min(BLOCK, position);
            position -= n;
            block = new byte[n];
            ByteBuffer b = ByteBuffer.wrap(block);
            while (b.hasRemaining()) {
                if (in.read(b, position + b.position()) < 0) {
                    throw new IOException("history file shrank while being read");
                }
            }
            index = n;
        }

        private String text() {
            byte[] b = reversed.toByteArray();
            for (int i = 0, j = b.length - 1; i < j; i++, j--) {
                byte t = b[i];
                b[i] = b[j];
                b[j] = t;
            }
            return new String(b, StandardCharsets.UTF_8);
        }
    }
}
