package org.harrier.exec.claim;

import java.util.Objects;

import org.harrier.rules.Resources;

/**
 * What {@link Carving} decided about a claim request: carve these resources, or refuse for a
 * reason. Refusing is a result, not an exception, so callers can count refusals per
 * {@link Refusal} kind and say why a job stays idle.
 */
public sealed interface ClaimVerdict {

    record Carve(Resources resources) implements ClaimVerdict {
        public Carve {
            Objects.requireNonNull(resources, "resources");
        }
    }

    record Refuse(Refusal kind, String reason) implements ClaimVerdict {
        public Refuse {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Why a claim was refused. */
    enum Refusal {
        /** A RequestCpus/RequestMemory/RequestDisk that is not a usable number. */
        BAD_REQUEST,
        /** The request is larger than what the partitionable slot has left. */
        DOES_NOT_FIT,
        /** The slot's Requirements (START && WithinResourceLimits) are not true for the job. */
        REQUIREMENTS_NOT_MET
    }
}
