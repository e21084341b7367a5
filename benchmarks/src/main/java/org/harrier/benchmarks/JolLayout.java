package org.harrier.benchmarks;

import java.io.OutputStream;
import java.io.PrintStream;
import org.openjdk.jol.info.GraphLayout;

/**
 * JOL's view of one ad: the total size of every object reachable from it. This counts the
 * names and small values that all ads share, so it is an upper bound next to the retained-heap
 * figure, which counts shared objects once for all ads.
 */
final class JolLayout {
    private JolLayout() {
    }

    /** The size in bytes, or the reason JOL could not measure it on this JVM. */
    static String totalSize(Object root) {
        // JDK 17 hides field offsets from JOL's default route and refuses self-attach unless the
        // JVM was started with -Djdk.attach.allowAttachSelf; JOL's documented fallback reads
        // offsets through Unsafe. JOL prints its attach warning on System.out, which would
        // break the report's table, so it is silenced while JOL starts.
        System.setProperty("jol.magicFieldOffset", "true");
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            return String.format("%,d B", GraphLayout.parseInstance(root).totalSize());
        } catch (RuntimeException | LinkageError e) {
            return "not available (" + e + ")";
        } finally {
            System.setOut(out);
        }
    }
}
