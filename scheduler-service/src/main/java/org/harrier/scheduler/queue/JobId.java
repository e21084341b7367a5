package org.harrier.scheduler.queue;

import org.harrier.scheduler.ScheddFailure;

/**
 * A job's id in one scheduler: cluster and proc, written {@code "cluster.proc"} everywhere
 * (the job object's key and CustomId, method arguments, the starter's reports).
 */
public record JobId(int cluster, int proc) implements Comparable<JobId> {
    public JobId {
        if (cluster < 1) {
            throw new IllegalArgumentException("cluster ids start at 1, got " + cluster);
        }
        if (proc < 0) {
            throw new IllegalArgumentException("proc ids start at 0, got " + proc);
        }
    }

    /** Parses {@code "cluster.proc"}; anything else is a bad parameter naming the text. */
    public static JobId parse(String text) {
        int dot = text == null ? -1 : text.indexOf('.');
        if (dot < 0) {
            throw new ScheddFailure.Invalid("job id must be cluster.proc, got '" + text + "'");
        }
        return new JobId(number(text.substring(0, dot), text, 1), number(text.substring(dot + 1), text, 0));
    }

    /** Parses a cluster id alone ({@code "12"}), as Remove accepts for a whole cluster. */
    public static int parseCluster(String text) {
        return number(text, text, 1);
    }

    private static int number(String part, String whole, int min) {
        if (part.isEmpty() || part.length() > 10 || !part.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new ScheddFailure.Invalid("job id must be cluster.proc, got '" + whole + "'");
        }
        long v = Long.parseLong(part);
        if (v < min || v > Integer.MAX_VALUE) {
            throw new ScheddFailure.Invalid("job id '" + whole + "' is out of range");
        }
        return (int) v;
    }

    @Override
    public int compareTo(JobId o) {
        int c = Integer.compare(cluster, o.cluster);
        return c != 0 ? c : Integer.compare(proc, o.proc);
    }

    @Override
    public String toString() {
        return cluster + "." + proc;
    }
}
