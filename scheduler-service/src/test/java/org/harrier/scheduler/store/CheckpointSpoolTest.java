package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;
import org.harrier.testing.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import java.time.Duration;

/** A job's checkpoints leave the spool with the job; the cluster's directory with its last job. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class CheckpointSpoolTest {
    @TempDir
    Path spool;

    @Test
    void aJobThatLeavesTheQueueTakesItsCheckpointsAlongAndTheLastOneItsClusterDirectory() throws Exception {
        Path one = Files.createDirectories(spool.resolve("12/0/checkpoint.3"));
        Files.writeString(one.resolve("state"), "x");
        Files.createSymbolicLink(spool.resolve("12/0/checkpoint"), Path.of("checkpoint.3"));
        Files.createDirectories(spool.resolve("12/1/checkpoint.1"));
        Files.writeString(spool.resolve("job_queue.log"), "kept");
        try (CheckpointSpool cleaner = new CheckpointSpool(spool)) {
            assertEquals(spool.resolve("12/0"), cleaner.jobDir(new JobId(12, 0)));
            cleaner.jobLeft(new JobId(12, 0), ClassAd.EMPTY);
            cleaner.jobLeft(new JobId(13, 0), ClassAd.EMPTY); // never checkpointed: nothing to do
            awaitGone(spool.resolve("12/0"));
            assertTrue(Files.exists(spool.resolve("12/1/checkpoint.1")), "the other proc's checkpoint stays");
            cleaner.jobLeft(new JobId(12, 1), ClassAd.EMPTY);
            awaitGone(spool.resolve("12"));
        }
        assertTrue(Files.exists(spool.resolve("job_queue.log")));
        assertFalse(Files.exists(spool.resolve("13")));
    }

    static void awaitGone(Path p) {
        Await.until(p + " to be gone", Duration.ofSeconds(30), () -> !Files.exists(p));
    }
}
