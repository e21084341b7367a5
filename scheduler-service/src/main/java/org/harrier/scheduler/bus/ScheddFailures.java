package org.harrier.scheduler.bus;

import org.harrier.bus.QmfException;
import org.harrier.protocol.Completions;
import org.harrier.protocol.FailureCode;
import org.harrier.scheduler.ScheddFailure;

/**
 * The scheduler's one translation between its failures and QMF {@code _exception} answers
 * (docs/protocols.md): each {@link ScheddFailure} kind has its code and keeps its message, both
 * when the scheduler answers a caller ({@link #toQmf}) and when it reads a startd's answer
 * ({@link #fromStartd}); anything else is a failure no rule names, code 7 with its type and
 * message.
 */
final class ScheddFailures {
    private ScheddFailures() {
    }

    /**
     * {@code failure} (already unwrapped) as the QmfException a caller is answered with; the
     * method table has passed a QmfException through and answered an IllegalArgumentException
     * (a bad argument) as BAD_PARAMETER before it asks.
     */
    static QmfException toQmf(Throwable failure) {
        if (failure instanceof ScheddFailure f) {
            return new QmfException(code(f), f.getMessage());
        }
        return QmfException.unexpected(failure);
    }

    static FailureCode code(ScheddFailure f) {
        if (f instanceof ScheddFailure.Invalid) {
            return FailureCode.BAD_PARAMETER;
        }
        if (f instanceof ScheddFailure.UnknownJob || f instanceof ScheddFailure.UnknownSlot) {
            return FailureCode.UNKNOWN_OBJECT;
        }
        if (f instanceof ScheddFailure.WrongState) {
            return FailureCode.WRONG_STATE;
        }
        if (f instanceof ScheddFailure.Refused) {
            return FailureCode.FORBIDDEN;
        }
        if (f instanceof ScheddFailure.TransferFailed) {
            return FailureCode.TRANSFER_FAILED;
        }
        if (f instanceof ScheddFailure.ClaimRefused) {
            return FailureCode.CLAIM_REFUSED;
        }
        if (f instanceof ScheddFailure.UnknownClaim) {
            return FailureCode.UNKNOWN_CLAIM;
        }
        if (f instanceof ScheddFailure.Preempting) {
            return FailureCode.PREEMPTING;
        }
        return FailureCode.EXCEPTION;
    }

    /**
     * What a startd call failed with, as the scheduler's core sees it: an {@code _exception}
     * answer as the kind its code stands for, with the startd's message (a code this version does
     * not know, or a method the startd does not have, as {@link ScheddFailure.Unavailable}: the
     * startd did not do its part); no answer at all (the bus's own failure: no reply in time, the
     * connection lost) as it is.
     */
    static Throwable fromStartd(Throwable failure) {
        Throwable cause = Completions.cause(failure);
        if (!(cause instanceof QmfException answer)) {
            return cause;
        }
        String message = answer.getMessage();
        FailureCode code = answer.failureCode();
        return switch (code == null ? FailureCode.EXCEPTION : code) {
            case CLAIM_REFUSED -> new ScheddFailure.ClaimRefused(message);
            case UNKNOWN_CLAIM -> new ScheddFailure.UnknownClaim(message);
            case WRONG_STATE -> new ScheddFailure.WrongState(message);
            case PREEMPTING -> new ScheddFailure.Preempting(message);
            case UNKNOWN_OBJECT -> new ScheddFailure.UnknownSlot(message);
            case BAD_PARAMETER -> new ScheddFailure.Invalid(message);
            case FORBIDDEN -> new ScheddFailure.Refused(message);
            case TRANSFER_FAILED -> new ScheddFailure.TransferFailed(message);
            case UNKNOWN_METHOD, NOT_IMPLEMENTED, EXCEPTION -> new ScheddFailure.Unavailable(message);
        };
    }
}
