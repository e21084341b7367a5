package org.harrier.console.cli;

import java.util.List;
import org.harrier.console.GridClient;

/**
 * What condor_hold, condor_release, condor_rm, condor_suspend and condor_continue do to the jobs
 * they name, and the words their messages use (HTCondor's condor_rm.V6/rm.cpp and
 * JobActionResults): "Job 12.0 held", "All jobs in cluster 12 have been held",
 * "Couldn't find/hold all jobs in cluster 12".
 */
enum JobAction {
    HOLD("hold", "held") {
        @Override
        List<String> apply(GridClient grid, GridClient.Jobs jobs, String reason) {
            return grid.hold(jobs, reason);
        }
    },
    RELEASE("release", "released") {
        @Override
        List<String> apply(GridClient grid, GridClient.Jobs jobs, String reason) {
            return grid.release(jobs, reason);
        }
    },
    REMOVE("remove", "marked for removal") {
        @Override
        List<String> apply(GridClient grid, GridClient.Jobs jobs, String reason) {
            return grid.remove(jobs, reason);
        }
    },
    SUSPEND("suspend", "suspended") {
        @Override
        List<String> apply(GridClient grid, GridClient.Jobs jobs, String reason) {
            return grid.suspend(jobs, reason);
        }
    },
    CONTINUE("continue", "continued") {
        @Override
        List<String> apply(GridClient grid, GridClient.Jobs jobs, String reason) {
            return grid.resume(jobs, reason);
        }
    },
    VACATE("vacate", "vacated") {
        @Override
        List<String> apply(GridClient grid, GridClient.Jobs jobs, String reason) {
            return grid.vacate(jobs, reason);
        }
    };

    private final String verb;
    private final String done;

    JobAction(String verb, String done) {
        this.verb = verb;
        this.done = done;
    }

    /** Asks the grid to act on {@code jobs}; the ids it acted on, or a ConsoleFailure naming why none. */
    abstract List<String> apply(GridClient grid, GridClient.Jobs jobs, String reason);

    /** "hold", "remove": as in "Couldn't find/hold ...". */
    String verb() {
        return verb;
    }

    /** "held", "marked for removal": as in "Job 12.0 held". */
    String done() {
        return done;
    }
}
