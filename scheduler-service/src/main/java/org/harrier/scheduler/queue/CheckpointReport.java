package org.harrier.scheduler.queue;

/**
 * The starter saved checkpoint {@code number} of a job (docs/protocols.md, "Checkpoints and
 * vacate"): {@code bytes} in it, saving took {@code seconds}. Numbers count from 1 over the
 * job's whole life, so a repeated or stale report is recognised by its number.
 */
public record CheckpointReport(long number, long bytes, double seconds) {
    public CheckpointReport {
        if (number < 1) {
            throw new IllegalArgumentException("CheckpointNumber counts from 1, got " + number);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("Size cannot be negative, got " + bytes);
        }
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("Duration must be a number of seconds from 0, got " + seconds);
        }
    }
}
