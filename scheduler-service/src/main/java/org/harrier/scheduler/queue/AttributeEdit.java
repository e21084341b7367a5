package org.harrier.scheduler.queue;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.scheduler.ScheddFailure;

/**
 * One SetAttribute (condor_qedit): an attribute name and the ClassAd expression to bind it to,
 * both checked before anything is written. Pure.
 *
 * <p>Protected: the attributes condor_qedit refuses (JobStatus, Owner, ClusterId, ProcId,
 * MyType, TargetType; condor_qedit's manual page), and those the schedd itself gives a job and
 * others rely on: QDate, GlobalJobId, and Harrier's CustomId (the job object's key). A change
 * of state goes through Hold, Release, Remove, Suspend and Continue instead.
 *
 * <p>The edit applies to each named job's own ad (overriding its cluster ad), and the job must
 * still be one the scheduler can run: Cmd and Iwd non-empty strings without control characters,
 * Iwd absolute, Requirements and Rank not strings, Requirements no literal but a boolean, JobPrio
 * an integer and JobUniverse one of HTCondor's (the rules of {@link Submission}), within the
 * scheduler's {@link AdLimits}.
 */
public record AttributeEdit(String name, Expr value) {
    /** Lower-cased names SetAttribute may not change. */
    static final Set<String> PROTECTED = Set.of("jobstatus", "owner", "clusterid", "procid", "mytype", "targettype",
            "qdate", "globaljobid", "customid");

    public AttributeEdit {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    /**
     * The edit binding {@code name} to the expression {@code valueText} (strings need their
     * quotes, as in condor_qedit); {@link ScheddFailure.Invalid} for a bad name or text, or one
     * over {@code limits}' attribute size (checked before the text is parsed),
     * {@link ScheddFailure.Refused} for a protected attribute.
     */
    public static AttributeEdit parse(String name, String valueText, AdLimits limits) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(valueText, "valueText");
        limits.checkSize(name, valueText, "SetAttribute");
        Submission.checkName(name, "SetAttribute");
        if (isProtected(name)) {
            throw new ScheddFailure.Refused("SetAttribute cannot change " + name
                    + (name.equalsIgnoreCase(Attr.JOB_STATUS) ? "; use Hold, Release, Remove, Suspend or Continue" : "")
                    + "; protected are JobStatus, Owner, ClusterId, ProcId, MyType, TargetType, QDate, GlobalJobId and CustomId");
        }
        if (valueText.isBlank()) {
            throw new ScheddFailure.Invalid("SetAttribute of " + name + ": Value is empty; give a ClassAd expression"
                    + " (a string needs its quotes: \"text\")");
        }
        try {
            return new AttributeEdit(name, Expr.parse(valueText));
        } catch (ClassAdParseException e) {
            throw new ScheddFailure.Invalid("SetAttribute of " + name + ": Value is not a valid ClassAd expression: "
                    + e.getMessage());
        }
    }

    public static boolean isProtected(String name) {
        return PROTECTED.contains(name.toLowerCase(Locale.ROOT));
    }

    /**
     * The operations that make the edit on {@code jobs} (each id with its current ad), all or
     * none: {@link ScheddFailure.Invalid} naming the first job the edit would leave unrunnable,
     * or give more attributes than {@code limits} allow.
     */
    public Transaction apply(List<JobId> ids, JobQueue queue, AdLimits limits) {
        Transaction.Builder tx = Transaction.builder();
        Map<Integer, Integer> clusterSizes = new HashMap<>();
        for (JobId id : ids) {
            ClassAd ad = queue.ad(id);
            if (ad == null) {
                throw new IllegalArgumentException("job " + id + " is not in the queue");
            }
            ClassAd edited = ad.with(name, value);
            String where = "SetAttribute of " + name + ": job " + id + " then";
            Submission.checkJob(edited, where);
            if (ad.lookup(name) == null) {
                int clusterSize = clusterSizes.computeIfAbsent(id.cluster(), c -> queue.clusterAd(c).size());
                limits.checkCount(AdLimits.countAsQueued(edited, clusterSize), where);
            }
            tx.set(id, name, value);
        }
        return tx.build();
    }
}
