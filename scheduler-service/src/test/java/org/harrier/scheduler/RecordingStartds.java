package org.harrier.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.SlotRef;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;

/**
 * The startd side as a recording planner: every call is kept with a future the test answers,
 * so each step of the claim protocol happens when the test says.
 */
final class RecordingStartds implements Startds {
    /** A call; {@code jobs}: every job of a queued activation (its first is {@code job}). */
    record Call(String method, SlotRef slot, ClaimGrant claim, JobId job, ClassAd ad, CompletableFuture<Object> answer,
            boolean preempt, List<JobId> jobs) {
        Call(String method, SlotRef slot, ClaimGrant claim, JobId job, ClassAd ad, CompletableFuture<Object> answer,
                boolean preempt) {
            this(method, slot, claim, job, ad, answer, preempt, job == null ? List.of() : List.of(job));
        }

        Call(String method, SlotRef slot, ClaimGrant claim, JobId job, ClassAd ad, CompletableFuture<Object> answer) {
            this(method, slot, claim, job, ad, answer, false);
        }

        /** Answers a queued activation: queued behind the running job, none started at once. */
        void queued() {
            answer.complete(new Startds.QueuedAnswer(false, jobs.size()));
        }

        /** Answers a queued activation: the claim was Idle and its first job started at once. */
        void firstStarted() {
            answer.complete(new Startds.QueuedAnswer(true, jobs.size() - 1));
        }
    }

    final List<Call> calls = new ArrayList<>();
    private int claims;

    static SlotRef slot(String name) {
        return new SlotRef(AgentName.harrier("startd", "host1"), ObjectId.grid("slot", name));
    }

    @Override
    public synchronized CompletableFuture<ClaimGrant> claim(SlotRef slot, ClassAd request, boolean preempt) {
        return record(new Call("Claim", slot, null, null, request, new CompletableFuture<>(), preempt));
    }

    @Override
    public synchronized CompletableFuture<Boolean> activate(ClaimGrant claim, JobId id, ClassAd job) {
        return record(new Call("Activate", claim.slot(), claim, id, job, new CompletableFuture<>()));
    }

    @Override
    public synchronized CompletableFuture<QueuedAnswer> activateQueued(ClaimGrant claim, List<QueuedJob> jobs) {
        return record(new Call("ActivateQueued", claim.slot(), claim, jobs.get(0).id(), jobs.get(0).job(), new CompletableFuture<>(),
                false, jobs.stream().map(QueuedJob::id).toList()));
    }

    @Override
    public synchronized CompletableFuture<Void> deactivate(ClaimGrant claim, JobId id) {
        return record(new Call("Deactivate", claim.slot(), claim, id, null, new CompletableFuture<>()));
    }

    @Override
    public synchronized CompletableFuture<Void> suspend(ClaimGrant claim, JobId id) {
        return record(new Call("Suspend", claim.slot(), claim, id, null, new CompletableFuture<>()));
    }

    @Override
    public synchronized CompletableFuture<Void> resume(ClaimGrant claim, JobId id) {
        return record(new Call("Continue", claim.slot(), claim, id, null, new CompletableFuture<>()));
    }

    @Override
    public synchronized CompletableFuture<Void> release(ClaimGrant claim) {
        return record(new Call("Release", claim.slot(), claim, null, null, new CompletableFuture<>()));
    }

    @Override
    public synchronized CompletableFuture<Void> vacate(ClaimGrant claim, JobId id) {
        return record(new Call("Vacate", claim.slot(), claim, id, null, new CompletableFuture<>()));
    }

    @Override
    public synchronized CompletableFuture<Void> alive(ClaimGrant claim) {
        return record(new Call("Alive", claim.slot(), claim, null, null, new CompletableFuture<>()));
    }

    @SuppressWarnings("unchecked")
    private <T> CompletableFuture<T> record(Call c) {
        calls.add(c);
        return (CompletableFuture<T>) (CompletableFuture<?>) c.answer();
    }

    /** The calls of {@code method} not answered yet, oldest first. */
    synchronized List<Call> pending(String method) {
        return calls.stream().filter(c -> c.method().equals(method) && !c.answer().isDone()).toList();
    }

    synchronized List<Call> all(String method) {
        return calls.stream().filter(c -> c.method().equals(method)).toList();
    }

    /** Grants the oldest pending Claim with a dynamic slot named after it; returns the grant. */
    ClaimGrant grantNext() {
        Call c = pending("Claim").get(0);
        int n;
        synchronized (this) {
            n = ++claims;
        }
        ClaimGrant g = new ClaimGrant("claim-" + n, slot(c.slot().slot().key().replace("@", "_" + n + "@")));
        c.answer().complete(g);
        return g;
    }

    void refuseNext() {
        pending("Claim").get(0).answer().completeExceptionally(
                new ScheddFailure.ClaimRefused("claim refused: request no longer fits"));
    }

    /** Answers every pending call of {@code method} with success. */
    void answerAll(String method) {
        pending(method).forEach(c -> c.answer().complete(null));
    }
}
