package org.harrier.exec.bus;

import org.harrier.bus.QmfException;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.protocol.FailureCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place a {@link StartdFailure} becomes a QMF {@code _exception}: each kind has the
 * error code docs/protocols.md gives the claim protocol, and the same message. It is the slot
 * objects' {@link org.harrier.bus.MethodTable} translation.
 */
final class StartdFailures {
    private static final Logger log = LoggerFactory.getLogger(StartdFailures.class);

    private StartdFailures() {
    }

    /**
     * {@code failure} (already unwrapped) as the QmfException the caller is answered with; the
     * method table has passed a QmfException through and answered an IllegalArgumentException
     * (a bad argument) as BAD_PARAMETER before it asks. Anything else is a bug, answered with
     * code 7 and logged here with its stack: the agent logs only failures that reach it untranslated.
     */
    static QmfException toQmf(Throwable failure) {
        if (failure instanceof StartdFailure f) {
            return new QmfException(code(f), f.getMessage());
        }
        log.warn("a slot method failed unexpectedly", failure);
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
