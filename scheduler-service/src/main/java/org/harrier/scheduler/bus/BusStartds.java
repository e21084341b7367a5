package org.harrier.scheduler.bus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.bus.Console;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Request;
import org.harrier.protocol.scheduler.Matched;
import org.harrier.protocol.slot.Activate;
import org.harrier.protocol.slot.Alive;
import org.harrier.protocol.slot.ClaimSlot;
import org.harrier.protocol.slot.ContinueClaim;
import org.harrier.protocol.slot.Deactivate;
import org.harrier.protocol.slot.ReleaseClaim;
import org.harrier.protocol.slot.SuspendClaim;
import org.harrier.protocol.slot.Vacate;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.SlotRef;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;

/**
 * The startd calls of docs/protocols.md as console method invocations. Every call goes to the
 * matched (partitionable) slot object: it surely exists, and startds take Activate, Deactivate
 * and Release on any of their slot objects by ClaimId, whereas the dynamic slot Claim answers
 * with may not be hosted yet when Activate arrives. A startd's {@code _exception} answer fails
 * the call with the {@link ScheddFailure} its code stands for ({@link ScheddFailures#fromStartd}).
 */
final class BusStartds implements Startds {
    private final Console console;
    private final AgentName scheduler;
    private final Duration timeout;
    private final Path spool;

    BusStartds(Console console, AgentName scheduler, Duration timeout) {
        this(console, scheduler, timeout, null);
    }

    /**
     * With {@code spool} (null: none), the Activate ad carries {@code SpoolDir}, the absolute
     * spool directory, where a startd sharing this file system saves checkpoints
     * (docs/protocols.md, "Checkpoints and vacate"); the queued ad does not.
     */
    BusStartds(Console console, AgentName scheduler, Duration timeout, Path spool) {
        this.console = console;
        this.scheduler = scheduler;
        this.timeout = timeout;
        this.spool = spool == null ? null : spool.toAbsolutePath();
    }

    @Override
    public CompletableFuture<ClaimGrant> claim(SlotRef slot, ClassAd request, boolean preempt) {
        return answer(console.call(slot.agent(), slot.slot(), new ClaimSlot(request, scheduler.name(), preempt), timeout))
                .thenApply(granted -> grant(slot, granted));
    }

    /** The claim on the dynamic slot the startd carved (its Name or object name), or on the matched slot when it names none. */
    private static ClaimGrant grant(SlotRef matched, ClaimSlot.Granted granted) {
        String carved = granted.slot().isEmpty() ? matched.slot().key() : Matched.slotId(granted.slot()).key();
        return new ClaimGrant(granted.claimId(), matched, carved);
    }

    @Override
    public CompletableFuture<Boolean> activate(ClaimGrant claim, JobId id, ClassAd job) {
        return call(claim, new Activate(claim.claimId(), id.toString(), sent(job))).thenApply(Activate.Started::started);
    }

    @Override
    public CompletableFuture<QueuedAnswer> activateQueued(ClaimGrant claim, List<QueuedJob> jobs) {
        QueuedJob first = jobs.get(0);
        List<Activate.Next> more = jobs.subList(1, jobs.size()).stream()
                .map(j -> new Activate.Next(j.id().toString(), sent(j.job()))).toList();
        return call(claim, new Activate(claim.claimId(), first.id().toString(), sent(first.job()), true, more))
                .thenApply(s -> new QueuedAnswer(s.started(), s.queued()));
    }

    private ClassAd sent(ClassAd job) {
        return spool == null ? job : job.with("SpoolDir", new StringValue(spool.toString()));
    }

    @Override
    public CompletableFuture<Void> deactivate(ClaimGrant claim, JobId id) {
        return done(claim, new Deactivate(claim.claimId(), id.toString()));
    }

    @Override
    public CompletableFuture<Void> suspend(ClaimGrant claim, JobId id) {
        return done(claim, new SuspendClaim(claim.claimId(), id.toString()));
    }

    @Override
    public CompletableFuture<Void> resume(ClaimGrant claim, JobId id) {
        return done(claim, new ContinueClaim(claim.claimId(), id.toString()));
    }

    @Override
    public CompletableFuture<Void> release(ClaimGrant claim) {
        return done(claim, new ReleaseClaim(claim.claimId()));
    }

    @Override
    public CompletableFuture<Void> vacate(ClaimGrant claim, JobId id) {
        return call(claim, new Vacate(claim.claimId(), id.toString())).thenApply(v -> null);
    }

    @Override
    public CompletableFuture<Void> alive(ClaimGrant claim) {
        return done(claim, new Alive(claim.claimId()));
    }

    private <R> CompletableFuture<R> call(ClaimGrant claim, Request<R> request) {
        return answer(console.call(claim.slot().agent(), claim.slot().slot(), request, timeout));
    }

    /** {@code call}'s result, its failure as the scheduler's core reads a startd's answer. */
    private static <R> CompletableFuture<R> answer(CompletableFuture<R> call) {
        CompletableFuture<R> out = new CompletableFuture<>();
        call.whenComplete((value, failure) -> {
            if (failure == null) {
                out.complete(value);
            } else {
                out.completeExceptionally(ScheddFailures.fromStartd(failure));
            }
        });
        return out;
    }

    private CompletableFuture<Void> done(ClaimGrant claim, Request<Done> request) {
        return call(claim, request).thenApply(d -> null);
    }
}
