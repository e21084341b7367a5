package org.harrier.bus;

import org.harrier.protocol.FailureCode;

/**
 * A method or query failed on the wire: the agent answered {@code _exception} (or is about to),
 * with a QMF error code ({@link FailureCode}). Only bus code and the services' bus packages
 * see it: a service core fails with its own domain failures, which its bus package maps to a
 * code once, and a caller's bus package maps a code back.
 */
public class QmfException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public static final int UNKNOWN_OBJECT = FailureCode.UNKNOWN_OBJECT.code();
    public static final int UNKNOWN_METHOD = FailureCode.UNKNOWN_METHOD.code();
    public static final int NOT_IMPLEMENTED = FailureCode.NOT_IMPLEMENTED.code();
    public static final int BAD_PARAMETER = FailureCode.BAD_PARAMETER.code();
    public static final int FORBIDDEN = FailureCode.FORBIDDEN.code();
    public static final int EXCEPTION = FailureCode.EXCEPTION.code();
    public static final int CLAIM_REFUSED = FailureCode.CLAIM_REFUSED.code();
    public static final int UNKNOWN_CLAIM = FailureCode.UNKNOWN_CLAIM.code();
    public static final int WRONG_STATE = FailureCode.WRONG_STATE.code();
    public static final int PREEMPTING = FailureCode.PREEMPTING.code();
    public static final int TRANSFER_FAILED = FailureCode.TRANSFER_FAILED.code();

    private final int code;

    public QmfException(int code, String message) {
        super(message);
        this.code = code;
    }

    public QmfException(FailureCode code, String message) {
        this(code.code(), message);
    }

    public int code() {
        return code;
    }

    /** The code's name; null for a code this version does not know. */
    public FailureCode failureCode() {
        return FailureCode.of(code);
    }

    public static QmfException badParameter(String message) {
        return new QmfException(BAD_PARAMETER, message);
    }

    public static QmfException unknownObject(String message) {
        return new QmfException(UNKNOWN_OBJECT, message);
    }

    /** A failure no domain rule names (a bug, an I/O error): code 7 with its type and message. */
    public static QmfException unexpected(Throwable t) {
        return new QmfException(EXCEPTION, t.getClass().getSimpleName() + ": " + t.getMessage());
    }
}
