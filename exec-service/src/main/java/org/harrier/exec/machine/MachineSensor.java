package org.harrier.exec.machine;

/**
 * Where the startd's owner policy gets its measurements of the machine (the owner's side:
 * load, keyboard and console idle time, free memory and disk; the startd adds the load of its
 * own jobs). {@link ProcSensor} reads Linux's /proc and /dev; tests give a fixed or scripted
 * one so the policy's decisions are deterministic. Called on the startd's owner thread.
 */
@FunctionalInterface
public interface MachineSensor {
    Measurements measure();

    /** Always the same measurements. */
    static MachineSensor fixed(Measurements m) {
        return () -> m;
    }
}
