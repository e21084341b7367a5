package org.harrier.exec.run.starter;

/**
 * How this JVM starts job processes. Java 17 on Linux starts a process with posix_spawn of the
 * {@code jspawnhelper} program, which then execs the job: two execs per job. vfork execs the
 * job directly and starts {@code /bin/true} about twice as fast (measured on a 2-core VM, two
 * threads: ~1,100/s against ~2,100/s), and was the JDK's own default up to Java 11.
 */
public final class ProcessLaunch {
    static final String PROPERTY = "jdk.lang.Process.launchMechanism";

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
}
