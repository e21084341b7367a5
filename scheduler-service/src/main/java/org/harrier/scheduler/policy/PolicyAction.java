package org.harrier.scheduler.policy;

import java.util.Objects;

/**
 * What the periodic policy decides for one job: nothing, or a hold, release or removal with the
 * reason HTCondor would record. {@link Hold} and {@link Remove} are also verdicts at exit.
 */
public sealed interface PolicyAction permits PolicyAction.None, PolicyAction.Hold, PolicyAction.Release,
        PolicyAction.Remove {

    /** No expression fired. */
    enum None implements PolicyAction {
        INSTANCE
    }

    /** Hold with HoldReason, HoldReasonCode (3 JobPolicy, 5 JobPolicyUndefined) and HoldReasonSubCode. */
    record Hold(String reason, int code, int subCode) implements PolicyAction, ExitAction {
        public Hold {
            requireReason(reason);
            if (code < 1) {
                throw new IllegalArgumentException("a hold reason code is positive, got " + code);
            }
        }
    }

    /** Release a held job (periodic_release). */
    record Release(String reason) implements PolicyAction {
        public Release {
            requireReason(reason);
        }
    }

    /** Remove the job (periodic_remove, TimerRemove); RemoveReason is {@code reason}. */
    record Remove(String reason) implements PolicyAction, ExitAction {
        public Remove {
            requireReason(reason);
        }
    }

    private static void requireReason(String reason) {
        if (Objects.requireNonNull(reason, "reason").isBlank()) {
            throw new IllegalArgumentException("a policy action needs a reason");
        }
    }
}
