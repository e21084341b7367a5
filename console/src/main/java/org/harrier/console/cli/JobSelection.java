package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.List;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Syntax;
import org.harrier.classad.Value;
import org.harrier.console.ConsoleFailure;

/**
 * Which jobs {@code harrier q} shows, as condor_q decides it: the arguments are job ids
 * ({@code 12}, {@code 12.0}) or owner names, and a job is shown if it matches any of them (all
 * jobs when there are none) and also satisfies the {@code -constraint} expression, which counts
 * when it evaluates to true or a non-zero number in the job ad.
 */
record JobSelection(List<JobRef> jobs, List<String> owners, Expr constraint) {
    JobSelection {
        jobs = List.copyOf(jobs);
        owners = List.copyOf(owners);
    }

    static JobSelection of(List<String> arguments, String constraint) {
        List<JobRef> jobs = new ArrayList<>();
        List<String> owners = new ArrayList<>();
        for (String a : arguments) {
            JobRef ref = JobRef.parseOrNull(a);
            if (ref != null) {
                jobs.add(ref);
            } else {
                owners.add(a);
            }
        }
        return new JobSelection(jobs, owners, constraint == null ? null : constraint(constraint));
    }

    /** Parses a -constraint (old ClassAd syntax, as condor_q reads it). */
    static Expr constraint(String text) {
        try {
            return Expr.parse(text, Syntax.OLD);
        } catch (ClassAdParseException e) {
            throw new ConsoleFailure("-constraint '" + text + "' is not a ClassAd expression: " + e.getMessage());
        }
    }

    boolean accepts(ClassAd job) {
        return named(job) && (constraint == null || isTrue(constraint.evaluate(job)));
    }

    List<ClassAd> filter(List<ClassAd> all) {
        return all.stream().filter(this::accepts).toList();
    }

    private boolean named(ClassAd job) {
        if (jobs.isEmpty() && owners.isEmpty()) {
            return true;
        }
        long cluster = number(job.evaluate("ClusterId"));
        long proc = number(job.evaluate("ProcId"));
        for (JobRef r : jobs) {
            if (r.cluster() == cluster && (r.isCluster() || r.proc() == proc)) {
                return true;
            }
        }
        Value owner = job.evaluate("Owner");
        return owner instanceof org.harrier.classad.StringValue s && owners.contains(s.value());
    }

    private static long number(Value v) {
        return v instanceof IntegerValue i ? i.value() : Long.MIN_VALUE;
    }

    static boolean isTrue(Value v) {
        if (v instanceof BooleanValue b) {
            return b.value();
        }
        if (v instanceof IntegerValue i) {
            return i.value() != 0;
        }
        return v instanceof RealValue r && r.value() != 0;
    }
}
