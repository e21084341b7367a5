package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.List;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Syntax;
import org.harrier.classad.Value;

/**
 * Which jobs {@code harrier q} and {@code harrier history} show, as condor_q decides it: the
 * arguments are job ids ({@code 12}, {@code 12.0}) or owner names (what starts with a digit must
 * be a job id), and a job is shown if it matches any of them (all jobs when there are none) and
 * also satisfies the {@code -constraint} expression, which counts when it evaluates to true or a
 * non-zero number in the job ad.
 */
record JobFilter(List<JobRef> jobs, List<String> owners, Expr constraint) {
    JobFilter {
        jobs = List.copyOf(jobs);
        owners = List.copyOf(owners);
    }

    static JobFilter of(List<String> arguments, String constraint) {
        List<JobRef> jobs = new ArrayList<>();
        List<String> owners = new ArrayList<>();
        for (String a : arguments) {
            JobRef ref = JobRef.parseOrNull(a);
            if (ref != null) {
                jobs.add(ref);
            } else if (a.isBlank()) {
                throw new CommandLineError("an empty argument is neither a job id nor an owner");
            } else if (Character.isDigit(a.strip().charAt(0))) {
                JobRef.parse(a); // as condor_qedit: what starts with a digit is meant as a job id
            } else {
                owners.add(a);
            }
        }
        return new JobFilter(jobs, owners, constraint == null ? null : constraint(constraint));
    }

    /** Parses a -constraint (old ClassAd syntax, as condor_q reads it). */
    static Expr constraint(String text) {
        return expression("-constraint", text);
    }

    /** Parses ClassAd expression text given for {@code option}; a CommandLineError naming it when it is none. */
    static Expr expression(String option, String text) {
        if (text.isBlank()) {
            throw new CommandLineError(option + " is empty; give a ClassAd expression such as Owner == \"alice\"");
        }
        try {
            return Expr.parse(text, Syntax.OLD);
        } catch (ClassAdParseException e) {
            throw new CommandLineError(option + " '" + text + "' is not a ClassAd expression: " + e.getMessage());
        }
    }

    /**
     * The job ids named ({@code "12"}, {@code "12.3"}), when the selection is job ids alone (no
     * owner), so that only those need looking up; null when it may take any job.
     */
    List<String> onlyJobIds() {
        if (jobs.isEmpty() || !owners.isEmpty()) {
            return null;
        }
        return jobs.stream().map(j -> j.isCluster() ? Long.toString(j.cluster()) : j.cluster() + "." + j.proc()).toList();
    }

    boolean namesAll() {
        return jobs.isEmpty() && owners.isEmpty() && constraint == null;
    }

    boolean accepts(ClassAd job) {
        return named(job) && (constraint == null || isTrue(constraint.evaluate(job)));
    }

    List<ClassAd> filter(List<ClassAd> all) {
        return all.stream().filter(this::accepts).toList();
    }

    /**
     * The same selection as one ClassAd expression (new syntax), for a scheduler that filters
     * by constraint: {@code (ClusterId == 12 || Owner == "bob") && (<constraint>)}; null when
     * it selects every job.
     */
    String asConstraint() {
        List<String> named = new ArrayList<>();
        boolean several = jobs.size() + owners.size() > 1;
        jobs.forEach(j -> named.add(j.isCluster() || !several ? j.constraint() : "(" + j.constraint() + ")"));
        owners.forEach(o -> named.add("Owner == " + new StringValue(o)));
        String either = several ? "(" + String.join(" || ", named) + ")" : named.isEmpty() ? "" : named.get(0);
        if (constraint == null) {
            return named.isEmpty() ? null : either;
        }
        return named.isEmpty() ? constraint.unparse() : either + " && (" + constraint.unparse() + ")";
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
        // ClassAd == on strings ignores case, so the owner test does too (as Owner == "bob" would).
        return job.evaluate("Owner") instanceof StringValue s && owners.stream().anyMatch(s.value()::equalsIgnoreCase);
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
