package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.harrier.classad.ClassAd;

/**
 * A parsed submit description: its statements in order. {@link #jobs} runs them as
 * condor_submit does — commands set variables, each {@code queue N} makes N job ads from the
 * variables in force at that point, numbering procs of the one cluster from 0 across all queue
 * statements. Immutable; {@code jobs} may be called again, say once to check and once to submit.
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
     * The job ads this description queues in cluster {@code cluster}, in proc order. Throws
     * {@link SubmitException} naming the line at fault if any job cannot be made; then none is.
     */
    public List<ClassAd> jobs(SubmitContext context, long cluster) {
        Macros macros = new Macros(file);
        List<Statement.Attribute> attributes = new ArrayList<>();
        List<ClassAd> jobs = new ArrayList<>();
        boolean queued = false;
        for (Statement s : statements) {
            if (s instanceof Statement.Command c) {
                macros.set(c.name(), c.value(), c.line());
            } else if (s instanceof Statement.Attribute a) {
                attributes.removeIf(old -> old.name().equalsIgnoreCase(a.name()));
                attributes.add(a);
            } else if (s instanceof Statement.Queue q) {
                queued = true;
                long count = count(q, macros, new Macros.Position(cluster, jobs.size(), 0));
                if (jobs.size() + count > MAX_PROCS) {
                    throw new SubmitException(file, q.line(), "more than " + MAX_PROCS + " jobs in one submit file");
                }
                JobAdBuilder builder = new JobAdBuilder(file, context, macros, List.copyOf(attributes));
                for (long step = 0; step < count; step++) {
                    jobs.add(builder.build(new Macros.Position(cluster, jobs.size(), step), q.line()));
                }
            }
        }
        if (!queued) {
            throw new SubmitException(file, 0, "no 'queue' statement, so no job to submit");
        }
        return jobs;
    }

    private long count(Statement.Queue q, Macros macros, Macros.Position at) {
        String text = macros.expand(q.count(), q.line(), at).strip();
        if (text.isEmpty()) {
            return 1;
        }
        String[] words = text.split("\\s+");
        for (String w : words) {
            if (w.equalsIgnoreCase("from") || w.equalsIgnoreCase("in") || w.equalsIgnoreCase("matching")) {
                throw new SubmitException(file, q.line(), "'queue ... " + w.toLowerCase(java.util.Locale.ROOT)
                        + "' is not supported; use 'queue' or 'queue N'");
            }
        }
        try {
            long n = Long.parseLong(text);
            if (n < 0) {
                throw new SubmitException(file, q.line(), "queue count must not be negative, got " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new SubmitException(file, q.line(), "expected 'queue' or 'queue N' with N a whole number, got 'queue "
                    + text + "'");
        }
    }
}
