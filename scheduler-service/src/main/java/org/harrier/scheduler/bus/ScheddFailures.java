package org.harrier.scheduler.bus;

import org.harrier.bus.QmfException;
import org.harrier.protocol.FailureCode;
import org.harrier.scheduler.ScheddFailure;

/**
 * The one translation of the scheduler's failures into QMF {@code _exception} answers
 * (docs/protocols.md): each {@link ScheddFailure} kind has its code and keeps its message;
 * anything else is a failure no rule names, code 7 with its type and message.
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
        if (f instanceof ScheddFailure.UnknownJob) {
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
        return FailureCode.EXCEPTION;
    }
}
