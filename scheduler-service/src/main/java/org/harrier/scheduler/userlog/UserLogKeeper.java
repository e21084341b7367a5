package org.harrier.scheduler.userlog;

/**
 * Where the user-log events of a queue change go. A scheduler with a job queue log keeps them
 * in that log with the change, and writes them to their files only once the change is on disk
 * ({@code QueueLog}); one whose queue lives in memory appends them at once.
 */
@FunctionalInterface
public interface UserLogKeeper {
    /** Keeps {@code event} with the queue change being committed now. Owner thread only. */
    void keep(UserLogEntry event);
}
