package org.harrier.exec.run.starter;

/**
 * A job that cannot be started as its ad describes: no Cmd, an Iwd that is not a directory, an
 * executable that is not executable, an unopenable In/Out/Err, malformed Arguments or
 * Environment. Carries HTCondor's HoldReasonCode (manual, "Hold reason codes") so the scheduler
 * can hold the job with the same code HTCondor would use.
 */
public final class JobSetupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The starter failed to start the executable (also: malformed Cmd, Arguments, Environment). */
    public static final int FAILED_TO_CREATE_PROCESS = 6;
    public static final int UNABLE_TO_OPEN_OUTPUT = 7;
    public static final int UNABLE_TO_OPEN_INPUT = 8;
    public static final int IWD_ERROR = 14;

    private final int holdReasonCode;

    public JobSetupException(int holdReasonCode, String message) {
        super(message);
        this.holdReasonCode = holdReasonCode;
    }

    public int holdReasonCode() {
        return holdReasonCode;
    }
}
