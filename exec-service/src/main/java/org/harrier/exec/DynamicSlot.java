package org.harrier.exec;

import org.harrier.mgmt.Resources;

import java.util.Objects;

/**
 * A slot carved from the partitionable slot for one claim (HTCondor's dynamic slot, named
 * {@code slot1_N@name}): the resources it holds, who claimed it, and whether a job is running
 * on it. Immutable; the {@link Startd} replaces it as the claim changes. The claim id is not
 * here on purpose: this record becomes a public ad, and a claim id is a capability.
 */
public record DynamicSlot(String name, int number, Resources resources, String scheduler, String remoteOwner,
        String jobId, long enteredCurrentActivity) {
    public DynamicSlot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(remoteOwner, "remoteOwner");
        if (number < 1) {
            throw new IllegalArgumentException("dynamic slot numbers start at 1, got " + number);
        }
    }

    /** True while a job runs on it (HTCondor activity Busy); Idle between jobs of a claim. */
    public boolean busy() {
        return jobId != null;
    }

    public String activity() {
        return busy() ? "Busy" : "Idle";
    }

    public DynamicSlot running(String job, long now) {
        return new DynamicSlot(name, number, resources, scheduler, remoteOwner, Objects.requireNonNull(job, "job"), now);
    }

    public DynamicSlot idle(long now) {
        return new DynamicSlot(name, number, resources, scheduler, remoteOwner, null, now);
    }
}
