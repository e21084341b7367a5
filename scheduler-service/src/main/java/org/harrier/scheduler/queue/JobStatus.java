package org.harrier.scheduler.queue;

/** HTCondor's JobStatus codes (HTCondor manual, "Job ClassAd Attributes"). */
public enum JobStatus {
    IDLE(1), RUNNING(2), REMOVED(3), COMPLETED(4), HELD(5), TRANSFERRING_OUTPUT(6), SUSPENDED(7);

    private final int code;

    JobStatus(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The status with {@code code}; IllegalArgumentException for codes HTCondor does not define. */
    public static JobStatus of(long code) {
        for (JobStatus s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("JobStatus " + code + " is not a job status (1-7)");
    }

    /** A finished job leaves the queue for history once its final state is published. */
    public boolean isFinal() {
        return this == REMOVED || this == COMPLETED;
    }
}
