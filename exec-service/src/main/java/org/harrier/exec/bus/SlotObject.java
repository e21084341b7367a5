package org.harrier.exec.bus;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

import org.harrier.bus.ManagedObject;
import org.harrier.bus.MethodTable;
import org.harrier.bus.QmfException;
import org.harrier.classad.ClassAd;
import org.harrier.exec.RunStarted;
import org.harrier.exec.Startd;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.FailureCode;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.Request;
import org.harrier.protocol.method.Done;
import org.harrier.exec.run.QueuedActivations;
import org.harrier.protocol.slot.Activate;
import org.harrier.protocol.slot.Alive;
import org.harrier.protocol.slot.ClaimSlot;
import org.harrier.protocol.slot.ContinueClaim;
import org.harrier.protocol.slot.Deactivate;
import org.harrier.protocol.slot.MatchNotice;
import org.harrier.protocol.slot.ReleaseClaim;
import org.harrier.protocol.slot.SuspendClaim;
import org.harrier.protocol.slot.Vacate;
import org.harrier.rules.Caller;
import org.harrier.rules.Permission;

/**
 * A {@code slot} managed object: its values are the slot's machine ad in the native map form
 * (docs/protocols.md "Ads on the wire"), its methods the startd's claim protocol, one handler
 * per slot method record, each failure answered through {@link StartdFailures}. Claim carves
 * from the partitionable slot; on a dynamic slot only a preempting Claim ({@code Preempt}) is
 * taken, and it evicts the slot's job (see {@link Startd#preempt}). Vacate evicts jobs (see
 * {@link #vacate}); Match is the negotiator's match notice (see {@link #match}). Activate,
 * Deactivate, Suspend, Continue, Release and Alive name their claim by ClaimId and are accepted
 * on any slot object of the startd. Only a scheduler (broker role schedd) may call the claim
 * methods, only the negotiator Match, only an administrator Vacate of a whole slot (condor_vacate);
 * an administrator may call any; anyone else is answered forbidden (docs/protocols.md, "Authorisation").
 *
 * <p>Threads: {@link #values()} is read by the agent's threads from a volatile snapshot the
 * startd's owner thread replaces ({@link #update}, the only writer); the handlers run on the
 * agent's dispatch thread and only hand work to the {@link Startd}, whose futures complete on
 * its owner thread.
 */
final class SlotObject implements ManagedObject {
    private final ObjectId id;
    private final boolean partitionable;
    private final Startd startd;
    private final MethodTable methods;
    private volatile NativeAd ad;

    SlotObject(String name, boolean partitionable, Startd startd, ClassAd ad) {
        this.id = ObjectId.grid("slot", name);
        this.partitionable = partitionable;
        this.startd = startd;
        this.ad = NativeAd.of(ad);
        this.methods = new MethodTable("slot", StartdFailures::toQmf)
                .on(ClaimSlot.METHOD, only(Caller.SCHEDD, ClaimSlot.METHOD, (q, c) -> claim(q)))
                .on(Activate.METHOD, only(Caller.SCHEDD, Activate.METHOD,
                        (q, c) -> q.queue() ? startd.activateQueued(q.claimId(), queued(q)).thenApply(SlotObject::queuedReport)
                                : startd.activate(q.claimId(), q.id(), q.job()).thenApply(SlotObject::startReport)))
                .on(Deactivate.METHOD, only(Caller.SCHEDD, Deactivate.METHOD, (q, c) -> done(startd.deactivate(q.claimId(), q.id()))))
                .on(SuspendClaim.METHOD, only(Caller.SCHEDD, SuspendClaim.METHOD, (q, c) -> done(startd.suspend(q.claimId(), q.id()))))
                .on(ContinueClaim.METHOD, only(Caller.SCHEDD, ContinueClaim.METHOD, (q, c) -> done(startd.resume(q.claimId(), q.id()))))
                .on(ReleaseClaim.METHOD, only(Caller.SCHEDD, ReleaseClaim.METHOD, (q, c) -> done(startd.release(q.claimId()))))
                .on(Alive.METHOD, only(Caller.SCHEDD, Alive.METHOD, (q, c) -> done(startd.alive(q.claimId()))))
                .on(Vacate.METHOD, (q, c) -> {
                    Caller caller = Caller.of(c.userId(), c.roles());
                    require(q.wholeSlot() ? caller.mayAdminister("Vacate of a whole slot") : caller.mayActAs(Caller.SCHEDD, "Vacate"));
                    return vacate(q);
                })
                .on(MatchNotice.METHOD, only(Caller.NEGOTIATOR, MatchNotice.METHOD, (q, c) -> match(q)));
    }

    /** {@code handler}, served only to daemon {@code role} (or an administrator); anyone else is answered forbidden. */
    private static <Q extends Request<R>, R> MethodTable.Handler<Q, R> only(String role, Method<Q, R> method,
            MethodTable.Handler<Q, R> handler) {
        return (q, c) -> {
            require(Caller.of(c.userId(), c.roles()).mayActAs(role, method.name()));
            return handler.handle(q, c);
        };
    }

    private static void require(Permission p) {
        if (!p.granted()) {
            throw new QmfException(FailureCode.FORBIDDEN, p.refusal());
        }
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        return ad.values();
    }

    @Override
    public MethodTable methods() {
        return methods;
    }

    /**
     * Replaces the advertised ad; true if it differs from the last one. Owner thread only: the
     * native form is made from the last ad's ({@link NativeAd#next}), converting only what changed.
     */
    boolean update(ClassAd next) {
        NativeAd was = ad;
        ad = was.next(next);
        return ad != was;
    }

    private static List<QueuedActivations.Job> queued(Activate q) {
        return q.jobs().stream().map(n -> new QueuedActivations.Job(n.id(), n.job())).toList();
    }

    /** A queued Activate's answer: the first job's start if it started at once, and how many jobs are queued. */
    private static Activate.Started queuedReport(QueuedActivations.Outcome o) {
        RunStarted s = o.started();
        return new Activate.Started(s != null, s == null ? null : s.remoteHost(), o.queued());
    }

    private static Activate.Started startReport(RunStarted started) {
        return started == null ? Activate.Started.NOT_STARTED : new Activate.Started(true, started.remoteHost());
    }

    /**
     * Vacate(ClaimId, Id): the scheduler's condor_vacate_job of one job on its claim. Vacate()
     * with neither: condor_vacate of this slot, every job on it (all of the startd's on the
     * partitionable slot); answers Ids, the jobs vacated.
     */
    private CompletionStage<Vacate.Vacated> vacate(Vacate q) {
        if (!q.wholeSlot()) {
            return startd.vacate(q.claimId(), q.id()).thenApply(v -> new Vacate.Vacated(List.of(q.id())));
        }
        return startd.vacateSlot(id.key()).thenApply(Vacate.Vacated::new);
    }

    /**
     * Match(Scheduler, RequestId): the negotiator's notice (NEGOTIATOR_INFORM_STARTD) that Scheduler,
     * an agent name, was matched with this partitionable slot; answers Taken (false while the
     * owner has the slot). Anything else is refused with a clear error and changes nothing
     * (RequestId is only informational).
     */
    private CompletionStage<MatchNotice.Taken> match(MatchNotice q) {
        if (!partitionable) {
            throw new StartdFailure.WrongState("a match notice names the partitionable slot; "
                    + id.key() + " is a dynamic slot of " + values().get("ParentSlotName"));
        }
        try {
            AgentName.parse(q.scheduler());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Scheduler: " + e.getMessage());
        }
        return startd.matches().notice(q.scheduler()).thenApply(MatchNotice.Taken::new);
    }

    private CompletionStage<ClaimSlot.Granted> claim(ClaimSlot q) {
        if (!partitionable && q.preempt()) {
            // Always fails: PREEMPTING once the eviction is under way (docs/protocols.md).
            return startd.preempt(id.key()).thenApply(SlotObject::neverGranted);
        }
        if (!partitionable) {
            throw new StartdFailure.ClaimRefused("claim refused: " + id.key() + " is a dynamic slot; claim "
                    + values().get("ParentSlotName"));
        }
        return startd.claim(q.request(), q.scheduler()).thenApply(g -> new ClaimSlot.Granted(g.claimId(), g.slot().name()));
    }

    /** {@link Startd#preempt} fails whatever it does; a preempting claim is never granted. */
    private static ClaimSlot.Granted neverGranted(Void evicting) {
        throw new IllegalStateException("a preempting claim is never granted, yet the eviction did not fail");
    }

    private static CompletionStage<Done> done(CompletionStage<Void> call) {
        return call.thenApply(v -> Done.DONE);
    }
}
