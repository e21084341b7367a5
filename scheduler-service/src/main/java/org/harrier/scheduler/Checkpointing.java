package org.harrier.scheduler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.harrier.classad.EvalContext;
import org.harrier.protocol.Completions;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.CheckpointReport;
import org.harrier.scheduler.queue.Checkpoints;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Transaction;
import org.harrier.scheduler.queue.Transition;

/**
 * The scheduler's part of checkpoints and vacate (docs/protocols.md, "Checkpoints and vacate"):
 * records the starter's JobCheckpointed reports, and VacateJob (condor_vacate_job) asks each
 * named running job's startd to evict it. The queue does not change on VacateJob itself: the
 * startd's JobExited with Evicted sends the job back to Idle ({@link ClaimRunner#exited}), and
 * it resumes from its last checkpoint wherever it runs next.
 *
 * <p>Owner thread: every method runs on the scheduler's owner thread; futures complete there.
 */
final class Checkpointing {
    private final QueueKeeper keeper;
    private final ClaimRunner runner;
    private final Startds startds;
    private final Executor owner;
    private final EvalContext context;

    Checkpointing(QueueKeeper keeper, ClaimRunner runner, Startds startds, Executor owner, EvalContext context) {
        this.keeper = keeper;
        this.runner = runner;
        this.startds = startds;
        this.owner = owner;
        this.context = context;
    }

    /**
     * Applies a checkpoint report; false (and nothing changes) unless {@code id} runs on the claim
     * and the report's number is beyond the job's NumCkpts: a repeated or stale report is harmless.
     * One that overtook the Activate answer records the start first, as an exit report does.
     */
    boolean checkpointed(JobId id, String claimId, CheckpointReport report) {
        Claim c = runner.claims().get(claimId);
        if (c == null || !id.equals(c.job())) {
            return false;
        }
        if (keeper.queue().status(id) == JobStatus.IDLE) {
            runner.started(id, claimId, c.grant().slotName());
        }
        Optional<Transaction> tx = Checkpoints.checkpointed(id, keeper.queue().ad(id), report, keeper.now());
        tx.ifPresent(t -> keeper.commit(t, runner::onClaim));
        return tx.isPresent();
    }

    /**
     * condor_vacate_job: the running and suspended jobs {@code jobs} names are evicted through
     * their claims; completes with those whose startd took the request. A named job that is not
     * running is WrongState; of a cluster or constraint such jobs are skipped, and it is an error
     * only when none is left (as Hold and the other controls).
     */
    CompletableFuture<List<JobId>> vacate(JobSelection jobs, QueueUser by) {
        Map<JobId, CompletableFuture<Void>> calls = new LinkedHashMap<>();
        for (JobId job : targets(jobs, by)) {
            calls.put(job, startds.vacate(runner.claims().of(job).grant(), job));
        }
        CompletableFuture<?>[] all = calls.values().stream().map(f -> f.handle((ok, failure) -> null))
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(all).thenApplyAsync(v -> answered(jobs, calls), owner);
    }

    private List<JobId> answered(JobSelection jobs, Map<JobId, CompletableFuture<Void>> calls) {
        List<JobId> done = new ArrayList<>();
        Throwable first = null;
        for (Map.Entry<JobId, CompletableFuture<Void>> call : calls.entrySet()) {
            try {
                call.getValue().join();
                done.add(call.getKey());
            } catch (RuntimeException e) {
                first = first == null ? Completions.cause(e) : first;
            }
        }
        if (done.isEmpty()) {
            if (jobs instanceof JobSelection.Job && first instanceof ScheddFailure f) {
                throw f;
            }
            throw new ScheddFailure.Unavailable(jobs.describe() + " could not be vacated: "
                    + Completions.message(first));
        }
        return done;
    }

    /** The running jobs {@code jobs} names that {@code by} may vacate ({@link QueueUser#mine}). */
    private List<JobId> targets(JobSelection jobs, QueueUser by) {
        List<JobId> named = by.mine(jobs, jobs.in(keeper.queue(), context), keeper.queue()::ad, "VacateJob");
        if (named.isEmpty()) {
            if (jobs instanceof JobSelection.Job j) {
                throw keeper.notQueued(j.id());
            }
            throw new ScheddFailure.UnknownJob("no job " + by.whose(jobs) + "of " + jobs.describe() + " is in the queue");
        }
        List<JobId> out = new ArrayList<>();
        for (JobId job : named) {
            JobStatus s = keeper.queue().status(job);
            Claim c = runner.claims().of(job);
            if (Checkpoints.vacatable(s) && c != null && !c.isDeactivating()) {
                out.add(job);
            } else if (jobs instanceof JobSelection.Job) {
                throw new ScheddFailure.WrongState("job " + job + " is " + Transition.word(s)
                        + "; only running or suspended jobs can be vacated");
            }
        }
        if (out.isEmpty()) {
            throw new ScheddFailure.WrongState("no job " + by.whose(jobs) + "of " + jobs.describe()
                    + " can be vacated now: only running or suspended jobs can be vacated");
        }
        return out;
    }
}
