package org.harrier.exec.claim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;

/**
 * The slot and its claims: applies {@link Carving}'s decisions to the {@link PartitionableSlot}
 * and keeps which claim id holds which dynamic slot.
 *
 * <p>Not thread-safe: a {@link ClaimTable}'s own, changed only while one of its transitions makes a
 * new table from a {@link #copy} (on the startd's owner thread). Every method
 * either changes the state completely or throws and changes nothing.
 */
public final class ClaimBook {
    private final Supplier<String> claimIds;
    private final Map<String, String> slotByClaim = new HashMap<>();
    /**
     * Each claim's last activations that ran a job, newest last, each the job id and the
     * NumJobStarts its ad carried: as many as a claim holds queued, and one more (immutable lists).
     */
    private final Map<String, List<String>> lastRuns = new HashMap<>();
    /** The most activations a scheduler may queue behind a claim's running job (docs/protocols.md, "Queued activations"). */
    public static final int QUEUED_AT_MOST = 16;
    private static final int RUNS_REMEMBERED = QUEUED_AT_MOST + 1;
    private final Map<ClaimVerdict.Refusal, Long> refusals = new HashMap<>();
    private final SlotPolicy policy;
    private PartitionableSlot slot;

    public ClaimBook(PartitionableSlot slot, Supplier<String> claimIds) {
        this(slot, claimIds, SlotPolicy.DEFAULT);
    }

    public ClaimBook(PartitionableSlot slot, Supplier<String> claimIds, SlotPolicy policy) {
        this.slot = Objects.requireNonNull(slot, "slot");
        this.claimIds = Objects.requireNonNull(claimIds, "claimIds");
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * A book with this one's claims, runs and refusal counts, changed independently of it (the
     * id source is shared: ids stay unique). {@link ClaimTable}'s transitions change a copy and
     * leave the table they were called on as it was.
     */
    public ClaimBook copy() {
        ClaimBook c = new ClaimBook(slot, claimIds, policy);
        c.slotByClaim.putAll(slotByClaim);
        c.lastRuns.putAll(lastRuns);
        c.refusals.putAll(refusals);
        return c;
    }

    /** The owner's Rank and MaxJobRetirementTime, for the ads and for preemption. */
    public SlotPolicy policy() {
        return policy;
    }

    /** The granted claim: its secret id and the dynamic slot carved for it. */
    public record Grant(String claimId, DynamicSlot slot) {
    }

    public PartitionableSlot slot() {
        return slot;
    }

    /** Claims refused so far, per reason (why jobs stayed idle). */
    public Map<ClaimVerdict.Refusal, Long> refusals() {
        return Map.copyOf(refusals);
    }

    /** Carves a dynamic slot for {@code request}; ClaimRefused with the reason if it cannot. */
    public Grant claim(ClassAd request, String scheduler, EvalContext context) {
        return claim(request, scheduler, Measurements.NONE, context);
    }

    /** As {@link #claim(ClassAd, String, EvalContext)}, START judged with the machine as {@code measured}. */
    public Grant claim(ClassAd request, String scheduler, Measurements measured, EvalContext context) {
        ClaimVerdict verdict = Carving.decide(slot, measured, request, context);
        if (verdict instanceof ClaimVerdict.Refuse refuse) {
            refusals.merge(refuse.kind(), 1L, Long::sum);
            throw new StartdFailure.ClaimRefused("claim refused: " + refuse.reason());
        }
        Resources resources = ((ClaimVerdict.Carve) verdict).resources();
        String id = claimIds.get();
        if (slotByClaim.containsKey(id)) {
            throw new IllegalStateException("claim id generator repeated an id");
        }
        PartitionableSlot.Carved carved = slot.carve(resources, scheduler, owner(request), context.now());
        DynamicSlot d = carved.dynamicSlot().withClaim(ClaimAttributes.claimedFor(request, owner(request)), context.now());
        slot = carved.slot().with(d);
        slotByClaim.put(id, d.name());
        return new Grant(id, d);
    }

    private static String owner(ClassAd request) {
        Value v = request.evaluate("Owner");
        return v instanceof StringValue s ? s.value() : "";
    }

    /** The dynamic slot of {@code claimId}; UnknownClaim if there is none. */
    public DynamicSlot claimed(String claimId) {
        String name = slotByClaim.get(claimId);
        if (name == null) {
            throw new StartdFailure.UnknownClaim("unknown claim on " + slot.name()
                    + " (released, or never granted here)");
        }
        return slot.dynamicSlots().get(name);
    }

    public boolean holds(String claimId) {
        return slotByClaim.containsKey(claimId);
    }

    /**
     * Records that job {@code jobId} runs on the claim, with the claim attributes it brings:
     * JobStart now, CurrentRank (the slot's Rank of the job), ConcurrencyLimits, and the
     * retirement times preemption will honour.
     */
    public DynamicSlot running(String claimId, String jobId, ClassAd job, EvalContext context) {
        DynamicSlot d = claimed(claimId);
        // The slot's ad only when an expression may read it: building it was a whole ad per job start.
        ClassAd slotAd = policy.readsSlotAd(job) ? SlotAds.dynamic(slot, d) : ClassAd.EMPTY;
        ClaimAttributes.Job attributes = new ClaimAttributes.Job(context.now(), policy.rankOf(slotAd, job, context),
                ClaimAttributes.string(job, "ConcurrencyLimits"), policy.retirementOf(slotAd, job, context),
                SlotPolicy.jobRetirementOf(job, slotAd, context));
        d = d.running(jobId, context.now()).withClaim(d.claim().running(attributes), context.now());
        slot = slot.with(d);
        List<String> runs = new ArrayList<>(lastRuns.getOrDefault(claimId, List.of()));
        runs.add(activation(jobId, job));
        lastRuns.put(claimId, List.copyOf(runs.subList(Math.max(0, runs.size() - RUNS_REMEMBERED), runs.size())));
        return d;
    }

    /**
     * True when one of the claim's last runs was this very activation: job {@code jobId} with the
     * same NumJobStarts in its ad. A scheduler sends such an Activate again only after it restarted in
     * its activation window, not knowing the first arrived; the job ran (and may have ended, its
     * exit report on its way), so it must not run again (docs/protocols.md, "Scheduler restart").
     */
    public boolean ranLately(String claimId, String jobId, ClassAd job) {
        return lastRuns.getOrDefault(claimId, List.of()).contains(activation(jobId, job));
    }

    private static String activation(String jobId, ClassAd job) {
        return jobId + "#" + (job.evaluate("NumJobStarts") instanceof org.harrier.classad.IntegerValue n ? n.value() : 0);
    }

    /** Marks the claim's running job as retiring or vacating (its claim is being preempted). */
    public DynamicSlot evicting(String claimId, ClaimAttributes.Eviction stage, long now) {
        DynamicSlot d = claimed(claimId);
        d = d.withClaim(d.claim().evicting(stage), now);
        slot = slot.with(d);
        return d;
    }

    /** Marks the claim's running job as stopped (activity Suspended) or running again (Busy). */
    public DynamicSlot suspended(String claimId, boolean stopped, long now) {
        DynamicSlot d = claimed(claimId);
        d = d.withClaim(d.claim().suspending(stopped), now);
        slot = slot.with(d);
        return d;
    }

    /** The claim holding dynamic slot {@code slotName}, or null when no claim holds it. */
    public String claimOf(String slotName) {
        for (Map.Entry<String, String> e : slotByClaim.entrySet()) {
            if (e.getValue().equals(slotName)) {
                return e.getKey();
            }
        }
        return null;
    }

    /** Records that the claim's job has ended (activity Idle, the claim kept for the next job). */
    public DynamicSlot idle(String claimId, long now) {
        DynamicSlot d = claimed(claimId).idle(now);
        slot = slot.with(d);
        return d;
    }

    /** Gives the claim's resources back; UnknownClaim if there is no such claim. */
    public DynamicSlot release(String claimId) {
        DynamicSlot d = claimed(claimId);
        slot = slot.release(d.name());
        slotByClaim.remove(claimId);
        lastRuns.remove(claimId);
        return d;
    }

    /**
     * Follows a re-detection of the machine (see {@link PartitionableSlot#resized}); true if the
     * slot changed.
     */
    public boolean resize(Machine detected) {
        PartitionableSlot next = slot.resized(detected);
        boolean changed = next != slot;
        slot = next;
        return changed;
    }

    /** Claim ids currently held, for shutting down. */
    public Iterable<String> claimIds() {
        return Map.copyOf(slotByClaim).keySet();
    }
}
