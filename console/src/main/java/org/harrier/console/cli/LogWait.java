package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.scheduler.userlog.UserLogEvent;

/**
 * How far condor_wait has got with a job event log: the jobs whose submit (000) it has read and
 * how each ended, a terminated (005) or aborted (009) event. Every job the log (or the job
 * {@code only} names) has submitted must end; then it is done, whether the jobs completed or
 * were removed (condor_wait's "All jobs done."). Pure and immutable: {@link #read} returns the
 * state after more events.
 *
 * @param only  the job or cluster to wait for, or null for every job in the log
 * @param ended each job seen, in order of its submit event, to how it ended ("" while it has not)
 */
record LogWait(JobRef only, Map<String, String> ended) {
    static final String PENDING = "";

    LogWait {
        ended = Collections.unmodifiableMap(new LinkedHashMap<>(ended));
    }

    static LogWait of(JobRef only) {
        return new LogWait(only, Map.of());
    }

    LogWait read(List<UserLogEvent> events) {
        Map<String, String> next = new LinkedHashMap<>(ended);
        for (UserLogEvent e : events) {
            if (!concerns(e)) {
                continue;
            }
            String id = e.job().cluster() + "." + e.job().proc();
            if (e.code() == UserLogEvent.SUBMIT) {
                next.putIfAbsent(id, PENDING);
            } else if (e.isFinal()) {
                next.put(id, e.code() == UserLogEvent.TERMINATED ? terminated(e) : "aborted");
            }
        }
        return new LogWait(only, next);
    }

    private boolean concerns(UserLogEvent e) {
        return only == null || (e.job().cluster() == only.cluster() && (only.isCluster() || e.job().proc() == only.proc()));
    }

    private static String terminated(UserLogEvent e) {
        if (e.returnValue().isPresent()) {
            return "terminated (return value " + e.returnValue().getAsInt() + ")";
        }
        return e.signal().isPresent() ? "terminated (signal " + e.signal().getAsInt() + ")" : "terminated";
    }

    /** Some job was submitted and every such job has ended. */
    boolean allDone() {
        return !ended.isEmpty() && !ended.containsValue(PENDING);
    }

    List<String> pending() {
        List<String> out = new ArrayList<>();
        ended.forEach((id, how) -> {
            if (how.equals(PENDING)) {
                out.add(id);
            }
        });
        return out;
    }

    boolean sawAnyJob() {
        return !ended.isEmpty();
    }
}
