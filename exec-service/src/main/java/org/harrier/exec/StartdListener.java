package org.harrier.exec;

import org.harrier.exec.claim.PartitionableSlot;


/**
 * What the startd tells the world: its slots changed (advertise them), a job exited (a start
 * is the answer to the activation itself, {@link Startd#activate}). Called on the startd's owner thread, in the order things happened; implementations
 * must not block (the bus wiring sends and returns).
 */
public interface StartdListener {
    /** A running job's usage so far (every STARTER_UPDATE_INTERVAL); a listener may ignore it. */
    default void jobUsage(RunProgress usage) {
    }

    /** The partitionable slot or any dynamic slot changed (claimed, busy, idle, released). */
    void slotsChanged(PartitionableSlot slot);

    void jobExited(RunExited exited);

    /**
     * The machine was measured again ({@link Startd#poll}): the slot ads' measurements are
     * fresh, and the partitionable slot may have moved between Owner and Unclaimed.
     */
    default void measured(PartitionableSlot slot) {
    }

    /** A self-checkpointing job's checkpoint was saved and the job restarted on its claim (no exit). */
    default void jobCheckpointed(RunCheckpointed checkpointed) {
    }
}
