package org.harrier.scheduler.store;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.harrier.classad.AttributeRef;
import org.harrier.classad.BinaryOp;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Op;
import org.harrier.classad.Parens;

/**
 * The job ids a history constraint can be true for, read from its text so the history's index
 * answers instead of a scan: {@code ClusterId == 12} names a cluster, {@code ClusterId == 12 &&
 * ProcId == 0} a job, and {@code ||} of such terms their union ({@code harrier history 12 13.2}
 * asks that way). It is a superset: every ad it admits is still tested against the whole
 * constraint, so a term it cannot read ({@code Owner == "alice"}, {@code MY.ClusterId}, a
 * function) only makes it admit more, and under {@code ||} it admits every job ({@link #ANY}).
 *
 * <p>{@code jobs} maps each cluster named to the procs named in it (null: every proc), or is null
 * for any cluster; {@code procs} is the procs named without a cluster (null: any), kept only
 * until an {@code &&} with a cluster folds it in. {@code reads} is the names (lower case) of the
 * attributes the constraint reads, so a scan can test an ad having parsed only those (and what
 * their values read); null: parse every attribute first. Immutable.
 */
public record HistoryKeys(Map<Integer, Set<Integer>> jobs, Set<Integer> procs, Set<String> reads) {
    /** Every job: the constraint names no ids, so the history is read in full. */
    public static final HistoryKeys ANY = new HistoryKeys(null, null);

    /** The jobs named, with every attribute of their ads to be read. */
    public HistoryKeys(Map<Integer, Set<Integer>> jobs, Set<Integer> procs) {
        this(jobs, procs, null);
    }

    public HistoryKeys {
        if (jobs != null && procs != null) {
            throw new IllegalArgumentException("procs named beside clusters belong in the clusters' entries: " + jobs + ", " + procs);
        }
        if (jobs != null) {
            Map<Integer, Set<Integer>> copy = new HashMap<>();
            jobs.forEach((c, p) -> copy.put(c, p == null ? null : Set.copyOf(p)));
            jobs = java.util.Collections.unmodifiableMap(copy);
        }
        procs = procs == null ? null : Set.copyOf(procs);
        reads = reads == null ? null : Set.copyOf(reads);
    }

    /**
     * What {@code constraint} confines a history query to ({@link #ANY} jobs when it names no
     * cluster), and the attributes it reads, unless it may look one up by a name it computes
     * ({@code eval}).
     */
    public static HistoryKeys of(Expr constraint) {
        if (constraint == null) {
            return ANY;
        }
        HistoryKeys k = read(constraint);
        return new HistoryKeys(k.jobs, k.procs, AdText.computesNames(constraint.unparse()) ? null : constraint.references());
    }

    /** True when the index can answer: the constraint names its clusters. */
    public boolean named() {
        return jobs != null;
    }

    /** The clusters named; only when {@link #named}. */
    public Set<Integer> clusters() {
        if (jobs == null) {
            throw new IllegalStateException("no clusters are named: every job is admitted");
        }
        return jobs.keySet();
    }

    /** True when job {@code cluster.proc} may satisfy the constraint. */
    public boolean admits(int cluster, int proc) {
        if (jobs != null) {
            if (!jobs.containsKey(cluster)) {
                return false;
            }
            Set<Integer> p = jobs.get(cluster);
            return p == null || p.contains(proc);
        }
        return procs == null || procs.contains(proc);
    }

    private static HistoryKeys read(Expr e) {
        if (e instanceof Parens p) {
            return read(p.inner());
        }
        if (!(e instanceof BinaryOp b)) {
            return ANY;
        }
        return switch (b.op()) {
            case AND -> both(read(b.left()), read(b.right()));
            case OR -> either(read(b.left()), read(b.right()));
            case EQ, IDENTICAL -> equality(b.left(), b.right());
            default -> ANY;
        };
    }

    /** {@code ClusterId == 12} or {@code ProcId == 0}, either way round. */
    private static HistoryKeys equality(Expr left, Expr right) {
        Expr l = left instanceof Parens p ? p.inner() : left;
        Expr r = right instanceof Parens p ? p.inner() : right;
        if (r instanceof AttributeRef && l instanceof IntegerValue) {
            return equality(r, l);
        }
        if (!(l instanceof AttributeRef a) || !(r instanceof IntegerValue v)) {
            return ANY;
        }
        // An id out of int range is no history ad's (their ids are JobIds); ads whose ids are
        // not whole numbers are indexed apart and always read (HistoryIndex.UNKNOWN).
        boolean fits = v.value() >= 0 && v.value() <= Integer.MAX_VALUE;
        if (a.name().equalsIgnoreCase("ClusterId")) {
            Map<Integer, Set<Integer>> one = new HashMap<>();
            if (fits) {
                one.put((int) v.value(), null);
            }
            return new HistoryKeys(one, null);
        }
        if (a.name().equalsIgnoreCase("ProcId")) {
            return new HistoryKeys(null, fits ? Set.of((int) v.value()) : Set.of());
        }
        return ANY;
    }

    /** A superset of the jobs both admit. */
    private static HistoryKeys both(HistoryKeys a, HistoryKeys b) {
        if (a.jobs == null && b.jobs == null) {
            return new HistoryKeys(null, a.procs == null ? b.procs : b.procs == null ? a.procs : intersect(a.procs, b.procs));
        }
        if (a.jobs == null || b.jobs == null) {
            HistoryKeys named = a.jobs == null ? b : a;
            Set<Integer> procs = a.jobs == null ? a.procs : b.procs;
            Map<Integer, Set<Integer>> out = new HashMap<>();
            named.jobs.forEach((c, p) -> out.put(c, procs == null ? p : p == null ? procs : intersect(p, procs)));
            return new HistoryKeys(out, null);
        }
        Map<Integer, Set<Integer>> out = new HashMap<>();
        a.jobs.forEach((c, p) -> {
            if (b.jobs.containsKey(c)) {
                Set<Integer> q = b.jobs.get(c);
                out.put(c, p == null ? q : q == null ? p : intersect(p, q));
            }
        });
        return new HistoryKeys(out, null);
    }

    /** A superset of the jobs either admits. */
    private static HistoryKeys either(HistoryKeys a, HistoryKeys b) {
        if (a.jobs != null && b.jobs != null) {
            Map<Integer, Set<Integer>> out = new HashMap<>(a.jobs);
            b.jobs.forEach((c, q) -> {
                Set<Integer> p = out.get(c);
                out.put(c, !out.containsKey(c) ? q : p == null || q == null ? null : union(p, q));
            });
            return new HistoryKeys(out, null);
        }
        if (a.jobs == null && b.jobs == null && a.procs != null && b.procs != null) {
            return new HistoryKeys(null, union(a.procs, b.procs));
        }
        return ANY;
    }

    private static Set<Integer> intersect(Set<Integer> a, Set<Integer> b) {
        Set<Integer> out = new HashSet<>(a);
        out.retainAll(b);
        return out;
    }

    private static Set<Integer> union(Set<Integer> a, Set<Integer> b) {
        Set<Integer> out = new HashSet<>(a);
        out.addAll(b);
        return out;
    }
}
