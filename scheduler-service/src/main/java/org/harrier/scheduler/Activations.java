package org.harrier.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.Completions;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Transaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the Activates of {@link ClaimRunner}, each only once the claim it goes out on is recorded
 * in the job's ad and on disk (docs/protocols.md, "Scheduler restart"), as HTCondor's schedd
 * writes the match into the job queue before its shadow activates the claim: a scheduler that
 * dies after sending an Activate finds the claim again and never runs the job twice. Group
 * commit: every activation decided in one burst of owner-thread work (a round of exit reports,
 * a batch of claim grants) is recorded in one transaction and waits for one fsync.
 *
 * <p>After a restart {@link #resend} re-sends the Activate of a job whose start was never
 * confirmed; the startd's WrongState (0x10003: the claim is running this job, the last it was given, or
 * already ran it) means the first Activate arrived, and the job is adopted as running.
 *
 * <p>A job queued behind a claim's running job ({@link #addQueued}, docs/protocols.md, "Queued
 * activations") is recorded the same way, on the same claim, and its Activate asks the startd to
 * queue it: the jobs queued on one claim in a burst go in one Activate. {@link #resendQueued}
 * sends each again after a restart.
 *
 * <p>Owner thread: every method runs on the scheduler's owner executor.
 */
final class Activations {
    private static final Logger LOG = LoggerFactory.getLogger(Activations.class);

    /** Where answers go: {@link ClaimRunner}'s handling of an activation's outcome. */
    interface Answers {
        void activated(Claim c, JobId job, boolean started, Throwable failure);

        void queuedAnswered(Claim c, List<JobId> jobs, Startds.QueuedAnswer answer, Throwable failure);

        boolean started(JobId id, String claimId, String remoteHost);
    }

    private record Pending(Claim claim, JobId job, boolean queued) {
    }

    private final QueueKeeper keeper;
    private final Startds startds;
    private final Executor owner;
    private final Answers answers;
    private final List<Pending> batch = new ArrayList<>();
    private boolean recordScheduled;

    Activations(QueueKeeper keeper, Startds startds, Executor owner, Answers answers) {
        this.keeper = keeper;
        this.startds = startds;
        this.owner = owner;
        this.answers = answers;
    }

    /** Activates {@code job}, already handed to claim {@code c}, once the claim is recorded. */
    void add(Claim c, JobId job) {
        pend(new Pending(c, job, false));
    }

    /** Queues {@code job}, already queued on claim {@code c} behind its running job, once the claim is recorded in its ad. */
    void addQueued(Claim c, JobId job) {
        pend(new Pending(c, job, true));
    }

    private void pend(Pending p) {
        batch.add(p);
        if (!recordScheduled) {
            recordScheduled = true;
            owner.execute(this::record); // behind the work already queued: one transaction for the burst
        }
    }

    private void record() {
        recordScheduled = false;
        List<Pending> ready = new ArrayList<>();
        Transaction.Builder tx = Transaction.builder();
        for (Pending p : batch) {
            if (stillDue(p)) {
                ClaimRecord record = ClaimRecord.of(p.claim().grant(), p.claim().grant().slotName());
                if (p.claim().isQueued(p.job())) {
                    record.addQueued(tx, p.job(), p.claim().orderOf(p.job()));
                } else {
                    record.addPending(tx, p.job());
                }
                ready.add(p);
            }
        }
        batch.clear();
        if (ready.isEmpty()) {
            return;
        }
        keeper.record(tx.build()); // the job's status and what users see of it are unchanged
        keeper.synced().whenCompleteAsync((ok, failure) -> {
            if (failure != null) {
                LOG.error("the claim records of {} activations could not be written; none is sent: {}", ready.size(),
                        Completions.message(failure));
                return;
            }
            java.util.Map<Claim, List<JobId>> queued = new java.util.LinkedHashMap<>();
            for (Pending p : ready) {
                TestHalt.at(p.queued() ? TestHalt.QUEUE_RECORDED : TestHalt.RECORDED);
                if (!stillDue(p)) {
                    continue; // stopped (held, removed) while the record was written
                }
                if (p.queued()) {
                    queued.computeIfAbsent(p.claim(), c -> new ArrayList<>()).add(p.job());
                } else {
                    send(p.claim(), p.job(), false);
                }
            }
            queued.forEach((c, jobs) -> sendQueued(c, jobs, false));
        }, owner);
    }

    /**
     * True while the activation is still the claim's to send: its job is the claim's, or queued
     * on it (or was queued and is the claim's job now: the running job ended while its record
     * was written; a queued Activate on an Idle claim starts at once), and still Idle.
     */
    private boolean stillDue(Pending p) {
        boolean ours = p.job().equals(p.claim().job()) || p.queued() && p.claim().isQueued(p.job());
        return ours && keeper.queue().status(p.job()) == JobStatus.IDLE;
    }

    /**
     * Sends again the Activate of the job pending on claim {@code c} with no start reported:
     * after a restart (its answers may have been lost with the scheduler), once per call, from
     * the keep-alive round, after the exit reports that waited on the broker were applied; or a
     * queued job that should have started long ago ({@link QueuedJobs}).
     */
    void resend(Claim c) {
        c.reactivating(false);
        JobId job = c.job();
        if (job == null || keeper.queue().status(job) != JobStatus.IDLE) {
            return; // its start or exit report came first
        }
        LOG.info("job {} was being activated on {} and no start of it was reported: activating again", job, c);
        send(c, job, true);
    }

    /**
     * After a restart: sends again the Activate of the job recorded as queued on claim {@code c}
     * behind its running job. WrongState then says the startd runs it or ran it already (it
     * started when the running job ended): adopted as started, applied once the running job's
     * exit is; any other outcome is the queued job's as for a live scheduler.
     */
    void resendQueued(Claim c) {
        for (JobId job : c.requeueing()) {
            c.requeueing(job, false);
            if (keeper.queue().status(job) == JobStatus.IDLE) {
                LOG.info("job {} is queued on {} with no answer from its startd (a restart, a lost call): queuing it again", job, c);
                sendQueued(c, List.of(job), true);
            }
        }
    }

    private void sendQueued(Claim c, List<JobId> jobs, boolean again) {
        List<Startds.QueuedJob> sent = jobs.stream().map(job -> new Startds.QueuedJob(job, forStartd(keeper.queue().ad(job)))).toList();
        startds.activateQueued(c.grant(), sent).whenCompleteAsync((answer, failure) -> {
            if (!again) {
                TestHalt.at(TestHalt.QUEUE_ANSWERED);
            }
            if (again && failure != null) {
                resent(c, jobs.get(0), failure, true);
            } else {
                answers.queuedAnswered(c, jobs, answer, failure);
            }
        }, owner);
    }

    private void send(Claim c, JobId job, boolean again) {
        startds.activate(c.grant(), job, forStartd(keeper.queue().ad(job))).whenCompleteAsync((started, failure) -> {
            if (!again) {
                TestHalt.at(TestHalt.ACTIVATED);
            }
            if (again && failure != null) {
                resent(c, job, failure, false);
            } else {
                answers.activated(c, job, Boolean.TRUE.equals(started), failure);
            }
        }, owner);
    }

    /**
     * A re-sent Activate failed: WrongState (0x10003) says the claim is running this job (the
     * record names the claim's last activation) or already ran it (the startd remembers a claim's
     * last run), so the first Activate arrived: its start is recorded now, and the exit report, if
     * it ran, follows (for a job still queued behind the claim's running job, once that job's
     * exit is applied). No answer at all (a failure that is no ScheddFailure) leaves the claim to
     * its lease and the next round. Anything else is a failed activation as for a live scheduler
     * (UnknownClaim: the claim is gone, the job is Idle again), {@code queued} or not.
     */
    private void resent(Claim c, JobId job, Throwable failure, boolean queued) {
        Throwable cause = Completions.cause(failure);
        if (cause instanceof ScheddFailure.WrongState w) {
            LOG.info("job {} is running on {} already ({}): adopted", job, c, w.getMessage());
            answers.started(job, c.id(), c.grant().slotName());
        } else if (!(cause instanceof ScheddFailure) && (job.equals(c.job()) || c.isQueued(job))) {
            LOG.info("activating job {} again on {} got no answer; trying at the next round: {}", job, c,
                    Completions.message(failure));
            if (c.isQueued(job)) {
                c.requeueing(job, true);
            } else {
                c.reactivating(true);
            }
        } else if (queued) {
            answers.queuedAnswered(c, List.of(job), null, failure);
        } else {
            answers.activated(c, job, false, failure);
        }
    }

    /** The ad the startd runs: the scheduler's claim bookkeeping stays here. */
    private static ClassAd forStartd(ClassAd queued) {
        return JobIdentity.literal(queued).toBuilder().remove(ClaimRecord.CLAIM_ID).remove(ClaimRecord.STARTD_AGENT)
                .remove(ClaimRecord.STARTD_SLOT).remove(ClaimRecord.PENDING_ACTIVATION).build();
    }
}
