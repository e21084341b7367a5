package org.harrier.collector;

/**
 * What the negotiator tells the outside world (the bus package publishes it as the
 * {@code negotiator} object's data indication). Called on the central manager's thread, which
 * it must not block nor call back into synchronously.
 */
public interface NegotiatorEvents {
    /** A cycle ended; {@code statistics} are now {@link CentralManager#statistics()}. */
    void cycleEnded(CycleStatistics statistics);
}
