package org.harrier.exec.run.starter;

/**
 * How this JVM starts job processes. Java 17 on Linux starts a process with posix_spawn of the
 * {@code jspawnhelper} program, which then execs the job: two execs per job. vfork execs the
 * job directly and starts {@code /bin/true} about twice as fast (measured on a 2-core VM, two
 * threads: ~1,100/s against ~2,100/s), and was the JDK's own default up to Java 11.
 */
public final class ProcessLaunch {
    static final String PROPERTY = "jdk.lang.Process.launchMechanism";
    static final String COMMON_POOL_PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";

    private ProcessLaunch() {
    }

    /**
     * Chooses vfork unless the JVM was given a mechanism. Only a daemon's {@code main} calls
     * this, first thing: the JDK reads the property once, when the JVM starts its first process.
     */
    public static void preferVfork() {
        if (System.getProperty(PROPERTY) == null && System.getProperty("os.name", "").startsWith("Linux")) {
            System.setProperty(PROPERTY, "VFORK");
        }
    }

    /**
     * Gives the JVM's common pool at least two threads unless the JVM was given a number. The
     * JDK completes {@code Process.onExit()} with an async step on that pool, and with fewer than
     * two (the default on a 2-core machine is one) CompletableFuture runs each such step on a new
     * thread: a thread made and destroyed for every job that exits, about a tenth of the grid's
     * CPU at 180 jobs a second (JFR: 9,407 threads for 10,000 jobs). Like {@link #preferVfork},
     * only a daemon's {@code main} calls this, first thing, before anything touches the pool.
     */
    public static void pooledExitCallbacks() {
        if (System.getProperty(COMMON_POOL_PARALLELISM) == null) {
            System.setProperty(COMMON_POOL_PARALLELISM,
                    Integer.toString(Math.max(2, Runtime.getRuntime().availableProcessors())));
        }
    }
}
