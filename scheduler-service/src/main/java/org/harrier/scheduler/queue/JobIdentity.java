package org.harrier.scheduler.queue;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * A queued job's CustomId ({@code "cluster.proc"}) and GlobalJobId
 * ({@code "schedd#cluster.proc#qdate"}, HTCondor's form). Every proc has its own, but two
 * strings per proc were half the heap and log of a 500,000-proc cluster, so the cluster ad holds
 * them as expressions of ClusterId, ProcId and QDate that each proc inherits: anything that
 * evaluates them (a constraint, {@code -af}, a policy) gets the proc's value. Where an ad leaves
 * the scheduler for people to read (job objects, GetAd, history), {@link #literal} writes them
 * out as the strings HTCondor stores.
 */
public final class JobIdentity {
    private static final Expr CUSTOM_ID = expr("strcat(ClusterId, \".\", ProcId)");

    private JobIdentity() {
    }

    /** The cluster-ad expression of CustomId. */
    static Expr customId() {
        return CUSTOM_ID;
    }

    /** The cluster-ad expression of GlobalJobId for jobs of scheduler {@code schedd}. */
    static Expr globalJobId(String schedd) {
        return expr("strcat(" + new StringValue(schedd + "#") + ", ClusterId, \".\", ProcId, \"#\", QDate)");
    }

    /**
     * {@code job} with CustomId and GlobalJobId as string literals of its own when it inherits
     * them as expressions; {@code job} itself when it has nothing to write out (a job queued
     * before they were derived carries its own strings).
     */
    public static ClassAd literal(ClassAd job) {
        ClassAd out = job;
        for (String name : new String[] {Attr.CUSTOM_ID, Attr.GLOBAL_JOB_ID}) {
            Expr e = out.lookup(name);
            if (e != null && !(e instanceof Value) && out.evaluate(name) instanceof StringValue v) {
                out = out.with(name, v);
            }
        }
        return out;
    }

    private static Expr expr(String text) {
        return Expr.parse(text);
    }
}
