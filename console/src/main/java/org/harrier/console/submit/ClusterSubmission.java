package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;

/**
 * A submit description shaped for the scheduler's {@code SubmitCluster(Ad, Count, ItemData)}:
 * the attributes all procs share, and per proc only what differs (empty when nothing does).
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

    /** The cluster {@code description} queues; SubmitException as {@link SubmitDescription#jobs} throws it. */
    public static ClusterSubmission of(SubmitDescription description, SubmitContext context) {
        List<ClassAd> made;
        try {
            made = description.jobs(context, STAND_IN);
        } catch (SubmitException e) {
            if (!e.problem().contains(STAND_IN_TEXT)) {
                throw e;
            }
            // Only executable and initialdir are checked on disk, and they cannot wait for the id.
            throw new SubmitException(e.file(), e.line(), e.problem().replace(STAND_IN_TEXT, "$(Cluster)")
                    + " (executable and initialdir cannot use $(Cluster): they must exist before the scheduler"
                    + " assigns the cluster id)");
        }
        List<ClassAd> jobs = new ArrayList<>();
        for (ClassAd job : made) {
            jobs.add(withClusterDeferred(description.file(), job));
        }
        return split(jobs);
    }

    private static ClassAd withClusterDeferred(String file, ClassAd job) {
        ClassAd.Builder b = ClassAd.builder();
        job.forEach((name, expr) -> {
            if (name.equalsIgnoreCase("ClusterId") || name.equalsIgnoreCase("ProcId")) {
                return;
            }
            b.set(name, deferred(file, name, expr));
        });
        return b.build();
    }

    private static Expr deferred(String file, String name, Expr expr) {
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
            throw new SubmitException(file, 0, name + " uses $(Cluster) inside a word or number, which harrier submit"
                    + " cannot expand before the scheduler assigns the cluster id");
        }
        return Expr.parse(rewritten);
    }

    /** Shared attributes (same expression in every proc, in proc 0's order) and each proc's others. */
    static ClusterSubmission split(List<ClassAd> jobs) {
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one job");
        }
        ClassAd first = jobs.get(0);
        ClassAd.Builder common = ClassAd.builder();
        first.forEach((name, expr) -> {
            if (jobs.stream().allMatch(j -> expr.equals(j.lookup(name)))) {
                common.set(name, expr);
            }
        });
        ClassAd shared = common.build();
        List<ClassAd> items = new ArrayList<>();
        boolean anyOwn = false;
        for (ClassAd job : jobs) {
            ClassAd.Builder own = ClassAd.builder();
            job.forEach((name, expr) -> {
                if (!shared.contains(name)) {
                    own.set(name, expr);
                }
            });
            ClassAd item = own.build();
            anyOwn |= !item.isEmpty();
            items.add(item);
        }
        return new ClusterSubmission(shared, anyOwn ? items : List.of(), jobs.size());
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
}
