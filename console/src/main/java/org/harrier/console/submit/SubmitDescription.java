package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Syntax;
import org.harrier.classad.Value;

/**
 * A parsed submit description: its statements in order, run as condor_submit runs them.
 * Commands set variables; at each {@code queue} statement its arguments are expanded and
 * parsed, its items found, and {@code count} procs made per item from the variables in force
 * there (proc numbers run on across all queue statements of the one cluster; for each item its
 * Step goes 0..count-1). Immutable; the description may be run again, say once for -dump and
 * once to submit.
 */
public final class SubmitDescription {
    /** More procs than this in one file is taken for a typing mistake, not a plan. */
    public static final long MAX_PROCS = 1_000_000;

    private final String file;
    private final List<Statement> statements;

    SubmitDescription(String file, List<Statement> statements) {
        this.file = Objects.requireNonNull(file, "file");
        this.statements = List.copyOf(statements);
    }

    public String file() {
        return file;
    }

    /**
     * The procs this description queues in cluster {@code cluster}, one batch per queue
     * statement that queues any. Throws {@link SubmitException} naming the line at fault if any
     * proc cannot be made; then none is.
     */
    List<ProcBatch> batches(SubmitContext context, long cluster) {
        Macros macros = new Macros(file, context);
        List<Statement.Attribute> attributes = new ArrayList<>();
        List<ProcBatch> batches = new ArrayList<>();
        long procs = 0;
        boolean queued = false;
        for (Statement s : statements) {
            if (s instanceof Statement.Command c) {
                macros.set(c.name(), c.value(), c.line());
            } else if (s instanceof Statement.Attribute a) {
                attributes.removeIf(old -> old.name().equalsIgnoreCase(a.name()));
                attributes.add(a);
                macros.set("MY." + a.name(), a.value(), a.line());
            } else if (s instanceof Statement.Queue q) {
                queued = true;
                macros.at(new Macros.Position(cluster, procs, 0, 0, Map.of()));
                QueueArgs args = QueueArgs.parse(file, q.line(), macros.expand(q.arguments(), q.line()), q.listLines(),
                        text -> macros.expand(text, q.line()));
                long count = count(args.count(), q);
                List<QueueItems.Item> items = QueueItems.of(args, file, q.line(), context.submitDir());
                long n = count * items.size();
                if (count > MAX_PROCS || procs + n > MAX_PROCS) {
                    throw new SubmitException(file, q.line(), "more than " + MAX_PROCS + " jobs in one submit file");
                }
                if (n == 0) {
                    continue;
                }
                JobAdBuilder builder = new JobAdBuilder(new ProcCommands(file, context, macros, q.line()), attributes);
                long first = procs;
                batches.add(builder.batch((int) n, k -> {
                    QueueItems.Item item = items.get((int) (k / count));
                    return new Macros.Position(cluster, first + k, k % count, item.index(), item.vars());
                }));
                procs += n;
            }
        }
        if (!queued) {
            throw new SubmitException(file, 0, "no 'queue' statement, so no job to submit");
        }
        return batches;
    }

    /**
     * The job ads this description queues in cluster {@code cluster}, in proc order, each whole
     * (with ClusterId and ProcId), as {@code condor_submit -dump} prints them. Throws
     * {@link SubmitException} naming the line at fault if any job cannot be made; then none is.
     */
    public List<ClassAd> jobs(SubmitContext context, long cluster) {
        List<ClassAd> jobs = new ArrayList<>();
        for (ProcBatch batch : batches(context, cluster)) {
            for (int k = 0; k < batch.count(); k++) {
                ClassAd.Builder b = ClassAd.builder().set("MyType", "Job").set("TargetType", "Machine")
                        .set("ClusterId", cluster).set("ProcId", jobs.size());
                batch.proc(k).forEach(b::set);
                jobs.add(b.build());
            }
        }
        return jobs;
    }

    private long count(String text, Statement.Queue q) {
        if (text.isEmpty()) {
            return 1;
        }
        Value v;
        try {
            v = Expr.parse(text, Syntax.OLD).evaluate();
        } catch (ClassAdParseException e) {
            v = Value.ERROR;
        }
        if (!(v instanceof IntegerValue n)) {
            throw new SubmitException(file, q.line(), "queue count '" + text + "' is not a whole number; expected"
                    + " 'queue [N] [vars] [in|from|matching ...]'");
        }
        if (n.value() < 0) {
            throw new SubmitException(file, q.line(), "queue count must not be negative, got " + n.value());
        }
        return n.value();
    }
}
