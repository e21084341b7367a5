package org.harrier.exec.claim;

/**
 * What the owner policy asks of a running job at one poll ({@link OwnerPolicy#decide}): nothing;
 * stop its tree (Claimed/Suspended); let it run again (Claimed/Busy); vacate it (Preempting/
 * Vacating: SIGTERM, SIGKILL after the grace); or kill it (Preempting/Killing: SIGKILL now).
 * A vacated or killed job is reported to its scheduler as evicted and its claim ends.
 */
public enum OwnerAction {
    NONE, SUSPEND, CONTINUE, VACATE, KILL
}
