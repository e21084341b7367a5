package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.harrier.classad.ClassAd;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which checkpoint reports a job's ad takes (pure). */
class CheckpointsTest {
    static final JobId ID = new JobId(4, 0);

    @ParameterizedTest(name = "JobStatus {0}, NumCkpts {1}, report {2}: recorded {3}")
    @CsvSource({
        "2, -1, 1, true",
        "2, 1, 2, true",
        "7, 1, 2, true",
        "2, 2, 2, false",
        "2, 3, 2, false",
        "1, -1, 1, false",
        "5, -1, 1, false",
        "4, -1, 1, false"})
    void onlyARunningJobTakesACheckpointBeyondTheOnesItCounts(int status, long numCkpts, long number, boolean recorded) {
        ClassAd.Builder b = ClassAd.builder().set("JobStatus", status);
        if (numCkpts >= 0) {
            b.set("NumCkpts", numCkpts);
        }
        assertEquals(recorded, Checkpoints.checkpointed(ID, b.build(), new CheckpointReport(number, 10, 0.1), 100).isPresent());
    }

    @ParameterizedTest(name = "number {0}, size {1}, duration {2} is refused")
    @CsvSource({"0, 1, 0.1", "1, -1, 0.1", "1, 1, -0.5", "1, 1, NaN"})
    void aReportWithANonsenseNumberSizeOrDurationIsRefused(long number, long bytes, double seconds) {
        assertThrows(IllegalArgumentException.class, () -> new CheckpointReport(number, bytes, seconds));
    }
}
