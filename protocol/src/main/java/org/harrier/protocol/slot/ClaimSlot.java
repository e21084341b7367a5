package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code slot.Claim}: carve a dynamic slot for {@code request} (a job ad) on behalf of the
 * scheduler agent {@code scheduler}; {@code preempt} on a claimed slot asks it to evict its job.
 */
public record ClaimSlot(ClassAd request, String scheduler, boolean preempt) implements Request<ClaimSlot.Granted> {
    private static final Arg<ClassAd> REQUEST = Arg.ad("Request");
    private static final Arg<String> SCHEDULER = Arg.sstr("Scheduler");
    private static final Arg<Boolean> PREEMPT = Arg.bool("Preempt").optional();
    static final Arg<String> CLAIM_ID = Arg.sstr("ClaimId");
    private static final Arg<String> SLOT = Arg.sstr("Slot");

    public static final Method<ClaimSlot, Granted> METHOD = Method.<ClaimSlot, Granted>of("slot", "Claim")
            .inputs(REQUEST, SCHEDULER, PREEMPT)
            .outputs(CLAIM_ID, SLOT)
            .request(a -> new ClaimSlot(a.get(REQUEST), a.get(SCHEDULER), a.get(PREEMPT, false)),
                    q -> MethodArguments.writer().put(REQUEST, q.request()).put(SCHEDULER, q.scheduler())
                            .put(PREEMPT, q.preempt() ? Boolean.TRUE : null))
            // A startd that names no Slot granted the claim on the slot that was asked: "" says so.
            .answer(a -> new Granted(a.get(CLAIM_ID), a.has(SLOT) ? a.get(SLOT) : ""),
                    r -> MethodArguments.writer().put(CLAIM_ID, r.claimId()).put(SLOT, r.slot()))
            .build();

    public ClaimSlot {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(scheduler, "scheduler");
    }

    /** The claim's id and the Name (or object name) of the dynamic slot carved for it; empty: the slot claimed. */
    public record Granted(String claimId, String slot) {
        public Granted {
            if (claimId == null || claimId.isEmpty()) {
                throw new IllegalArgumentException("a granted claim has a ClaimId");
            }
            Objects.requireNonNull(slot, "slot");
        }
    }

    @Override
    public Method<ClaimSlot, Granted> method() {
        return METHOD;
    }
}
