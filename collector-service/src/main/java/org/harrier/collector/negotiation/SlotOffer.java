package org.harrier.collector.negotiation;

import org.harrier.rules.Resources;

import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Coercion;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;

/**
 * A slot ad as the negotiator sees it: the object (its name goes into {@code Matched} as
 * {@code Slot}), the startd agent to claim it from, and the ad.
 */
public record SlotOffer(ObjectId id, AgentName startd, ClassAd ad) {
    public SlotOffer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(startd, "startd");
        Objects.requireNonNull(ad, "ad");
    }

    /** SlotType == "Partitionable": carves a dynamic slot per claim instead of being claimed whole. */
    public boolean partitionable() {
        return "Partitionable".equalsIgnoreCase(text("SlotType"));
    }

    public String state() {
        return text("State");
    }

    /**
     * Whether the negotiator offers this slot at all: an Unclaimed slot, or a partitionable slot
     * with a core left, or whose consumption policy may take none (it stays open for more claims
     * while it has resources, whatever State its
     * claims give it) unless its owner has it (State Owner: START is false, so HTCondor does not
     * offer it, and the exec-service advertises exactly that).
     */
    public boolean available() {
        if (partitionable()) {
            return (Resources.advertisedBy(ad).cpus() > 0 || consumesCpusByPolicy()) && !"Owner".equalsIgnoreCase(state());
        }
        return "Unclaimed".equalsIgnoreCase(state());
    }

    /**
     * Whether a consumption policy decides how many cores a match takes here (ConsumptionCpus):
     * it may take none, so a partitionable slot without a core left can still take jobs, and its
     * Requirements (WithinResourceLimits) decide.
     */
    boolean consumesCpusByPolicy() {
        return ad.contains("ConsumptionCpus");
    }

    /**
     * A slot running someone's job, which a better job could preempt: Claimed (not while it is
     * already Preempting), not partitionable, with the RemoteUser its claim advertises.
     */
    public boolean runningJob() {
        return !partitionable() && "Claimed".equalsIgnoreCase(state()) && remoteUser() != null;
    }

    /**
     * Whether some job could preempt the one this running slot has (the planner's two reasons,
     * {@link Preemption}): priority preemption is configured at all, or the slot's Rank is an
     * expression (it may rank another job higher) or a constant above its {@code CurrentRank}.
     * A slot without Rank, or with a constant Rank its running job already gets, never yields.
     * The planner takes only such slots as preemption candidates ({@code Negotiation}), and the
     * negotiator counts them as room for new work ({@code CycleTrigger}): one rule for both.
     */
    public boolean preemptible(Preemption rules) {
        if (rules.priorityPreemptionPossible()) {
            return true;
        }
        Expr rank = ad.lookup("Rank");
        if (rank == null) {
            return false;
        }
        if (!(rank instanceof Value constant)) {
            return true;
        }
        double d = Coercion.toDouble(constant);
        return (Double.isNaN(d) ? 0 : d) > currentRank();
    }

    /** The submitter of the job this slot runs (its claim's RemoteUser), or null. */
    public String remoteUser() {
        return text("RemoteUser");
    }

    /** The running job's ConcurrencyLimits, or null. */
    public String concurrencyLimits() {
        return text("ConcurrencyLimits");
    }

    /** The slot's Rank of the job it runs ({@code CurrentRank}); 0 when it does not say. */
    public double currentRank() {
        Value v = ad.evaluate("CurrentRank");
        return v instanceof org.harrier.classad.IntegerValue i ? i.value()
                : v instanceof org.harrier.classad.RealValue r && !Double.isNaN(r.value()) ? r.value() : 0;
    }

    /** Whether the pool counts this slot at all: anything but a slot its owner is using. */
    public boolean inPool() {
        return !"Owner".equalsIgnoreCase(state());
    }

    /**
     * What this slot weighs in fair share (HTCondor's SLOT_WEIGHT): its {@code SlotWeight} if
     * that is a non-negative number, else its Cpus, else 1.
     */
    public double weight() {
        return weightOf(ad);
    }

    static double weightOf(ClassAd ad) {
        Value v = ad.evaluate("SlotWeight");
        if (v instanceof org.harrier.classad.IntegerValue i && i.value() >= 0) {
            return i.value();
        }
        if (v instanceof org.harrier.classad.RealValue r && r.value() >= 0) {
            return r.value();
        }
        Value cpus = ad.evaluate("Cpus");
        return cpus instanceof org.harrier.classad.IntegerValue c && c.value() >= 0 ? c.value() : 1;
    }

    private String text(String attribute) {
        Value v = ad.evaluate(attribute);
        return v instanceof StringValue s ? s.value() : null;
    }
}
