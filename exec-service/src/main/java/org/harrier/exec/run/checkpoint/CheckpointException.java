package org.harrier.exec.run.checkpoint;

/** A checkpoint could not be saved or restored (an I/O failure, no spool to put it in). */
public final class CheckpointException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CheckpointException(String message) {
        super(message);
    }
}
