package org.harrier.bus;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where an agent answers its queries: a few threads of their own, so a query that walks a
 * million jobs never holds the request thread that serves method calls (a Submit, a claim's
 * Activate, the negotiator's GetRequests), nor the service's owner thread. At most
 * {@link #THREADS} queries are answered at once; later ones wait their turn in arrival order,
 * up to {@link #WAITING}, past which a query is refused at once (the caller may ask again)
 * rather than piling up unanswered behind the ones being streamed.
 *
 * <p>Threads: {@link #execute} is called from any thread; the tasks run on the pool's threads,
 * which are daemons and end with {@link #close}.
 */
final class QueryThreads implements Executor, AutoCloseable {
    /** Two: a short query (q ID) need not wait for a long stream to finish, and a 2-core machine keeps a core for the rest. */
    static final int THREADS = 2;
    /** Queries waiting for a thread at most. */
    static final int WAITING = 256;

    private final ThreadPoolExecutor pool;

    QueryThreads(String agentName) {
        AtomicInteger made = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(WAITING), r -> {
            Thread t = new Thread(r, "harrier-query-" + agentName + "-" + made.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
    }

    /** Runs {@code query} when a thread is free; BusException when too many wait already or the agent closed. */
    @Override
    public void execute(Runnable query) {
        try {
            pool.execute(query);
        } catch (RejectedExecutionException e) {
            throw new BusException(pool.isShutdown() ? "the agent is closed"
                    : WAITING + " queries are waiting to be answered already; ask again later");
        }
    }

    /** Takes no more queries; those being answered finish (their pages go out while the bus is open). */
    @Override
    public void close() {
        pool.shutdown();
    }
}
