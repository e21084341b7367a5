package org.harrier.scheduler.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Coercion;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.scheduler.ScheddFailure;

/**
 * Which jobs a control method (Hold, Release, Remove, Suspend, Continue, SetAttribute) names:
 * one job ({@code "12.0"}), a cluster ({@code "12"}), or every queued job a ClassAd constraint
 * is true for (condor_hold's {@code -constraint}). Built from the method's {@code Id} and
 * {@code Constraint} arguments, of which exactly one must be given. Pure.
 */
public sealed interface JobSelection {
    /** One job. */
    record Job(JobId id) implements JobSelection {
        public Job {
            Objects.requireNonNull(id, "id");
        }

        @Override
        public String describe() {
            return "job " + id;
        }
    }

    /** Every job of a cluster. */
    record Cluster(int cluster) implements JobSelection {
        public Cluster {
            if (cluster < 1) {
                throw new IllegalArgumentException("cluster ids start at 1, got " + cluster);
            }
        }

        @Override
        public String describe() {
            return "cluster " + cluster;
        }
    }

    /** Every job for which {@code constraint} evaluates to true (a non-zero number counts, as in HTCondor). */
    record Matching(Expr constraint) implements JobSelection {
        public Matching {
            Objects.requireNonNull(constraint, "constraint");
        }

        /** True if the constraint is true for {@code job}; undefined and error select nothing. */
        public boolean selects(ClassAd job, EvalContext context) {
            return Coercion.truth(context.evaluate(constraint, job, null)) == 1;
        }

        @Override
        public String describe() {
            return constraint.unparse();
        }
    }

    /** "job 12.0", "cluster 12", or the constraint's text: for messages. */
    String describe();

    /**
     * The selection {@code id} or {@code constraint} names; {@link ScheddFailure.Invalid} unless
     * exactly one is given and it parses ({@code id} as {@code cluster.proc} or {@code cluster}).
     */
    static JobSelection of(String id, String constraint) {
        if (id != null && constraint != null) {
            throw new ScheddFailure.Invalid("give Id or Constraint, not both");
        }
        if (id == null && constraint == null) {
            throw new ScheddFailure.Invalid("give Id (a job cluster.proc or a cluster) or Constraint (a ClassAd expression)");
        }
        if (id != null) {
            return id.indexOf('.') < 0 ? new Cluster(JobId.parseCluster(id)) : new Job(JobId.parse(id));
        }
        return new Matching(constraint(constraint));
    }

    /** Parses constraint text; {@link ScheddFailure.Invalid} naming the problem when it is not a ClassAd expression. */
    static Expr constraint(String text) {
        if (text.isBlank()) {
            throw new ScheddFailure.Invalid("Constraint is empty; give a ClassAd expression such as Owner == \"alice\"");
        }
        try {
            return Expr.parse(text);
        } catch (ClassAdParseException e) {
            throw new ScheddFailure.Invalid("Constraint is not a valid ClassAd expression: " + e.getMessage());
        }
    }

    /**
     * The queued jobs this selection names, in queue order, whatever their state: for a job,
     * itself if it is queued; for a cluster, its jobs; for a constraint, the jobs it selects
     * (evaluated with {@code context}, whose clock {@code time()} reads).
     */
    default List<JobId> in(JobQueue queue, EvalContext context) {
        if (this instanceof Job j) {
            return queue.contains(j.id()) ? List.of(j.id()) : List.of();
        }
        if (this instanceof Cluster c) {
            return queue.jobsOf(c.cluster());
        }
        Matching m = (Matching) this;
        List<JobId> out = new ArrayList<>();
        queue.forEach((id, ad) -> {
            if (m.selects(ad, context)) {
                out.add(id);
            }
        });
        return out;
    }
}
