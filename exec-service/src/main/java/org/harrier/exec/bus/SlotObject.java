package org.harrier.exec.bus;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.harrier.classad.ClassAd;
import org.harrier.exec.JobStarted;
import org.harrier.exec.Startd;
import org.harrier.protocol.AdMaps;
import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;

/**
 * A {@code slot} managed object: its values are the slot's machine ad in the native map form
 * (docs/protocols.md "Ads on the wire"), its methods the startd's claim protocol. Claim carves
 * from the partitionable slot; on a dynamic slot only a preempting Claim ({@code Preempt}) is
 * taken, and it evicts the slot's job (see {@link Startd#preempt}). Vacate evicts jobs (see
 * {@link #vacate}); Match is the negotiator's match notice (see {@link #match}). Activate, Deactivate, Suspend, Continue, Release and Alive
 * name their claim by ClaimId and are accepted on any slot object of the startd.
 *
 * <p>Threads: {@link #values()} is read by the agent's threads from a volatile snapshot the
 * startd's owner thread replaces; {@link #invoke} runs on the agent's dispatch thread and only
 * hands work to the {@link Startd}, whose futures complete on its owner thread.
 */
final class SlotObject implements ManagedObject {
    private final ObjectId id;
    private final boolean partitionable;
    private final Startd startd;
    private volatile Map<String, Object> values;

    SlotObject(String name, boolean partitionable, Startd startd, ClassAd ad) {
        this.id = ObjectId.grid("slot", name);
        this.partitionable = partitionable;
        this.startd = startd;
        this.values = AdMaps.toNative(ad);
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        return values;
    }

    /** Replaces the advertised ad; true if it differs from the last one. */
    boolean update(ClassAd ad) {
        Map<String, Object> next = AdMaps.toNative(ad);
        if (next.equals(values)) {
            return false;
        }
        values = next;
        return true;
    }

    @Override
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
        try {
            // The startd's futures fail with StartdFailure; the wire answer is its QMF code.
            return StartdFailures.translated(switch (method) {
                case "Claim" -> claim(arguments);
                case "Activate" -> startd.activate(string(arguments, "ClaimId"), string(arguments, "Id"),
                        ad(arguments, "Job")).thenApply(SlotObject::startReport);
                case "Deactivate" -> startd.deactivate(string(arguments, "ClaimId"), string(arguments, "Id"))
                        .thenApply(v -> Map.of());
                case "Suspend" -> startd.suspend(string(arguments, "ClaimId"), string(arguments, "Id"))
                        .thenApply(v -> Map.of());
                case "Continue" -> startd.resume(string(arguments, "ClaimId"), string(arguments, "Id"))
                        .thenApply(v -> Map.of());
                case "Release" -> startd.release(string(arguments, "ClaimId")).thenApply(v -> Map.of());
                case "Alive" -> startd.alive(string(arguments, "ClaimId")).thenApply(v -> Map.of());
                case "Vacate" -> vacate(arguments);
                case "Match" -> match(arguments);
                default -> ManagedObject.super.invoke(method, arguments, caller);
            });
        } catch (QmfException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Activate's answer is the start report: Started, and RemoteHost (the dynamic slot) when it did. */
    private static Map<String, Object> startReport(JobStarted started) {
        return started == null ? Map.of("Started", false)
                : Map.of("Started", true, "RemoteHost", started.remoteHost());
    }

    /**
     * Vacate(ClaimId, Id): the scheduler's condor_vacate_job of one job on its claim. Vacate()
     * with neither: condor_vacate of this slot, every job on it (all of the startd's on the
     * partitionable slot); answers Ids, the jobs vacated.
     */
    private CompletionStage<Map<String, Object>> vacate(Map<String, Object> arguments) {
        if (arguments.containsKey("ClaimId") || arguments.containsKey("Id")) {
            String jobId = string(arguments, "Id");
            return startd.vacate(string(arguments, "ClaimId"), jobId)
                    .thenApply(v -> Map.<String, Object>of("Ids", java.util.List.of(jobId)));
        }
        return startd.vacateSlot(id.key()).thenApply(ids -> Map.<String, Object>of("Ids", java.util.List.copyOf(ids)));
    }

    /**
     * Match(Scheduler, RequestId): the negotiator's notice (NEGOTIATOR_INFORM_STARTD) that Scheduler,
     * an agent name, was matched with this partitionable slot; answers Taken (false while the
     * owner has the slot). Anything else is refused with a clear error and changes nothing (the
     * schema has already checked the argument types; RequestId is only informational).
     */
    private CompletionStage<Map<String, Object>> match(Map<String, Object> arguments) {
        if (!partitionable) {
            throw new QmfException(QmfException.WRONG_STATE, "a match notice names the partitionable slot; "
                    + id.key() + " is a dynamic slot of " + values.get("ParentSlotName"));
        }
        String scheduler = string(arguments, "Scheduler");
        try {
            org.harrier.protocol.AgentName.parse(scheduler);
        } catch (IllegalArgumentException e) {
            throw QmfException.badParameter("Scheduler: " + e.getMessage());
        }
        return startd.matches().notice(scheduler).thenApply(taken -> Map.<String, Object>of("Taken", taken));
    }

    private CompletionStage<Map<String, Object>> claim(Map<String, Object> arguments) {
        if (!partitionable && Boolean.TRUE.equals(arguments.get("Preempt"))) {
            // Always fails: PREEMPTING once the eviction is under way (docs/protocols.md).
            return startd.preempt(id.key()).thenApply(v -> Map.of());
        }
        if (!partitionable) {
            String parent = String.valueOf(values.get("ParentSlotName"));
            throw new QmfException(QmfException.CLAIM_REFUSED, "claim refused: " + id.key()
                    + " is a dynamic slot; claim " + parent);
        }
        ClassAd request = ad(arguments, "Request");
        String scheduler = string(arguments, "Scheduler");
        return startd.claim(request, scheduler)
                .thenApply(g -> Map.<String, Object>of("ClaimId", g.claimId(), "Slot", g.slot().name()));
    }

    private static String string(Map<String, Object> arguments, String name) {
        if (!(arguments.get(name) instanceof String s)) {
            throw QmfException.badParameter("argument '" + name + "' is required");
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static ClassAd ad(Map<String, Object> arguments, String name) {
        if (!(arguments.get(name) instanceof Map<?, ?> m)) {
            throw QmfException.badParameter("argument '" + name + "' must be an ad (map)");
        }
        try {
            return AdMaps.toAd((Map<String, ?>) m);
        } catch (IllegalArgumentException e) {
            throw QmfException.badParameter(name + ": " + e.getMessage());
        }
    }
}
