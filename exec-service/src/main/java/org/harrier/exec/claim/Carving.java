package org.harrier.exec.claim;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Match;
import org.harrier.classad.Value;
import org.harrier.exec.Startd;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;

/**
 * Decides whether a partitionable slot can be claimed for a request, and for how much: a pure
 * function of the slot's state and the request ad (docs/architecture.md), applied by the {@link Startd}.
 *
 * <p>Order of checks, so the reason is the most useful one: the request must name usable
 * amounts; they must fit what is left (checked directly, not only through the ad's
 * WithinResourceLimits, so an owner's odd START can never overcommit); then the slot's
 * Requirements must evaluate to true with the job as TARGET. The job's own Requirements are
 * the negotiator's business, not the startd's (as in HTCondor).
 */
public final class Carving {
    private Carving() {
    }

    /** As {@link #decide(PartitionableSlot, Measurements, ClassAd, EvalContext)} before any measurement. */
    public static ClaimVerdict decide(PartitionableSlot slot, ClassAd request, EvalContext context) {
        return decide(slot, Measurements.NONE, request, context);
    }

    /**
     * {@code measured} is the machine as last polled: the slot's START reads it (KeyboardIdle,
     * LoadAvg, ...) as the negotiator read it in the slot ad, so both judge the same START.
     */
    public static ClaimVerdict decide(PartitionableSlot slot, Measurements measured, ClassAd request, EvalContext context) {
        ClassAd slotAd = measured.advertisedIn(SlotAds.partitionable(slot));
        Resources wanted;
        try {
            wanted = Resources.requestedBy(request, slotAd, context);
        } catch (IllegalArgumentException e) {
            return new ClaimVerdict.Refuse(ClaimVerdict.Refusal.BAD_REQUEST, e.getMessage());
        }
        if (!slot.remaining().covers(wanted)) {
            return new ClaimVerdict.Refuse(ClaimVerdict.Refusal.DOES_NOT_FIT,
                    slot.name() + " " + slot.remaining().shortfall(wanted));
        }
        if (!Match.accepts(slotAd, request, context)) {
            Value start = context.evaluateAttribute("Start", slotAd, request);
            return new ClaimVerdict.Refuse(ClaimVerdict.Refusal.REQUIREMENTS_NOT_MET,
                    slot.name() + " Requirements (START && WithinResourceLimits) are not true for this job;"
                            + " START (" + slot.start().unparse() + ") is " + start.unparse());
        }
        return new ClaimVerdict.Carve(wanted);
    }
}
