package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One round of the scheduler's SIGKILL tests: client threads load a scheduler process until
 * enough of their calls were acknowledged, then the process is killed with SIGKILL under them
 * and the clients are told to stop (a call the kill cut off is simply not acknowledged).
 */
final class SigkillRound {
    private SigkillRound() {
    }

    /**
     * Runs {@code clients} threads of {@code client} (each loops until the flag it is given is
     * set), waits up to three times {@code wait} for {@code enough}, kills {@code scheduler} and
     * waits for the clients to stop.
     */
    static void killUnderLoad(Process scheduler, int clients, Consumer<AtomicBoolean> client, BooleanSupplier enough,
            String awaited, Duration wait) throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Thread t = new Thread(() -> client.accept(stop), "client-" + c);
            t.start();
            threads.add(t);
        }
        SchedulerServiceTest.await(enough, wait.multipliedBy(3), awaited);
        scheduler.destroyForcibly();
        assertTrue(scheduler.waitFor(30, TimeUnit.SECONDS), "scheduler survived SIGKILL");
        stop.set(true);
        for (Thread t : threads) {
            t.join(wait.toMillis() * 2);
        }
    }
}
