package org.harrier.exec.bus;

import org.harrier.bus.QmfException;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.protocol.FailureCode;

/**
 * The one place a {@link StartdFailure} becomes a QMF {@code _exception}: each kind has the
 * error code docs/protocols.md gives the claim protocol, and the same message. It is the slot
 * objects' {@link org.harrier.bus.MethodTable} translation.
 */
final class StartdFailures {
    private StartdFailures() {
    }

    /**
     * {@code failure} (already unwrapped) as the QmfException the caller is answered with; the
     * method table has passed a QmfException through and answered an IllegalArgumentException
     * (a bad argument) as BAD_PARAMETER before it asks. Anything else is a bug, answered with
     * code 7 (the method table logs it with its stack).
     */
    static QmfException toQmf(Throwable failure) {
        if (failure instanceof StartdFailure f) {
            return new QmfException(code(f), f.getMessage());
        }
        return QmfException.unexpected(failure);
    }

    static FailureCode code(StartdFailure failure) {
        if (failure instanceof StartdFailure.ClaimRefused) {
            return FailureCode.CLAIM_REFUSED;
        }
        if (failure instanceof StartdFailure.UnknownClaim) {
            return FailureCode.UNKNOWN_CLAIM;
        }
        if (failure instanceof StartdFailure.WrongState) {
            return FailureCode.WRONG_STATE;
        }
        if (failure instanceof StartdFailure.Preempting) {
            return FailureCode.PREEMPTING;
        }
        if (failure instanceof StartdFailure.UnknownSlot) {
            return FailureCode.UNKNOWN_OBJECT;
        }
        return FailureCode.EXCEPTION;
    }
}
