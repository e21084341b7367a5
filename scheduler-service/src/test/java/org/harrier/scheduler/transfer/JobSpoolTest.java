package org.harrier.scheduler.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.harrier.rules.CheckpointLayout;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An evicted ON_EXIT_OR_EVICT job's files in the spool: staged per claim, committed by the
 * eviction's report; checkpoint and eviction commits rename, and what they superseded goes in a
 * removal after.
 */
class JobSpoolTest {
    static final JobId JOB = new JobId(3, 0);

    @TempDir
    Path jobDir;

    @Test
    void anEvictionsFilesReplaceThePreviousOnesOnlyWhenItsReportCommitsThem() throws IOException {
        assertFalse(JobSpool.commitEvicted(jobDir, "claim1"), "nothing staged");
        stage("claim1", "count", "1");
        stage("claim1", "sub/state", "a");
        assertFalse(Files.exists(JobSpool.evicted(jobDir)), "staged, not yet the job's");
        assertTrue(JobSpool.commitEvicted(jobDir, "claim1"));
        assertEquals("1", Files.readString(JobSpool.evicted(jobDir).resolve("count")));
        assertFalse(JobSpool.commitEvicted(jobDir, "claim1"), "a repeated report changes nothing");

        stage("claim2", "count", "2");
        assertEquals("1", Files.readString(JobSpool.evicted(jobDir).resolve("count")), "another claim's files wait");
        assertTrue(JobSpool.commitEvicted(jobDir, "claim2"));
        assertEquals("2", Files.readString(JobSpool.evicted(jobDir).resolve("count")));
        assertFalse(Files.exists(JobSpool.evicted(jobDir).resolve("sub")), "the previous eviction's files are replaced");
        assertEquals(2, entries().size(), "the replaced files wait for their removal, off the reporting thread: " + entries());
        JobSpool.removeSuperseded(jobDir, JOB);
        assertEquals(List.of("evicted"), entries());
    }

    @Test
    void aCheckpointCommitIsRenamesOnlyAndItsRemovalNeverTakesTheCurrentOrALaterOne() throws IOException {
        stageCheckpoint(1, "one");
        assertTrue(JobSpool.commitCheckpoint(jobDir, JOB, 1));
        stageCheckpoint(2, "two");
        assertTrue(JobSpool.commitCheckpoint(jobDir, JOB, 2));
        stageCheckpoint(3, "three, still travelling");
        assertEquals(List.of("checkpoint", "checkpoint.1", "checkpoint.2", "checkpoint.3.partial"), entries(),
                "checkpoint 1 waits for its removal");
        assertEquals("two", Files.readString(jobDir.resolve("checkpoint/state")));

        JobSpool.removeSuperseded(jobDir, JOB);
        assertEquals(List.of("checkpoint", "checkpoint.2", "checkpoint.3.partial"), entries());
        JobSpool.removeSuperseded(jobDir, JOB);
        assertEquals(List.of("checkpoint", "checkpoint.2", "checkpoint.3.partial"), entries(), "a second removal changes nothing");
        assertFalse(JobSpool.commitCheckpoint(jobDir, JOB, 2), "a repeated report changes nothing");
    }

    @Test
    void aRemovalInAJobDirectoryAlreadyGoneIsHarmless() throws IOException {
        Path gone = jobDir.resolve("gone");
        JobSpool.removeSuperseded(gone, JOB);
        assertFalse(Files.exists(gone));
    }

    private List<String> entries() throws IOException {
        try (var left = Files.list(jobDir)) {
            return left.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private void stageCheckpoint(long n, String content) throws IOException {
        Path f = CheckpointLayout.staging(jobDir, n).resolve("state");
        Files.createDirectories(f.getParent());
        Files.writeString(f, content);
    }

    @Test
    void eachClaimStagesApart() {
        assertNotEquals(JobSpool.evictedStaging(jobDir, "a"), JobSpool.evictedStaging(jobDir, "b"));
        assertEquals(JobSpool.evictedStaging(jobDir, "a"), JobSpool.evictedStaging(jobDir, "a"));
    }

    @ParameterizedTest(name = "evicted file {0} is refused")
    @CsvSource({"../x", "a/../../x", "/etc/passwd", "''", "a//b", ".harrier-transfer-1", "d/.harrier-transfer-1"})
    void evictedFilesAreRelativePathsOfPlainNames(String name) {
        assertThrows(ScheddFailure.Refused.class,
                () -> TransferNames.evicted(jobDir, Direction.EVICTED_OUT, "claim1", name));
    }

    @Test
    void evictedFilesAreReadFromTheCommittedDirectoryAndStagedUnderTheirClaim() {
        assertEquals(jobDir.resolve("evicted/sub/f"), TransferNames.evicted(jobDir, Direction.EVICTED_IN, "c", "sub/f").path());
        assertEquals(JobSpool.evictedStaging(jobDir, "c").resolve("sub/f"),
                TransferNames.evicted(jobDir, Direction.EVICTED_OUT, "c", "sub/f").path());
    }

    private void stage(String claim, String name, String content) throws IOException {
        Path f = JobSpool.evictedStaging(jobDir, claim).resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, content);
    }
}
