package org.harrier.exec;

/**
 * What the startd tells the world: its slots changed (advertise them), a job started, a job
 * exited. Called on the startd's owner thread, in the order things happened; implementations
 * must not block (the bus wiring sends and returns).
 */
public interface StartdListener {
    /** The partitionable slot or any dynamic slot changed (claimed, busy, idle, released). */
    void slotsChanged(PartitionableSlot slot);

    void jobStarted(JobStarted started);

    void jobExited(JobExited exited);
}
