package org.harrier.scheduler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.Completions;
import org.harrier.classad.EvalContext;
import org.harrier.scheduler.queue.AttributeEdit;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Transaction;
import org.harrier.scheduler.queue.Transition;

/**
 * Users' control of queued jobs (docs/protocols.md, "Job control"): Hold, Release, Remove, Suspend, Continue
 * and SetAttribute on a job, a cluster or a constraint. Each call
 * decides with the pure queue types ({@link JobSelection}, {@link Transition},
 * {@link AttributeEdit}) and commits one transaction for every job it acts on, so a
 * constraint that selects a thousand jobs is one durable change. Bad input throws before
 * anything is committed, and so does a job that is not the caller's ({@link QueueUser#mine}:
 * a user's constraint selects only their own jobs).
 *
 * <p>Order of effects: Hold and Remove record the new state first, then kill running jobs
 * through their claims (so the killed job's exit report is ignored); Suspend and Continue ask
 * the startds first and record only what they did, as HTCondor's shadow records a suspension
 * once the starter has made it.
 *
 * <p>Owner thread: every method runs on the scheduler's owner thread and its futures complete
 * there.
 */
final class JobControl {
    private final QueueKeeper keeper;
    private final ClaimRunner runner;
    private final Executor owner;
    private final EvalContext context;

    JobControl(QueueKeeper keeper, ClaimRunner runner, Executor owner, EvalContext context) {
        this.keeper = keeper;
        this.runner = runner;
        this.owner = owner;
        this.context = context;
    }

    /**
     * The reason a job records: the caller's, or "via Hold"; either followed by "(by user X)" when
     * the bus says who called (HTCondor's condor_hold writes "via condor_hold (by user X)").
     */
    static String reason(String given, String method, String user) {
        String why = given == null || given.isBlank() ? "via " + method : given;
        return user == null || user.isBlank() ? why : why + " (by user " + user + ")";
    }

    CompletableFuture<List<JobId>> hold(JobSelection jobs, String reason, QueueUser by) {
        List<JobId> targets = targets(jobs, Transition.HOLD, by, "Hold");
        String why = reason(reason, "Hold", by.name());
        commit(targets, (id, ad) -> Transition.held(id, ad, why, Transition.HOLD_BY_USER, 0, keeper.now()));
        List<CompletableFuture<Void>> stops = new ArrayList<>();
        for (JobId job : targets) {
            stops.add(runner.stop(job));
        }
        return allDone(stops).thenApply(v -> targets);
    }

    /** Idle and held jobs leave at once (one transaction); running ones once the startd killed them. */
    CompletableFuture<List<JobId>> remove(JobSelection jobs, String reason, QueueUser by) {
        List<JobId> targets = targets(jobs, Transition.REMOVE, by, "Remove");
        String why = reason(reason, "Remove", by.name());
        commit(targets, (id, ad) -> Transition.removed(id, ad, why, keeper.now()));
        List<JobId> unclaimed = new ArrayList<>();
        List<CompletableFuture<Void>> stops = new ArrayList<>();
        for (JobId job : targets) {
            if (runner.onClaim(job)) {
                stops.add(runner.stop(job).thenRun(() -> keeper.finish(job)));
            } else {
                unclaimed.add(job);
            }
        }
        keeper.finish(unclaimed);
        return allDone(stops).thenApply(v -> targets);
    }

    List<JobId> release(JobSelection jobs, String reason, QueueUser by) {
        List<JobId> targets = targets(jobs, Transition.RELEASE, by, "Release");
        String why = reason(reason, "Release", by.name());
        commit(targets, (id, ad) -> Transition.released(id, ad, why, keeper.now()));
        return targets;
    }

    /** Suspend ({@code freeze}) or Continue: the startds first, then one transaction for the jobs they answered for. */
    CompletableFuture<List<JobId>> signal(JobSelection jobs, boolean freeze, QueueUser by) {
        Transition t = freeze ? Transition.SUSPEND : Transition.CONTINUE;
        List<JobId> targets = targets(jobs, t, by, freeze ? "Suspend" : "Continue");
        Map<JobId, CompletableFuture<Void>> calls = new LinkedHashMap<>();
        for (JobId job : targets) {
            calls.put(job, runner.signal(job, freeze));
        }
        return allDone(new ArrayList<>(calls.values())).thenApplyAsync(v -> signalled(jobs, t, calls, by), owner);
    }

    private List<JobId> signalled(JobSelection jobs, Transition t, Map<JobId, CompletableFuture<Void>> calls, QueueUser by) {
        List<JobId> done = new ArrayList<>();
        Throwable firstFailure = null;
        for (Map.Entry<JobId, CompletableFuture<Void>> call : calls.entrySet()) {
            Throwable failure = failureOf(call.getValue());
            if (failure != null) {
                firstFailure = firstFailure == null ? failure : firstFailure;
            } else if (t.allowedFrom(keeper.queue().status(call.getKey()))) {
                // Still where it was when asked: it did not exit or get held meanwhile.
                done.add(call.getKey());
            }
        }
        if (done.isEmpty()) {
            if (jobs instanceof JobSelection.Job && firstFailure instanceof ScheddFailure f) {
                throw f;
            }
            String subject = jobs instanceof JobSelection.Job ? none(jobs, by) + " could not" : none(jobs, by) + " could";
            if (firstFailure == null) {
                throw new ScheddFailure.WrongState(subject + " be " + t.done() + ": it changed state meanwhile");
            }
            throw new ScheddFailure.Unavailable(subject + " be " + t.done() + ": " + Completions.message(firstFailure));
        }
        commit(done, (id, ad) -> t == Transition.SUSPEND ? Transition.suspended(id, ad, keeper.now())
                : Transition.continued(id, ad, keeper.now()));
        return done;
    }

    private static Throwable failureOf(CompletableFuture<Void> done) {
        try {
            done.join();
            return null;
        } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
            return Completions.cause(e);
        }
    }

    /**
     * "job 1.0", "no job of cluster 3", "no job matching Owner == "bob"" ("no job of alice matching ..."
     * when a user's constraint was narrowed to their jobs): the subject of a refusal.
     */
    private static String none(JobSelection jobs, QueueUser by) {
        if (jobs instanceof JobSelection.Job j) {
            return "job " + j.id();
        }
        return jobs instanceof JobSelection.Cluster c ? "no job of cluster " + c.cluster()
                : "no job " + by.whose(jobs) + "matching " + jobs.describe();
    }

    /** SetAttribute on every queued job named, whatever its state (a running job sees it when it runs again). */
    List<JobId> setAttribute(JobSelection jobs, String name, String value, QueueUser by) {
        AttributeEdit edit = AttributeEdit.parse(name, value, keeper.limits());
        List<JobId> ids = named(jobs, by, "SetAttribute");
        keeper.commit(edit.apply(ids, keeper.queue(), keeper.limits()), runner::onClaim);
        return ids;
    }

    /**
     * The queued jobs {@code jobs} names that {@code by} may act on with {@code method}; UnknownJob
     * (or WrongState for a job that left) when none, Refused when one named is someone else's.
     */
    private List<JobId> named(JobSelection jobs, QueueUser by, String method) {
        List<JobId> ids = by.mine(jobs, jobs.in(keeper.queue(), context), keeper.queue()::ad, method);
        if (!ids.isEmpty()) {
            return ids;
        }
        if (jobs instanceof JobSelection.Job j) {
            throw keeper.notQueued(j.id());
        }
        if (jobs instanceof JobSelection.Cluster c) {
            throw new ScheddFailure.UnknownJob("no job of cluster " + c.cluster() + " in the queue");
        }
        throw new ScheddFailure.UnknownJob(none(jobs, by) + " is in the queue");
    }

    /**
     * The jobs {@code jobs} names that {@code t} may act on. One job that does not allow
     * {@code t} is an error; of a cluster or constraint, jobs that do not allow it are skipped,
     * and it is an error only when none does.
     */
    private List<JobId> targets(JobSelection jobs, Transition t, QueueUser by, String method) {
        List<JobId> out = new ArrayList<>();
        for (JobId job : named(jobs, by, method)) {
            JobStatus s = keeper.queue().status(job);
            if (t.allowedFrom(s)) {
                out.add(job);
            } else if (jobs instanceof JobSelection.Job) {
                throw new ScheddFailure.WrongState(t.refusal(job, s));
            }
        }
        if (out.isEmpty()) {
            throw new ScheddFailure.WrongState(none(jobs, by) + " can be " + t.done() + " now: " + t.rule());
        }
        return out;
    }

    /** One transaction: {@code move}'s operations for every job, in order. */
    private void commit(List<JobId> ids, BiFunction<JobId, ClassAd, Transaction> move) {
        Transaction.Builder tx = Transaction.builder();
        for (JobId id : ids) {
            move.apply(id, keeper.queue().ad(id)).ops().forEach(tx::add);
        }
        keeper.commit(tx.build(), runner::onClaim);
    }

    /** Completes when every future has, failed or not. */
    private static CompletableFuture<Void> allDone(List<CompletableFuture<Void>> futures) {
        CompletableFuture<?>[] handled = futures.stream().map(f -> f.handle((ok, failure) -> null))
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(handled);
    }
}
