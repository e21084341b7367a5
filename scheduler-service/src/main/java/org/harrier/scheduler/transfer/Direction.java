package org.harrier.scheduler.transfer;

/**
 * Which way a file goes, named from the job's side as on the wire: {@code Input} to the job
 * (HTCondor's "upload" from the submit side, counted in the job's BytesRecvd), {@code Output}
 * from it ("download", BytesSent).
 */
public enum Direction {
    INPUT("Input", "BytesRecvd"), OUTPUT("Output", "BytesSent");

    private final String wire;
    private final String jobAttribute;

    Direction(String wire, String jobAttribute) {
        this.wire = wire;
        this.jobAttribute = jobAttribute;
    }

    public String wire() {
        return wire;
    }

    /** The job attribute its bytes are added to. */
    public String jobAttribute() {
        return jobAttribute;
    }

    public static Direction parse(String text) {
        for (Direction d : values()) {
            if (d.wire.equalsIgnoreCase(text)) {
                return d;
            }
        }
        throw new IllegalArgumentException("Direction must be Input or Output, got '" + text + "'");
    }
}
