package org.harrier.protocol;

/**
 * The codes of a QMF {@code _exception} answer. 1 to 7 are QMF's own (QMFv2, "Error codes");
 * from 0x10000 they are Harrier's, each named in docs/protocols.md where a method answers it.
 * A service never throws these: its core fails with its own domain failures, and its bus
 * package maps those to a code, once.
 */
public enum FailureCode {
    UNKNOWN_OBJECT(1),
    UNKNOWN_METHOD(2),
    NOT_IMPLEMENTED(3),
    BAD_PARAMETER(4),
    FORBIDDEN(6),
    EXCEPTION(7),
    /** A slot refused a Claim: it does not match, or it has not enough left. */
    CLAIM_REFUSED(0x10001),
    /** No such claim: never made, released, or its lease ran out. */
    UNKNOWN_CLAIM(0x10002),
    /** The job or claim is not in a state that allows the call. */
    WRONG_STATE(0x10003),
    /** A preempting Claim was accepted as an eviction: the slot's resources match again later. */
    PREEMPTING(0x10004),
    /** A file transfer failed: a SHA-256 differs, or a file cannot be read or written. */
    TRANSFER_FAILED(0x10005);

    private final int code;

    FailureCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The code's name, or null for a code Harrier does not know (a newer agent's). */
    public static FailureCode of(int code) {
        for (FailureCode c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        return null;
    }
}
