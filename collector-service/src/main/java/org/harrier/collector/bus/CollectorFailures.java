package org.harrier.collector.bus;

import org.harrier.bus.QmfException;
import org.harrier.collector.CollectorFailure;
import org.harrier.protocol.FailureCode;

/**
 * The one translation of the central manager's failures into QMF {@code _exception} answers
 * (docs/protocols.md names the codes): a refused value and an unknown account are bad
 * parameters, a central manager shutting down is an exception; anything else is a bug or an
 * I/O error, answered with its type and message.
 */
final class CollectorFailures {
    private CollectorFailures() {
    }

    /** For {@link org.harrier.bus.MethodTable}: {@code failure} is already unwrapped. */
    static QmfException toQmf(Throwable failure) {
        if (failure instanceof CollectorFailure.Invalid || failure instanceof CollectorFailure.UnknownAccount) {
            return new QmfException(FailureCode.BAD_PARAMETER, failure.getMessage());
        }
        if (failure instanceof CollectorFailure.Unavailable) {
            return new QmfException(FailureCode.EXCEPTION, failure.getMessage());
        }
        return QmfException.unexpected(failure);
    }
}
