package org.harrier.exec.bus;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

import org.harrier.bus.QmfException;
import org.harrier.exec.claim.StartdFailure;

/**
 * The one place a {@link StartdFailure} becomes a QMF {@code _exception}: each kind has the
 * error code docs/protocols.md gives the claim protocol, and the same message.
 */
final class StartdFailures {
    private StartdFailures() {
    }

    static QmfException toQmf(StartdFailure failure) {
        int code;
        if (failure instanceof StartdFailure.ClaimRefused) {
            code = QmfException.CLAIM_REFUSED;
        } else if (failure instanceof StartdFailure.UnknownClaim) {
            code = QmfException.UNKNOWN_CLAIM;
        } else if (failure instanceof StartdFailure.WrongState) {
            code = QmfException.WRONG_STATE;
        } else if (failure instanceof StartdFailure.Preempting) {
            code = QmfException.PREEMPTING;
        } else if (failure instanceof StartdFailure.UnknownSlot) {
            code = QmfException.UNKNOWN_OBJECT;
        } else {
            code = QmfException.EXCEPTION;
        }
        return new QmfException(code, failure.getMessage());
    }

    /** {@code answer}, its StartdFailure (if it fails with one) translated; anything else as it was. */
    static <T> CompletionStage<T> translated(CompletionStage<T> answer) {
        CompletableFuture<T> out = new CompletableFuture<>();
        answer.whenComplete((value, error) -> {
            if (error == null) {
                out.complete(value);
                return;
            }
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            out.completeExceptionally(cause instanceof StartdFailure f ? toQmf(f) : cause);
        });
        return out;
    }
}
