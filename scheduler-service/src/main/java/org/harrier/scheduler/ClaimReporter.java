package org.harrier.scheduler;

import java.util.Objects;
import org.harrier.scheduler.match.Claim;

/**
 * Who reports on a claim: the starter's JobStarted, JobUsage, JobExited and JobCheckpointed, and
 * its file transfers (docs/protocols.md, "Authorisation"). A startd's broker user may report only
 * on a claim it was the first to report on ({@link Claim#reportedBy}); {@link #ANYONE} (an
 * administrator, or the scheduler's own callers) on any. The bus package makes one from the
 * authenticated caller. Pure; immutable.
 */
public record ClaimReporter(String user) {
    public static final ClaimReporter ANYONE = new ClaimReporter(null);

    /** Startd user {@code user}, held to the claims it reports on. */
    public static ClaimReporter startd(String user) {
        return new ClaimReporter(Objects.requireNonNull(user, "user"));
    }

    /**
     * Refuses, with {@link ScheddFailure.Refused}, a report on {@code claim} (null: a claim this
     * scheduler does not hold, whose reports are ignored as stale and so pass) from another user
     * than the one recorded; the first report records its user.
     */
    void check(Claim claim) {
        if (user == null || claim == null || claim.reportedBy(user)) {
            return;
        }
        throw new ScheddFailure.Refused("a report on the claim of " + (claim.job() == null ? "no job" : "job " + claim.job())
                + " refused: it comes from " + user + ", but the claim's startd reports as " + claim.reporter());
    }
}
