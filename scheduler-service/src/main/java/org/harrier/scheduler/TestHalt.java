package org.harrier.scheduler;

/**
 * Test-only: makes the scheduler process stop dead (no shutdown hook, as SIGKILL) at a named
 * point of the activation window, so a crash test can kill it exactly there. Off unless the
 * system property {@value #PROPERTY} names the point; the points are {@link #RECORDED} (the
 * claim record is on disk, the Activate not sent), {@link #ACTIVATED} (the Activate was
 * answered, the start not yet applied), the same two for jobs queued behind a claim's running
 * job, {@link #QUEUE_RECORDED} and {@link #QUEUE_ANSWERED}, {@link #NEXT_STARTED} (an exit
 * report that says a queued job started in the job's place arrived, nothing of it applied), and
 * {@link #EXIT_UNWRITTEN} (the queue log's writer is about to write a batch that takes finished
 * jobs out of the queue: applied in memory, its events told, none of it on disk), and
 * {@link #TERMINATION_UNLOGGED} (a batch that tells of a job's termination is on disk, its
 * user-log events not yet handed to the appender).
 */
public final class TestHalt {
    static final String PROPERTY = "harrier.scheduler.testHaltAt";
    static final String RECORDED = "claim-recorded";
    static final String ACTIVATED = "activate-answered";
    static final String QUEUE_RECORDED = "queue-recorded";
    static final String QUEUE_ANSWERED = "queue-answered";
    static final String NEXT_STARTED = "next-started";
    public static final String EXIT_UNWRITTEN = "exit-unwritten";
    public static final String TERMINATION_UNLOGGED = "termination-unlogged";
    private static final String AT = System.getProperty(PROPERTY, "");

    private TestHalt() {
    }

    public static void at(String point) {
        if (AT.equals(point)) {
            System.err.println("harrier-scheduler: test halt at " + point);
            System.err.flush();
            Runtime.getRuntime().halt(137);
        }
    }
}
