package org.harrier.scheduler.store;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.ListExpr;
import org.harrier.classad.StringValue;
import org.harrier.classad.Syntax;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.QueueOp;
import org.harrier.scheduler.queue.Transaction;
import org.harrier.scheduler.userlog.UserLogEntry;

/**
 * The job queue log's text, in HTCondor's {@code job_queue.log} style: one record per line,
 * a numeric code, the ad's key, then the record's fields.
 * <pre>
 *   105                          begin transaction
 *   101 12.-1                    new ad: cluster 12's ad (its attributes follow as 103 lines)
 *   101 12.0                     new ad: proc 12.0 (its own attributes follow as 103 lines)
 *   103 12.0 JobStatus 2         set attribute (value: new-syntax ClassAd text, one line)
 *   104 12.0 HoldReason          delete attribute (the proc's own binding)
 *   102 12.0                     destroy ad
 *   110 42 {"alice","/home/alice/job.log","005 (012.000.000) ..."}
 *                                a user-log event of the transaction's change: its number, the
 *                                job's Owner, the log file and the event's text, as ClassAd strings
 *   106 9f3a0c1e                 end transaction, with the CRC-32C of its lines from 105 on
 *   107 57                       the next cluster id (a compacted log's first record)
 *   108 42                       every user-log event numbered up to 42 is through to its file
 * </pre>
 * A transaction may hold events and no change: a compacted log carries the events its writer
 * had not yet seen through that way. Events are Harrier's addition too: kept with their change,
 * a crash keeps or loses both, and the 108 lines bound what a restart must check (QueueLog).
 * The checksum is Harrier's addition: HTCondor trusts the file, but a log cut short or
 * scribbled over by a crash must be told from a good one, record by record, to be cut off.
 * ClassAd text never holds a newline (the unparser escapes it), so lines split only at
 * {@code '\n'}.
 *
 * <p>Pure: bytes in, transactions out.
 */
public final class LogCodec {
    static final String BEGIN = "105";
    static final String NEW_AD = "101";
    static final String DESTROY = "102";
    static final String SET = "103";
    static final String DELETE = "104";
    static final String END = "106";
    static final String NEXT_CLUSTER = "107";
    static final String EVENTS_WRITTEN = "108";
    static final String EVENT = "110";
    private static final int CLUSTER_AD_PROC = -1;

    private LogCodec() {
    }

    /** The lines of one transaction, 105 to 106, as UTF-8. */
    public static byte[] encode(Transaction tx) {
        return encode(tx, List.of());
    }

    /** The lines of one transaction and the user-log events its change made, 105 to 106, as UTF-8. */
    static byte[] encode(Transaction tx, List<KeptEvent> events) {
        StringBuilder body = new StringBuilder(64 * tx.ops().size() + 320 * events.size()).append(BEGIN).append('\n');
        for (QueueOp op : tx.ops()) {
            append(body, op);
        }
        events.forEach(e -> event(body, e));
        return seal(body);
    }

    /** A transaction of user-log events alone (none of them when empty: then no bytes). */
    static byte[] encodeEvents(List<KeptEvent> events) {
        if (events.isEmpty()) {
            return new byte[0];
        }
        StringBuilder body = new StringBuilder(320 * events.size()).append(BEGIN).append('\n');
        events.forEach(e -> event(body, e));
        return seal(body);
    }

    /** The record saying every user-log event numbered up to {@code seq} is through to its file. */
    static byte[] eventsWritten(long seq) {
        return (EVENTS_WRITTEN + " " + seq + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static void event(StringBuilder out, KeptEvent e) {
        UserLogEntry u = e.entry();
        ListExpr fields = new ListExpr(List.of(new StringValue(u.owner()), new StringValue(u.file().toString()),
                new StringValue(u.text())));
        out.append(EVENT).append(' ').append(e.seq()).append(' ').append(fields.unparse(Syntax.NEW)).append('\n');
    }

    /**
     * One transaction re-creating a cluster and its procs, for a rewritten log; each proc ad
     * contributes only its own attributes (the rest are its cluster's).
     */
    static byte[] encodeCluster(int cluster, ClassAd clusterAd, List<JobId> procs, List<ClassAd> procAds) {
        StringBuilder body = new StringBuilder(256 + 96 * procs.size()).append(BEGIN).append('\n');
        newAd(body, cluster + "." + CLUSTER_AD_PROC, clusterAd);
        for (int i = 0; i < procs.size(); i++) {
            newAd(body, procs.get(i).toString(), procAds.get(i));
        }
        return seal(body);
    }

    /** The record that opens a compacted log: the cluster id the queue hands out next. */
    public static byte[] nextCluster(int next) {
        return (NEXT_CLUSTER + " " + next + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static void append(StringBuilder out, QueueOp op) {
        if (op instanceof QueueOp.NewCluster c) {
            newAd(out, c.cluster() + "." + CLUSTER_AD_PROC, c.ad());
        } else if (op instanceof QueueOp.NewProc p) {
            newAd(out, p.id().toString(), p.own());
        } else if (op instanceof QueueOp.SetAttribute s) {
            set(out, s.id().toString(), s.name(), s.value());
        } else if (op instanceof QueueOp.DeleteAttribute d) {
            checkName(d.name());
            out.append(DELETE).append(' ').append(d.id()).append(' ').append(d.name()).append('\n');
        } else if (op instanceof QueueOp.DestroyProc d) {
            out.append(DESTROY).append(' ').append(d.id()).append('\n');
        }
    }

    private static void newAd(StringBuilder out, String key, ClassAd ad) {
        out.append(NEW_AD).append(' ').append(key).append('\n');
        ad.forEachOwn((name, value) -> set(out, key, name, value));
    }

    private static void checkName(String name) {
        if (name.isEmpty() || name.indexOf(' ') >= 0 || name.indexOf('\n') >= 0) {
            // Submission and SetAttribute accept only identifiers; anything else would break the line format.
            throw new IllegalArgumentException("attribute name '" + name + "' cannot be logged");
        }
    }

    private static void set(StringBuilder out, String key, String name, Expr value) {
        checkName(name);
        out.append(SET).append(' ').append(key).append(' ').append(name).append(' ')
                .append(value.unparse(Syntax.NEW)).append('\n');
    }

    private static byte[] seal(StringBuilder body) {
        byte[] head = body.toString().getBytes(StandardCharsets.UTF_8);
        CRC32C crc = new CRC32C();
        crc.update(head);
        byte[] tail = String.format("%s %08x%n", END, crc.getValue()).getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    /**
     * Reads the log from its start. Stops at the first record that is not whole and right: a
     * transaction without its 106, a checksum that does not match, a line that does not parse.
     * {@link Decoded#goodBytes()} is where the good part ends; everything after it is the tail
     * to cut off, and {@link Decoded#problem()} says why (null when the log ends cleanly).
     */
    public static Decoded decode(byte[] log) {
        Reading seen = new Reading();
        int pos = 0;
        int line = 1;
        while (pos < log.length) {
            int start = pos;
            int startLine = line;
            int eol = lineEnd(log, pos);
            if (eol < 0) {
                return seen.cut(start, problem(startLine, "a record cut short (no end of line)"));
            }
            String first = text(log, pos, eol);
            if (first.startsWith(NEXT_CLUSTER + " ")) {
                try {
                    seen.nextCluster = Math.max(seen.nextCluster, Integer.parseInt(first.substring(4)));
                } catch (NumberFormatException e) {
                    return seen.cut(start, problem(startLine, "a bad next-cluster record '" + first + "'"));
                }
                pos = eol + 1;
                line++;
                continue;
            }
            if (first.startsWith(EVENTS_WRITTEN + " ")) {
                try {
                    seen.written(Long.parseLong(first.substring(4)));
                } catch (NumberFormatException e) {
                    return seen.cut(start, problem(startLine, "a bad events-written record '" + clip(first) + "'"));
                }
                pos = eol + 1;
                line++;
                continue;
            }
            if (!first.equals(BEGIN)) {
                return seen.cut(start, problem(startLine, "'" + clip(first) + "' where a transaction should begin"));
            }
            TransactionReader reader = new TransactionReader();
            pos = eol + 1;
            line++;
            while (true) {
                eol = lineEnd(log, pos);
                if (eol < 0) {
                    return seen.cut(start, problem(startLine, "a transaction cut short"));
                }
                String record = text(log, pos, eol);
                if (record.startsWith(END + " ")) {
                    CRC32C crc = new CRC32C();
                    crc.update(log, start, pos - start);
                    if (!record.substring(4).equals(String.format("%08x", crc.getValue()))) {
                        return seen.cut(start, problem(startLine, "a transaction whose checksum does not match"));
                    }
                    pos = eol + 1;
                    line++;
                    break;
                }
                try {
                    reader.read(record);
                } catch (IllegalArgumentException e) {
                    return seen.cut(start, problem(line, e.getMessage()));
                }
                pos = eol + 1;
                line++;
            }
            if (reader.isEmpty()) {
                if (reader.events.isEmpty()) {
                    return seen.cut(start, problem(startLine, "an empty transaction"));
                }
            } else {
                Transaction tx = reader.build();
                for (QueueOp op : tx.ops()) {
                    if (op instanceof QueueOp.NewCluster c) {
                        seen.nextCluster = Math.max(seen.nextCluster, c.cluster() + 1);
                    }
                }
                seen.txs.add(tx);
            }
            reader.events.forEach(seen::event);
        }
        return seen.cut(pos, null);
    }

    /**
     * What the decoding has read so far. Of the user-log events it keeps only those after the
     * newest 108 record, unparsed: the rest are through, and a long log holds many.
     */
    private static final class Reading {
        final List<Transaction> txs = new ArrayList<>();
        final List<LoggedEvent> events = new ArrayList<>();
        long eventsWritten;
        long lastEvent;
        int nextCluster = 1;

        void written(long through) {
            if (through > eventsWritten) {
                eventsWritten = through;
                events.removeIf(e -> e.seq() <= through);
            }
        }

        void event(LoggedEvent e) {
            lastEvent = Math.max(lastEvent, e.seq());
            if (e.seq() > eventsWritten) {
                events.add(e);
            }
        }

        Decoded cut(int goodBytes, String problem) {
            return new Decoded(txs, events, eventsWritten, lastEvent, nextCluster, goodBytes, problem);
        }
    }

    /**
     * What a log holds up to its first bad record: its transactions; the user-log events they
     * keep that may not be through (numbered above the highest a 108 record says is through, 0
     * when none does), in log order; the highest event number it holds.
     */
    public record Decoded(List<Transaction> transactions, List<LoggedEvent> events, long eventsWritten, long lastEvent,
            int nextCluster, int goodBytes, String problem) {
    }

    /** A user-log event as its 110 record holds it: its number, and its fields' text, parsed only when needed ({@link #entry}). */
    public record LoggedEvent(long seq, String fields) {
    }

    /**
     * The event's file, text and owner. Throws IllegalArgumentException when the fields are not
     * three ClassAd strings naming a path: a record the checksum passed, so not Harrier's writing.
     */
    static UserLogEntry entry(LoggedEvent e) {
        try {
            if (Expr.parse(e.fields()) instanceof ListExpr l && l.items().size() == 3
                    && l.items().get(0) instanceof StringValue owner && l.items().get(1) instanceof StringValue file
                    && l.items().get(2) instanceof StringValue text) {
                return new UserLogEntry(Path.of(file.value()), text.value(), owner.value()); // InvalidPathException is an IAE
            }
        } catch (ClassAdParseException ex) {
            // told below
        }
        throw new IllegalArgumentException("user-log event " + e.seq() + " is not three ClassAd strings: '" + clip(e.fields()) + "'");
    }

    private static String problem(int line, String what) {
        return "line " + line + ": " + what;
    }

    private static int lineEnd(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static String text(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8);
    }

    private static String clip(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "...";
    }

    /** Turns the records between 105 and 106 back into queue operations. */
    private static final class TransactionReader {
        private final Transaction.Builder tx = Transaction.builder();
        private final List<LoggedEvent> events = new ArrayList<>();
        private String openKey;
        private ClassAd.Builder openAd;

        void read(String record) {
            String[] f = record.split(" ", 4);
            switch (f[0]) {
                case NEW_AD -> {
                    need(f, 2, record);
                    close();
                    key(f[1]);
                    openKey = f[1];
                    openAd = ClassAd.builder();
                }
                case SET -> {
                    need(f, 4, record);
                    Expr value;
                    try {
                        value = Expr.parse(f[3]);
                    } catch (ClassAdParseException e) {
                        throw new IllegalArgumentException("a value that does not parse in '" + clip(record) + "'");
                    }
                    if (f[1].equals(openKey)) {
                        openAd.set(f[2], value);
                    } else {
                        close();
                        tx.set(proc(f[1]), f[2], value);
                    }
                }
                case DESTROY -> {
                    need(f, 2, record);
                    close();
                    tx.destroy(proc(f[1]));
                }
                case DELETE -> {
                    need(f, 3, record);
                    close();
                    tx.delete(proc(f[1]), f[2]);
                }
                case EVENT -> {
                    need(f, 3, record);
                    close();
                    events.add(new LoggedEvent(number(f[1], record), record.substring(f[0].length() + f[1].length() + 2)));
                }
                default -> throw new IllegalArgumentException("an unknown record '" + clip(record) + "'");
            }
        }

        boolean isEmpty() {
            return openKey == null && tx.isEmpty();
        }

        private static long number(String seq, String record) {
            try {
                long n = Long.parseLong(seq);
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // told below
            }
            throw new IllegalArgumentException("a bad user-log event number in '" + clip(record) + "'");
        }

        Transaction build() {
            close();
            return tx.build();
        }

        private void close() {
            if (openKey == null) {
                return;
            }
            int[] k = key(openKey);
            if (k[1] == CLUSTER_AD_PROC) {
                tx.add(new QueueOp.NewCluster(k[0], openAd.build()));
            } else {
                tx.add(new QueueOp.NewProc(new JobId(k[0], k[1]), openAd.build()));
            }
            openKey = null;
            openAd = null;
        }

        private static JobId proc(String key) {
            int[] k = key(key);
            if (k[1] == CLUSTER_AD_PROC) {
                throw new IllegalArgumentException("a change to cluster ad " + key + ", which the queue never changes");
            }
            return new JobId(k[0], k[1]);
        }

        private static int[] key(String key) {
            int dot = key.indexOf('.');
            try {
                int cluster = Integer.parseInt(key.substring(0, Math.max(dot, 0)));
                int proc = Integer.parseInt(key.substring(dot + 1));
                if (cluster < 1 || proc < CLUSTER_AD_PROC) {
                    throw new NumberFormatException();
                }
                return new int[] {cluster, proc};
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                throw new IllegalArgumentException("a bad job key '" + clip(key) + "'");
            }
        }

        private static void need(String[] fields, int n, String record) {
            if (fields.length < n) {
                throw new IllegalArgumentException("a record with too few fields '" + clip(record) + "'");
            }
        }
    }
}
