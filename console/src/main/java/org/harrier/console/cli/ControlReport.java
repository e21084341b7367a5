package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.harrier.console.format.AdJson;

/**
 * What a condor_hold-like command prints once its calls are answered, in condor_rm's words:
 * on stdout "Job 12.0 held" or "All jobs in cluster 12 have been held" for each target acted
 * on; on stderr one line per target that failed, the scheduler's reason after
 * "Couldn't find/hold all jobs in cluster 12: " (for a single job the reason alone, which
 * names it). Pure.
 */
record ControlReport(JobAction action, List<Outcome> outcomes) {
    /** One target's answer: the ids acted on, or the reason nothing was. */
    record Outcome(JobTargets.Target target, List<String> ids, String error) {
        Outcome {
            Objects.requireNonNull(target, "target");
            if ((ids == null) == (error == null)) {
                throw new IllegalArgumentException("an outcome has ids or an error, exactly one");
            }
            ids = ids == null ? null : List.copyOf(ids);
        }

        static Outcome done(JobTargets.Target target, List<String> ids) {
            return new Outcome(target, ids, null);
        }

        static Outcome failed(JobTargets.Target target, String error) {
            return new Outcome(target, null, error);
        }

        boolean failed() {
            return error != null;
        }
    }

    ControlReport {
        Objects.requireNonNull(action, "action");
        outcomes = List.copyOf(outcomes);
    }

    boolean anyFailed() {
        return outcomes.stream().anyMatch(Outcome::failed);
    }

    String out() {
        StringBuilder out = new StringBuilder();
        for (Outcome o : outcomes) {
            if (!o.failed()) {
                JobTargets.Target t = o.target();
                out.append(t.kind() == JobTargets.Kind.JOB ? "Job " + t.named() + " " + action.done()
                        : "All jobs" + t.subject() + " have been " + action.done()).append('\n');
            }
        }
        return out.toString();
    }

    String err() {
        StringBuilder err = new StringBuilder();
        for (Outcome o : outcomes) {
            if (o.failed()) {
                JobTargets.Target t = o.target();
                err.append("harrier: ").append(t.kind() == JobTargets.Kind.JOB ? o.error()
                        : "Couldn't find/" + action.verb() + " all jobs" + t.subject() + ": " + o.error()).append('\n');
            }
        }
        return err.toString();
    }

    /** {@code [{"Id": "12", "Ids": ["12.0", "12.1"]}, {"Owner": "bob", "Error": "..."}]}. */
    String json() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Outcome o : outcomes) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(o.target().key(), o.target().keyValue());
            if (o.failed()) {
                m.put("Error", o.error());
            } else {
                m.put("Ids", o.ids());
            }
            out.add(m);
        }
        return AdJson.write(out);
    }
}
