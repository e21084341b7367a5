package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;

/**
 * A submit description shaped for the scheduler's {@code SubmitCluster(Ad, Count, ItemData)}:
 * the attributes all procs share, and per proc only what differs ({@code items}, empty when
 * nothing does, so {@code queue 500000} without per-proc macros sends one ad and a count).
 * ClusterId and ProcId are left out: the scheduler assigns them.
 *
 * <p>condor_submit knows the cluster id before it expands {@code $(Cluster)}; Harrier learns it
 * only from SubmitCluster's answer. So the jobs are made with a stand-in id that cannot occur
 * otherwise, and every value that contains it is rewritten to compute the id from the job's own
 * ClusterId: {@code Out = "run.$(Cluster).out"} is sent as {@code Out = strcat("run.",
 * ClusterId, ".out")}, which evaluates to what condor_submit would have written (the starter
 * evaluates Out, as HTCondor's does). The executable and initialdir must exist before
 * submission, so they cannot use {@code $(Cluster)}.
 */
public record ClusterSubmission(ClassAd common, List<ClassAd> items, int count) {
    /** Never a real cluster id: a 16-digit prime no one writes by chance. */
    static final long STAND_IN = 9_007_199_254_740_881L;
    private static final String STAND_IN_TEXT = Long.toString(STAND_IN);
    private static final Pattern STAND_IN_TOKEN = Pattern.compile("(?<![\\w.])" + STAND_IN_TEXT + "(?![\\w.])");

    public ClusterSubmission {
        Objects.requireNonNull(common, "common");
        items = List.copyOf(items);
        if (!items.isEmpty() && items.size() != count) {
            throw new IllegalArgumentException("items must be empty or one per proc: " + items.size() + " for " + count);
        }
    }

    /**
     * The cluster {@code description} queues, every proc checked; SubmitException as
     * {@link SubmitDescription#jobs} throws it. A description that queues no job gives count 0.
     */
    public static ClusterSubmission of(SubmitDescription description, SubmitContext context) {
        List<ProcBatch> batches;
        try {
            batches = description.batches(context, STAND_IN);
        } catch (SubmitException e) {
            if (!e.problem().contains(STAND_IN_TEXT)) {
                throw e;
            }
            // Only executable and initialdir are checked on disk, and they cannot wait for the id.
            throw new SubmitException(e.file(), e.line(), e.problem().replace(STAND_IN_TEXT, "$(Cluster)")
                    + " (executable and initialdir cannot use $(Cluster): they must exist before the scheduler"
                    + " assigns the cluster id)");
        }
        if (batches.isEmpty()) {
            return new ClusterSubmission(ClassAd.EMPTY, List.of(), 0);
        }
        return split(batches, new Deferral(description.file()));
    }

    /** Shared attributes (same in every batch and varying in none) and each proc's others. */
    private static ClusterSubmission split(List<ProcBatch> batches, Deferral deferral) {
        ClassAd first = batches.get(0).shared();
        ClassAd.Builder common = ClassAd.builder();
        first.forEach((name, expr) -> {
            String key = Macros.key(name);
            if (batches.stream().allMatch(b -> !b.varying().contains(key) && expr.equals(b.shared().lookup(name)))) {
                common.set(name, expr);
            }
        });
        ClassAd shared = common.build();
        List<ClassAd> items = new ArrayList<>();
        boolean anyOwn = false;
        for (ProcBatch b : batches) {
            ClassAd.Builder own = ClassAd.builder();
            b.shared().forEach((name, expr) -> {
                if (!shared.contains(name) && !b.varying().contains(Macros.key(name))) {
                    own.set(name, expr);
                }
            });
            ClassAd batchOwn = deferral.apply(own.build());
            anyOwn |= !batchOwn.isEmpty() || !b.perProc().isEmpty();
            for (int k = 0; k < b.count(); k++) {
                items.add(b.perProc().isEmpty() ? batchOwn : merge(batchOwn, deferral.apply(b.perProc().get(k))));
            }
        }
        int count = items.size();
        return new ClusterSubmission(deferral.apply(shared), anyOwn ? items : List.of(), count);
    }

    private static ClassAd merge(ClassAd base, ClassAd own) {
        if (base.isEmpty()) {
            return own;
        }
        ClassAd.Builder b = base.toBuilder();
        own.forEach(b::set);
        return b.build();
    }

    /** Proc {@code proc}'s ad as the scheduler will hold it, less ClusterId and ProcId. */
    public ClassAd proc(int proc) {
        if (items.isEmpty()) {
            return common;
        }
        ClassAd.Builder b = common.toBuilder();
        items.get(proc).forEach(b::set);
        return b.build();
    }

    /** Rewrites values holding the stand-in cluster id into expressions of ClusterId; each ad once. */
    private static final class Deferral {
        private final String file;
        private final Map<ClassAd, ClassAd> done = new IdentityHashMap<>();

        Deferral(String file) {
            this.file = file;
        }

        ClassAd apply(ClassAd ad) {
            ClassAd cached = done.get(ad);
            if (cached != null) {
                return cached;
            }
            ClassAd out = ad;
            for (String name : ad.names()) {
                Expr expr = ad.lookup(name);
                Expr d = deferred(name, expr);
                if (d != expr) {
                    out = out.with(name, d);
                }
            }
            if (done.size() < 1024) {
                done.put(ad, out);
            }
            return out;
        }

        private Expr deferred(String name, Expr expr) {
            if (expr instanceof StringValue s && !s.value().contains(STAND_IN_TEXT)) {
                return expr;
            }
            String text = expr.unparse();
            if (!text.contains(STAND_IN_TEXT)) {
                return expr;
            }
            if (name.equalsIgnoreCase("Cmd") || name.equalsIgnoreCase("Iwd")) {
                throw new SubmitException(file, 0, (name.equalsIgnoreCase("Cmd") ? "executable" : "initialdir")
                        + " cannot use $(Cluster): it must exist before the scheduler assigns the cluster id");
            }
            if (expr instanceof StringValue s) {
                List<String> parts = new ArrayList<>();
                String[] pieces = s.value().split(Pattern.quote(STAND_IN_TEXT), -1);
                for (int i = 0; i < pieces.length; i++) {
                    if (!pieces[i].isEmpty()) {
                        parts.add(new StringValue(pieces[i]).unparse());
                    }
                    if (i < pieces.length - 1) {
                        parts.add("ClusterId");
                    }
                }
                return Expr.parse("strcat(" + String.join(", ", parts) + ")");
            }
            String rewritten = STAND_IN_TOKEN.matcher(text).replaceAll("ClusterId");
            if (rewritten.contains(STAND_IN_TEXT)) {
                throw new SubmitException(file, 0, name + " uses $(Cluster) inside a word or number, which harrier"
                        + " submit cannot expand before the scheduler assigns the cluster id");
            }
            return Expr.parse(rewritten);
        }
    }
}
