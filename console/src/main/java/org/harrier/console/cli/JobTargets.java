package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.harrier.console.GridClient;

/**
 * The jobs a condor_hold-like command line names, each as one call to make: a job id
 * ({@code 12.0}) and a cluster ({@code 12}) by id, an owner by {@code Owner == "alice"},
 * {@code -constraint} by its expression and {@code -all} by {@code true}. As condor_rm does,
 * clusters and owners given with {@code -constraint} narrow it (one call for the jobs of those
 * clusters and owners that satisfy it), while job ids are always acted on one by one. Pure.
 */
final class JobTargets {
    enum Kind { JOB, CLUSTER, OWNER, CONSTRAINT, ALL }

    /** One call: what the command line named ({@code named}: the id, owner or constraint text) and the jobs to ask for. */
    record Target(Kind kind, String named, GridClient.Jobs jobs) {
        Target {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(named, "named");
            Objects.requireNonNull(jobs, "jobs");
        }

        /**
         * What follows "All jobs" in condor_rm's messages: " in cluster 12", " of user "alice"",
         * " matching constraint (...)", "" for -all; for one job, its id.
         */
        String subject() {
            return switch (kind) {
                case JOB -> named;
                case CLUSTER -> " in cluster " + named;
                case OWNER -> " of user \"" + named + "\"";
                case CONSTRAINT -> " matching constraint (" + named + ")";
                case ALL -> "";
            };
        }

        /** For --json: the name of what was named ("Id", "Owner", "Constraint", "All"). */
        String key() {
            return switch (kind) {
                case JOB, CLUSTER -> "Id";
                case OWNER -> "Owner";
                case CONSTRAINT -> "Constraint";
                case ALL -> "All";
            };
        }

        Object keyValue() {
            return kind == Kind.ALL ? Boolean.TRUE : named;
        }
    }

    private JobTargets() {
    }

    static List<Target> of(List<String> arguments, String constraint, boolean all) {
        if (all && (!arguments.isEmpty() || constraint != null)) {
            throw new CommandLineError("-all cannot be combined with job ids, owners or -constraint");
        }
        if (all) {
            return List.of(new Target(Kind.ALL, "", GridClient.Jobs.matching("true")));
        }
        if (arguments.isEmpty() && constraint == null) {
            throw new CommandLineError("name the jobs: job ids (12.0), clusters (12), owners, -constraint EXPR or -all");
        }
        JobFilter named = JobFilter.of(arguments, constraint);
        List<Target> out = new ArrayList<>();
        List<JobRef> clusters = new ArrayList<>();
        for (JobRef ref : named.jobs()) {
            if (ref.isCluster()) {
                clusters.add(ref);
            } else {
                out.add(new Target(Kind.JOB, ref.toString(), GridClient.Jobs.id(ref.toString())));
            }
        }
        if (named.constraint() != null) {
            JobFilter narrowed = new JobFilter(clusters, named.owners(), named.constraint());
            String shown = clusters.isEmpty() && named.owners().isEmpty() ? constraint : narrowed.asConstraint();
            out.add(new Target(Kind.CONSTRAINT, shown, GridClient.Jobs.matching(narrowed.asConstraint())));
            return out;
        }
        for (JobRef cluster : clusters) {
            out.add(new Target(Kind.CLUSTER, cluster.toString(), GridClient.Jobs.id(cluster.toString())));
        }
        for (String owner : named.owners()) {
            String theirs = new JobFilter(List.of(), List.of(owner), null).asConstraint();
            out.add(new Target(Kind.OWNER, owner, GridClient.Jobs.matching(theirs)));
        }
        return out;
    }
}
