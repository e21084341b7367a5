package org.harrier.scheduler.match;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;

/**
 * What a restarted scheduler does with each job its queue log brought back (docs/protocols.md,
 * "Scheduler restart"). Pure: the caller applies the plan.
 *
 * <ul>
 * <li>Idle: indexed for matching again.
 * <li>Running or Suspended with a claim recorded ({@link ClaimRecord}): the claim is adopted
 * and the job stays as it is; the startd keeps running it for its JobLeaseDuration without a
 * scheduler, and an Alive confirms (or denies) that the claim is still there.
 * <li>Running or Suspended without a usable record (started before records were kept, a claim
 * another job of the log already names), or Transferring Output: Idle again, to run again, as
 * before claims survived a restart.
 * <li>Completed or Removed but still queued: leaves the queue now.
 * <li>Held: stays.
 * </ul>
 */
public final class Reconnect {
    private Reconnect() {
    }

    public enum Action { INDEX, ADOPT, REQUEUE, FINISH, KEEP }

    /** A job as the log left it: its status and the claim its ad records, or null. */
    public record Recorded(JobId id, JobStatus status, ClaimRecord claim) {
        public Recorded {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(status, "status");
        }
    }

    /** What to do with one job; {@code claim} is the claim to adopt, for ADOPT only. */
    public record Step(JobId id, Action action, ClaimRecord claim) {
        public Step {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(action, "action");
            if ((action == Action.ADOPT) != (claim != null)) {
                throw new IllegalArgumentException("a claim goes with ADOPT and only with it: " + action + " " + claim);
            }
        }
    }

    /** One step per job, in the order given; a claim is adopted for the first job that names it only. */
    public static List<Step> plan(List<Recorded> jobs) {
        Set<String> adopted = new HashSet<>();
        List<Step> out = new ArrayList<>(jobs.size());
        for (Recorded r : jobs) {
            Step s = decide(r, adopted);
            if (s.action() == Action.ADOPT) {
                adopted.add(s.claim().claimId());
            }
            out.add(s);
        }
        return out;
    }

    /** The step for {@code r} when the claims in {@code taken} are adopted already. */
    static Step decide(Recorded r, Set<String> taken) {
        return switch (r.status()) {
            case IDLE -> new Step(r.id(), Action.INDEX, null);
            case RUNNING, SUSPENDED -> r.claim() != null && !taken.contains(r.claim().claimId())
                    ? new Step(r.id(), Action.ADOPT, r.claim()) : new Step(r.id(), Action.REQUEUE, null);
            case TRANSFERRING_OUTPUT -> new Step(r.id(), Action.REQUEUE, null);
            case COMPLETED, REMOVED -> new Step(r.id(), Action.FINISH, null);
            default -> new Step(r.id(), Action.KEEP, null);
        };
    }
}
