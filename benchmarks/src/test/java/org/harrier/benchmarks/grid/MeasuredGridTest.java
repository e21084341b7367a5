package org.harrier.benchmarks.grid;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A grid process that dies under a benchmark ends the run's waits at once, saying so, instead of at their timeouts. */
class MeasuredGridTest {

    @Test
    @Timeout(120)
    void aWaitForCompletionsFailsAtOnceWhenTheGridProcessExits() throws Exception {
        try (MeasuredGrid grid = MeasuredGrid.start(10, ChildGrid.DEFAULT_JVM, new PrintStream(OutputStream.nullOutputStream()))) {
            grid.grid().close();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> grid.watch().awaitFinished(1, 1, Duration.ofMinutes(10)));
            assertTrue(e.getMessage().contains("the grid process exited with status"), e.getMessage());
        }
    }
}
