package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A self-checkpointing job's processes on one claim add up to the run its exit report covers. */
class ProcessOutcomeTest {
    @Test
    void theLastProcessesEndCarriesTheEarlierProcessesCpuAndWallClock() {
        ProcessOutcome first = ProcessOutcome.fromStatus(85, new CpuTime(1.5, 0.25), 10);
        ProcessOutcome second = ProcessOutcome.fromStatus(85, new CpuTime(2, 0.5), 20);
        ProcessOutcome last = ProcessOutcome.fromStatus(0, new CpuTime(0.5, 0.25), 5);

        ProcessOutcome whole = last.after(ProcessOutcome.Earlier.NONE.plus(first).plus(second));

        assertEquals(new CpuTime(4, 1), whole.cpu());
        assertEquals(35, whole.wallClockSeconds());
        assertEquals(0, whole.exitCode(), "the exit is the last process's");
        assertSame(last, last.after(ProcessOutcome.Earlier.NONE), "a job that never checkpointed is reported as it ended");
    }
}
