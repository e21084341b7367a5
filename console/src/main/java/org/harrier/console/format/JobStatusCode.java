package org.harrier.console.format;

/**
 * JobStatus codes (HTCondor manual, "Job ClassAd Attributes") and the letters condor_q shows for them.
 */
public enum JobStatusCode {
    IDLE(1, 'I', "idle"),
    RUNNING(2, 'R', "running"),
    REMOVED(3, 'X', "removed"),
    COMPLETED(4, 'C', "completed"),
    HELD(5, 'H', "held"),
    TRANSFERRING_OUTPUT(6, '>', "transferring output"),
    SUSPENDED(7, 'S', "suspended");

    private final int code;
    private final char letter;
    private final String word;

    JobStatusCode(int code, char letter, String word) {
        this.code = code;
        this.letter = letter;
        this.word = word;
    }

    public int code() {
        return code;
    }

    public char letter() {
        return letter;
    }

    public String word() {
        return word;
    }

    /** The status for {@code code}, or null for a code HTCondor never used. */
    public static JobStatusCode of(long code) {
        for (JobStatusCode s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return null;
    }

    /** True once a job will not run again: Completed or Removed. */
    public boolean isFinal() {
        return this == COMPLETED || this == REMOVED;
    }
}
