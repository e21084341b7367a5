package org.harrier.bus;

/**
 * A method or query failed: the agent answered {@code _exception} (or would), with a QMF error
 * code. Codes 1-7 are QMF's; from 0x10000 Harrier's own (docs/protocols.md).
 */
public class QmfException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public static final int UNKNOWN_OBJECT = 1;
    public static final int UNKNOWN_METHOD = 2;
    public static final int NOT_IMPLEMENTED = 3;
    public static final int BAD_PARAMETER = 4;
    public static final int FORBIDDEN = 6;
    public static final int EXCEPTION = 7;
    public static final int CLAIM_REFUSED = 0x10001;
    public static final int UNKNOWN_CLAIM = 0x10002;
    public static final int WRONG_STATE = 0x10003;
    /** A preempting Claim was accepted as an eviction: the slot is being preempted, its resources match again later. */
    public static final int PREEMPTING = 0x10004;
    /** A file transfer failed: the file's SHA-256 differs, or its file cannot be read or written (docs/protocols.md, File transfer). */
    public static final int TRANSFER_FAILED = 0x10005;

    private final int code;

    public QmfException(int code, String message) {
        super(message);
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static QmfException badParameter(String message) {
        return new QmfException(BAD_PARAMETER, message);
    }

    public static QmfException unknownObject(String message) {
        return new QmfException(UNKNOWN_OBJECT, message);
    }
}
