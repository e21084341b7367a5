package org.harrier.exec.run.transfer;

/** A file could not be moved between the starter and the scheduler; the message says which and why. */
public final class TransferException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TransferException(String message) {
        super(message);
    }
}
