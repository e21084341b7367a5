package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.queue.AttributeEdit;

/**
 * A condor_qedit command line read: which jobs ({@code ID}, {@code OWNER}, {@code -constraint},
 * or an id or owner narrowed by a constraint) and the attribute edits, in order. Every edit is
 * checked with the scheduler's own rule ({@link AttributeEdit#parse}) before anything is sent,
 * so a malformed value (a bad command line) or a protected attribute (the scheduler's refusal,
 * in its words) changes nothing. Pure.
 */
record QeditRequest(GridClient.Jobs jobs, List<Edit> edits) {
    /** One {@code ATTR VALUE} pair: the value is ClassAd expression text (a string needs its quotes). */
    record Edit(String name, String value) {
        Edit {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    QeditRequest {
        Objects.requireNonNull(jobs, "jobs");
        edits = List.copyOf(edits);
        if (edits.isEmpty()) {
            throw new IllegalArgumentException("a qedit sets at least one attribute");
        }
    }

    /**
     * Reads {@code [ID|OWNER] ATTR VALUE [ATTR VALUE ...]}. Without {@code -constraint} the first
     * argument names the jobs; with it, an odd count means the first names jobs to narrow it to.
     */
    static QeditRequest parse(List<String> arguments, String constraint) {
        boolean named = constraint == null || arguments.size() % 2 == 1;
        if (constraint == null && arguments.isEmpty()) {
            throw new CommandLineError("name the jobs (12.0, 12, an owner or -constraint EXPR), then ATTR VALUE pairs");
        }
        List<String> pairs = named ? arguments.subList(1, arguments.size()) : arguments;
        if (pairs.isEmpty() || pairs.size() % 2 != 0) {
            throw new CommandLineError("give ATTR VALUE pairs after the jobs, e.g. RequestMemory 2048 or"
                    + " Comment '\"a string\"'; got " + (pairs.isEmpty() ? "none" : String.join(" ", pairs)));
        }
        GridClient.Jobs jobs = jobs(named ? arguments.get(0) : null, constraint);
        List<Edit> edits = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i += 2) {
            edits.add(checked(pairs.get(i), pairs.get(i + 1)));
        }
        return new QeditRequest(jobs, edits);
    }

    private static GridClient.Jobs jobs(String selector, String constraint) {
        JobFilter selection = JobFilter.of(selector == null ? List.of() : List.of(selector), constraint);
        if (constraint == null && selection.jobs().size() == 1) {
            return GridClient.Jobs.id(selection.jobs().get(0).toString());
        }
        return GridClient.Jobs.matching(selection.asConstraint());
    }

    private static Edit checked(String name, String value) {
        try {
            AttributeEdit.parse(name, value, AdLimits.DEFAULT);
        } catch (ScheddFailure.Refused e) {
            throw new ConsoleFailure(e.getMessage());
        } catch (ScheddFailure.Invalid e) {
            throw new CommandLineError(e.getMessage());
        }
        return new Edit(name, value);
    }
}
