package org.harrier.console.format;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Syntax;
import org.harrier.collector.negotiation.JobAnalysis;
import org.harrier.collector.negotiation.Reason;

/**
 * {@code harrier q -better-analyze}: a {@link JobAnalysis} written as condor_q -better-analyze
 * writes it (the HTCondor manual, "Why is the job not running?"): the job's Requirements, the
 * job attributes they read, the slots matched clause by clause, then the run analysis summary,
 * one line per verdict. Lines for verdicts condor_q does not have (a partitionable slot with too
 * little left, a request that is no amount, or a reason a later planner adds) appear only when
 * some slot got them; a partitionable slot short of resources is then named with what it lacks.
 */
public final class AnalysisReport {
    private AnalysisReport() {
    }

    public static String render(ClassAd job, JobAnalysis analysis) {
        String id = id(job, "%d.%03d");
        StringBuilder out = new StringBuilder();
        JobStatusCode status = JobStatusCode.of(AdFields.integer(job, "JobStatus", 0));
        Expr requirements = job.lookup("Requirements");
        out.append("\nThe Requirements expression for job ").append(id).append(" is\n\n    ")
                .append(requirements == null ? "undefined (the job matches no slot)" : requirements.unparse(Syntax.OLD))
                .append("\n\n");
        List<String> read = readAttributes(job, requirements);
        if (!read.isEmpty()) {
            out.append("Job ").append(id).append(" defines the following attributes:\n\n");
            read.forEach(name -> out.append("    ").append(name).append(" = ")
                    .append(job.lookup(name).unparse(Syntax.OLD)).append('\n'));
            out.append('\n');
        }
        if (!analysis.clauses().isEmpty()) {
            out.append("The Requirements expression for job ").append(id).append(" reduces to these conditions:\n\n")
                    .append("         Slots\nStep    Matched  Condition\n-----  --------  ---------\n");
            for (int i = 0; i < analysis.clauses().size(); i++) {
                JobAnalysis.Clause c = analysis.clauses().get(i);
                out.append(String.format(Locale.ROOT, "%-5s  %8d  %s\n", "[" + i + "]", c.matched(),
                        c.condition().unparse(Syntax.OLD)));
            }
            out.append('\n');
        }
        String summaryId = id(job, "%03d.%03d");
        if (status != null && status != JobStatusCode.IDLE) {
            out.append(summaryId).append(":  Job is ").append(status.word()).append(".\n\n");
            if (status == JobStatusCode.HELD) {
                out.append("Hold reason: ").append(AdFields.string(job, "HoldReason", "unknown")).append("\n\n");
            }
        }
        out.append(summary(summaryId, analysis));
        if (!analysis.shortfalls().isEmpty()) {
            out.append("\nPartitionable slots with too little left for job ").append(id).append(":\n\n");
            analysis.shortfalls().forEach(s -> out.append("    ").append(s.slot()).append(": ").append(s.why())
                    .append('\n'));
        }
        if (analysis.slots() > 0 && analysis.rejectedFor(Reason.REJECTED_BY_JOB) == analysis.slots()) {
            out.append("\nWARNING:  Be advised:\n   No resources matched request's constraints\n");
        }
        return out.toString();
    }

    /**
     * The analysis as JSON-ready values: JobId, Slots, Clauses ({Condition, Matched}), Rejected
     * (slots per planner reason), RunningYourJobs, ServingOtherUsers, Able, Shortfalls ({Slot, Why}).
     */
    public static Map<String, Object> json(ClassAd job, JobAnalysis a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("JobId", id(job, "%d.%d"));
        out.put("Slots", a.slots());
        out.put("Clauses", a.clauses().stream().map(c -> pair("Condition", c.condition().unparse(Syntax.OLD),
                "Matched", c.matched())).toList());
        Map<String, Integer> rejected = new TreeMap<>();
        a.rejected().forEach((reason, n) -> rejected.put(reason.name(), n));
        out.put("Rejected", rejected);
        out.put("RunningYourJobs", a.runningYourJobs());
        out.put("ServingOtherUsers", a.servingOthers());
        out.put("Able", a.able());
        out.put("Shortfalls", a.shortfalls().stream().map(s -> pair("Slot", s.slot(), "Why", s.why())).toList());
        return out;
    }

    /** Two entries in this order (Map.of has none, and JSON output should not wander). */
    private static Map<String, Object> pair(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put(k1, v1);
        out.put(k2, v2);
        return out;
    }

    private static String summary(String id, JobAnalysis a) {
        StringBuilder out = new StringBuilder();
        out.append(id).append(":  Run analysis summary ignoring user priority.  Of ").append(a.slots())
                .append(a.slots() == 1 ? " slot,\n" : " slots,\n");
        line(out, a.rejectedFor(Reason.REJECTED_BY_JOB), "are rejected by your job's requirements");
        line(out, a.rejectedFor(Reason.REJECTED_BY_SLOT), "reject your job because of their own requirements");
        for (Reason r : Reason.values()) {
            int n = a.rejectedFor(r);
            if (n > 0 && r != Reason.REJECTED_BY_JOB && r != Reason.REJECTED_BY_SLOT) {
                line(out, n, otherVerdict(r));
            }
        }
        line(out, a.runningYourJobs(), "match and are already running your jobs");
        line(out, a.servingOthers(), "match but are serving other users");
        line(out, a.able(), "are able to run your job");
        return out.toString();
    }

    private static String otherVerdict(Reason r) {
        return switch (r) {
            case INSUFFICIENT_RESOURCES -> "are partitionable slots with too little left for your job";
            case BAD_RESOURCE_REQUEST -> "cannot carve your job's resource requests (not a number)";
            default -> "are turned down by the negotiator: " + r.name().toLowerCase(Locale.ROOT).replace('_', ' ');
        };
    }

    private static void line(StringBuilder out, int count, String what) {
        out.append(String.format(Locale.ROOT, "%7d %s\n", count, what));
    }

    /**
     * The job's own attributes its Requirements read, in the job's spelling and order, as
     * condor_q lists them; attributes named only as TARGET's that the job also has count too
     * (the expression's references do not keep the scope).
     */
    private static List<String> readAttributes(ClassAd job, Expr requirements) {
        if (requirements == null) {
            return List.of();
        }
        Set<String> names = requirements.references();
        return job.names().stream().filter(n -> names.contains(n.toLowerCase(Locale.ROOT))).sorted().toList();
    }

    private static String id(ClassAd job, String format) {
        return String.format(Locale.ROOT, format, AdFields.integer(job, "ClusterId", 0),
                AdFields.integer(job, "ProcId", 0));
    }
}
