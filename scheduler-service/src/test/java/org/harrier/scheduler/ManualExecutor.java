package org.harrier.scheduler;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;

/** The owner thread of a test: tasks wait until the test runs them, on the test's thread, in order. */
final class ManualExecutor implements Executor {
    private final Queue<Runnable> tasks = new ArrayDeque<>();

    @Override
    public synchronized void execute(Runnable task) {
        tasks.add(task);
    }

    /** Runs tasks (including those they queue) until none is left. */
    void runAll() {
        while (true) {
            Runnable next;
            synchronized (this) {
                next = tasks.poll();
            }
            if (next == null) {
                return;
            }
            next.run();
        }
    }
}
