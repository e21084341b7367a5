package org.harrier.exec.bus;

import org.harrier.bus.QmfException;
import org.harrier.exec.run.transfer.SchedulerFailure;
import org.harrier.protocol.Completions;
import org.harrier.protocol.FailureCode;

/**
 * The one translation of what a starter's call on its scheduler failed with into the starter's
 * {@link SchedulerFailure} kinds: each QMF code the scheduler answers (docs/protocols.md, "File
 * transfer" and "Errors") is one kind, with the scheduler's message; a failure of the bus (no
 * answer in time, no broker, an answer that cannot be read) is {@code Unavailable} with its own.
 * The sibling of {@link StartdFailures}, which translates the other way.
 */
final class SchedulerFailures {
    private SchedulerFailures() {
    }

    static SchedulerFailure fromBus(Throwable failure) {
        Throwable cause = Completions.cause(failure);
        if (cause instanceof SchedulerFailure f) {
            return f;
        }
        if (!(cause instanceof QmfException q)) {
            return new SchedulerFailure.Unavailable(cause.getMessage());
        }
        FailureCode code = q.failureCode();
        String message = q.getMessage();
        if (code == null) {
            return new SchedulerFailure.Unavailable(message);
        }
        return switch (code) {
            case TRANSFER_FAILED -> new SchedulerFailure.TransferFailed(message);
            case FORBIDDEN -> new SchedulerFailure.Forbidden(message);
            case UNKNOWN_OBJECT, UNKNOWN_CLAIM, WRONG_STATE -> new SchedulerFailure.NotOnClaim(message);
            case BAD_PARAMETER -> new SchedulerFailure.Invalid(message);
            default -> new SchedulerFailure.Unavailable(message);
        };
    }
}
