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
 */
public final class HistoryFile {
    static final String FILE = "history";
    private static final String BANNER = "*** ";
    private static final int BLOCK = 64 * 1024;

    private final Path file;
    private FileChannel out;

    public HistoryFile(Path dir) {
        this.file = dir.resolve(FILE);
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
        if (limit <= 0 || !Files.exists(file)) {
            return found;
        }
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
        return found;
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
