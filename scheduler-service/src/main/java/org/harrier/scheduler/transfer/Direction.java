package org.harrier.scheduler.transfer;

/**
 * Which way a file goes, named from the job's side as on the wire: {@code Input} to the job
 * (HTCondor's "upload" from the submit side, counted in the job's BytesRecvd), {@code Output}
 * from it ("download", BytesSent). {@code CheckpointOut} (a checkpoint file from the job into
 * the spool) and {@code CheckpointIn} (a file of the job's current checkpoint back to it) go
 * the same ways, wait in the same queues and are counted the same, as HTCondor counts
 * checkpoint transfers among the job's bytes. {@code EvictedOut} (a file of an evicted
 * ON_EXIT_OR_EVICT job into the spool) and {@code EvictedIn} (such a file back into the next
 * run's sandbox) likewise.
 */
public enum Direction {
    INPUT("Input", true), OUTPUT("Output", false), CHECKPOINT_IN("CheckpointIn", true),
    CHECKPOINT_OUT("CheckpointOut", false), EVICTED_IN("EvictedIn", true), EVICTED_OUT("EvictedOut", false);

    private final String wire;
    private final boolean toJob;

    Direction(String wire, boolean toJob) {
        this.wire = wire;
        this.toJob = toJob;
    }

    public String wire() {
        return wire;
    }

    /** True when the bytes go to the job (the starter reads them): an upload from the submit side. */
    public boolean toJob() {
        return toJob;
    }

    /** True for the checkpoint directions, whose files live in the spool rather than in Iwd. */
    public boolean checkpoint() {
        return this == CHECKPOINT_IN || this == CHECKPOINT_OUT;
    }

    /** True for the directions of an evicted job's files, which live in the spool. */
    public boolean evicted() {
        return this == EVICTED_IN || this == EVICTED_OUT;
    }

    /** The job attribute its bytes are added to. */
    public String jobAttribute() {
        return toJob ? "BytesRecvd" : "BytesSent";
    }

    public static Direction parse(String text) {
        for (Direction d : values()) {
            if (d.wire.equalsIgnoreCase(text)) {
                return d;
            }
        }
        throw new IllegalArgumentException("Direction must be Input, Output, CheckpointIn, CheckpointOut, EvictedIn or EvictedOut, got '"
                + text + "'");
    }
}
