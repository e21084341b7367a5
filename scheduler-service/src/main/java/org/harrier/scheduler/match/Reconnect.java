package org.harrier.scheduler.match;

import java.util.ArrayList;
import java.util.Comparator;
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
 * <li>Idle with a pending activation recorded ({@link ClaimRecord#readPending}: the claim was
 * written to disk before its Activate went out, and no start confirmed it): the claim is taken
 * back and the Activate sent again, after the reports that waited on the broker; the startd
 * starts the job, or says the claim is running it already. A claim a Running or Suspended job
 * also names is that job's: such Idle jobs were queued behind it (docs/protocols.md, "Queued
 * activations") and are queued there again, in their recorded order; so are the other Idle jobs
 * pending on a claim behind the one reactivated there.
 * <li>Idle otherwise: indexed for matching again.
 * <li>Running or Suspended with a claim recorded ({@link ClaimRecord}): the claim is adopted
 * and the job stays as it is; the startd keeps running it for its JobLeaseDuration without a
 * scheduler, and an Alive confirms (or denies) that the claim is still there.
 * <li>Running or Suspended without a usable record (started before records were kept, a claim
 * another job of the log already names), or Transferring Output: Idle again, to run again, as
 * before claims survived a restart.
 * <li>Completed or Removed but still queued: leaves the queue now. Its claim, when its ad names
 * one that no job adopts or reactivates, is released: the scheduler died between writing the
 * end of the job and reusing or releasing its claim, and without a Release the startd would
 * keep the slot for the claim's whole lease.
 * <li>Held: stays.
 * </ul>
 */
public final class Reconnect {
    private Reconnect() {
    }

    public enum Action { INDEX, ADOPT, REACTIVATE, FOLLOW, REQUEUE, FINISH, KEEP }

    /**
     * A job as the log left it: its status, the claim its ad records, or null, the claim of an
     * activation recorded but not confirmed by a start, or null, and that activation's place in
     * the claim's queue ({@link ClaimRecord#queuedOrder}: 0 unless it was queued behind a running job).
     */
    public record Recorded(JobId id, JobStatus status, ClaimRecord claim, ClaimRecord pending, long queuedOrder) {
        public Recorded {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(status, "status");
            if (queuedOrder < 0) {
                throw new IllegalArgumentException("a queued activation's order is not negative: " + queuedOrder);
            }
        }

        public Recorded(JobId id, JobStatus status, ClaimRecord claim, ClaimRecord pending) {
            this(id, status, claim, pending, 0);
        }

        public Recorded(JobId id, JobStatus status, ClaimRecord claim) {
            this(id, status, claim, null);
        }
    }

    /**
     * What to do with one job; {@code claim} is the claim to adopt (ADOPT), to activate the job
     * on again (REACTIVATE), to queue it on again behind the adopted job (FOLLOW), or to release
     * (FINISH, when the finished job's claim is no other job's), for those only. {@code forgetPending}: the job's pending activation
     * record is stale (the job is no longer Idle, or its claim is another's) and is deleted.
     */
    public record Step(JobId id, Action action, ClaimRecord claim, boolean forgetPending) {
        public Step {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(action, "action");
            boolean withClaim = action == Action.ADOPT || action == Action.REACTIVATE || action == Action.FOLLOW;
            if (withClaim ? claim == null : claim != null && action != Action.FINISH) {
                throw new IllegalArgumentException("a claim goes with ADOPT, REACTIVATE or FOLLOW, may go with FINISH, and only with them: "
                        + action + " " + claim);
            }
        }

        public Step(JobId id, Action action, ClaimRecord claim) {
            this(id, action, claim, false);
        }
    }

    /**
     * One step per job, in the order given; a claim is adopted for the first Running or
     * Suspended job that names it only, and every Idle job whose pending record names that claim
     * follows it (queued behind it again). A claim no running job names is reactivated for the
     * Idle job pending on it that was queued first (its own job: a plain activation, or the
     * queued job promoted when the running one's exit was applied), and the other Idle jobs
     * queued on it follow that one (one pending without a place in a queue is stale). Followers are to be queued again in their {@link
     * Recorded#queuedOrder}, the startd's order. A claim that finished jobs name and no job takes
     * back goes, once, with the first of them, to be released.
     */
    public static List<Step> plan(List<Recorded> jobs) {
        Set<String> taken = new HashSet<>();
        Set<String> adopted = new HashSet<>();
        Step[] out = new Step[jobs.size()];
        List<Integer> idlePending = new ArrayList<>();
        for (int i = 0; i < out.length; i++) {
            Recorded r = jobs.get(i);
            if (r.pending() == null || r.status() != JobStatus.IDLE) {
                out[i] = decide(r, taken);
                if (out[i].action() == Action.ADOPT) {
                    taken.add(out[i].claim().claimId());
                    adopted.add(out[i].claim().claimId());
                }
            } else {
                idlePending.add(i);
            }
        }
        idlePending.sort(Comparator.comparingLong(i -> jobs.get(i).queuedOrder()));
        Set<String> reactivated = new HashSet<>();
        for (int i : idlePending) {
            Recorded r = jobs.get(i);
            String claimId = r.pending().claimId();
            if (adopted.contains(claimId) || reactivated.contains(claimId) && r.queuedOrder() > 0) {
                out[i] = new Step(r.id(), Action.FOLLOW, r.pending());
            } else {
                out[i] = decide(r, taken);
                if (out[i].action() == Action.REACTIVATE) {
                    taken.add(claimId);
                    reactivated.add(claimId);
                }
            }
        }
        Set<String> released = new HashSet<>();
        for (int i = 0; i < out.length; i++) {
            ClaimRecord claim = jobs.get(i).claim();
            if (out[i].action() == Action.FINISH && claim != null && !taken.contains(claim.claimId())
                    && released.add(claim.claimId())) {
                out[i] = new Step(out[i].id(), Action.FINISH, claim, out[i].forgetPending());
            }
        }
        return List.of(out);
    }

    /** The step for {@code r} when the claims in {@code taken} are adopted (or reactivated) already. */
    static Step decide(Recorded r, Set<String> taken) {
        Step s = decideStatus(r, taken);
        boolean stale = r.pending() != null && s.action() != Action.REACTIVATE && s.action() != Action.FINISH;
        return stale ? new Step(s.id(), s.action(), s.claim(), true) : s;
    }

    private static Step decideStatus(Recorded r, Set<String> taken) {
        return switch (r.status()) {
            case IDLE -> r.pending() != null && !taken.contains(r.pending().claimId())
                    ? new Step(r.id(), Action.REACTIVATE, r.pending()) : new Step(r.id(), Action.INDEX, null);
            case RUNNING, SUSPENDED -> r.claim() != null && !taken.contains(r.claim().claimId())
                    ? new Step(r.id(), Action.ADOPT, r.claim()) : new Step(r.id(), Action.REQUEUE, null);
            case TRANSFERRING_OUTPUT -> new Step(r.id(), Action.REQUEUE, null);
            case COMPLETED, REMOVED -> new Step(r.id(), Action.FINISH, null);
            default -> new Step(r.id(), Action.KEEP, null);
        };
    }
}
