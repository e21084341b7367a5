package org.harrier.console.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A job as condor_rm and condor_q name one on the command line: {@code cluster} or {@code cluster.proc}. */
record JobRef(long cluster, long proc) {
    static final long WHOLE_CLUSTER = -1;
    private static final Pattern ID = Pattern.compile("(\\d{1,18})(?:\\.(\\d{1,18}))?");

    JobRef {
        if (cluster < 0 || proc < WHOLE_CLUSTER) {
            throw new IllegalArgumentException("job ids are not negative: " + cluster + "." + proc);
        }
    }

    /** Null when {@code text} is no job id (condor_q then takes it for an owner name). */
    static JobRef parseOrNull(String text) {
        Matcher m = ID.matcher(text.strip());
        if (!m.matches()) {
            return null;
        }
        return new JobRef(Long.parseLong(m.group(1)), m.group(2) == null ? WHOLE_CLUSTER : Long.parseLong(m.group(2)));
    }

    static JobRef parse(String text) {
        JobRef ref = parseOrNull(text);
        if (ref == null) {
            throw new CommandLineError("'" + text + "' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)");
        }
        return ref;
    }

    boolean isCluster() {
        return proc == WHOLE_CLUSTER;
    }

    /** The ClassAd test for this id: {@code ClusterId == 12} or {@code ClusterId == 12 && ProcId == 0}. */
    String constraint() {
        return isCluster() ? "ClusterId == " + cluster : "ClusterId == " + cluster + " && ProcId == " + proc;
    }

    /** The id as the scheduler's methods take it: "12" or "12.0". */
    @Override
    public String toString() {
        return isCluster() ? Long.toString(cluster) : cluster + "." + proc;
    }
}
