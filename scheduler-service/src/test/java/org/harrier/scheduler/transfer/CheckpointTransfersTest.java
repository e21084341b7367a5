package org.harrier.scheduler.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.queue.JobId;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoint files on the submit side, on real files: a CheckpointOut is staged, the
 * JobCheckpointed commit makes it current (only for the job's own claim), GetCheckpoint lists
 * it and CheckpointIn reads it back; the bytes count as the job's.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CheckpointTransfersTest {
    static final JobId JOB = new JobId(5, 0);
    static final String AD = "[ClusterId = 5; ProcId = 0; Owner = \"alice\"; Iwd = \"/nowhere\"; Cmd = \"run.sh\"]";

    @TempDir
    Path spool;
    final Map<String, Long> counters = new ConcurrentHashMap<>();
    FileTransfers transfers;

    @BeforeEach
    void start() {
        transfers = new FileTransfers(new FileTransfers.Jobs() {
            @Override
            public CompletableFuture<ClassAd> claimedJob(JobId id, String claimId) {
                return claimId.equals("claim1") && id.equals(JOB) ? CompletableFuture.completedFuture(ClassAd.parse(AD))
                        : CompletableFuture.failedFuture(new ScheddFailure.WrongState("not on that claim"));
            }

            @Override
            public CompletableFuture<Long> addBytes(JobId id, String attribute, long bytes) {
                return CompletableFuture.completedFuture(counters.merge(attribute, bytes, Long::sum));
            }
        }, new TransferLimits(2, 2), id -> spool.resolve(id.cluster() + "/" + id.proc()));
    }

    @AfterEach
    void stop() {
        transfers.close();
    }

    @Test
    void aStagedCheckpointBecomesCurrentOnItsReportAndTravelsBack() throws Exception {
        assertEquals(new FileTransfers.Listing(0, Map.of()), transfers.checkpoint(JOB, "claim1").get());
        byte[] state = random(1_500_000);
        FileTransfers.Begun out = transfers.begin(JOB, "claim1", Direction.CHECKPOINT_OUT, "sub/state.bin", 1).get();
        transfers.write(out.transferId(), 0, state).get();
        assertEquals(state.length, transfers.end(out.transferId(), sha(state), null).get());
        assertTrue(Files.exists(spool.resolve("5/0/checkpoint.1.partial/sub/state.bin")));
        assertEquals(0, transfers.checkpoint(JOB, "claim1").get().number(), "staged, not current before the report");
        assertEquals(state.length, counters.get("BytesSent"));

        assertFalse(transfers.commitCheckpoint(JOB, "claim1", ClassAd.parse(AD), 1), "the ad records no claim");
        assertFalse(transfers.commitCheckpoint(JOB, "claim1", withClaim("claim2"), 1), "another claim's report");
        assertFalse(transfers.commitCheckpoint(JOB, "claim1", null, 1), "the job left the queue");
        assertTrue(transfers.commitCheckpoint(JOB, "claim1", withClaim("claim1"), 1));
        assertFalse(transfers.commitCheckpoint(JOB, "claim1", withClaim("claim1"), 1), "a repeated report changes nothing");

        assertEquals(new FileTransfers.Listing(1, Map.of("sub/state.bin", (long) state.length)),
                transfers.checkpoint(JOB, "claim1").get());
        FileTransfers.Begun in = transfers.begin(JOB, "claim1", Direction.CHECKPOINT_IN, "sub/state.bin", 1).get();
        assertEquals(state.length, in.size());
        assertArrayEquals(state, transfers.read(in.transferId(), 0, state.length).get());
        assertEquals(state.length, transfers.end(in.transferId(), sha(state), null).get());
        assertEquals(state.length, counters.get("BytesRecvd"));
    }

    @Test
    void theCheckpointACommitReplacedIsDeletedAfterOnATransferThread() throws Exception {
        for (long n = 1; n <= 2; n++) {
            byte[] state = random(1000 + (int) n);
            FileTransfers.Begun out = transfers.begin(JOB, "claim1", Direction.CHECKPOINT_OUT, "state.bin", n).get();
            transfers.write(out.transferId(), 0, state).get();
            transfers.end(out.transferId(), sha(state), null).get();
            assertTrue(transfers.commitCheckpoint(JOB, "claim1", withClaim("claim1"), n));
            assertEquals(n, transfers.checkpoint(JOB, "claim1").get().number(), "current as soon as the commit returns");
        }
        Path previous = spool.resolve("5/0/checkpoint.1");
        Await.until("checkpoint 1 to be deleted", Duration.ofSeconds(10), () -> !Files.exists(previous), () -> "still there");
        assertEquals(1002L, Files.size(spool.resolve("5/0/checkpoint/state.bin")));
    }

    @Test
    void checkpointsOfAJobNotOnTheClaimAreNeitherListedNorRead() {
        ExecutionException e = assertThrows(ExecutionException.class, () -> transfers.checkpoint(JOB, "claim2").get());
        assertInstanceOf(ScheddFailure.WrongState.class, e.getCause());
        ExecutionException read = assertThrows(ExecutionException.class,
                () -> transfers.begin(JOB, "claim1", Direction.CHECKPOINT_OUT, "../../6/0/checkpoint/x", 1).get());
        assertInstanceOf(ScheddFailure.Refused.class, read.getCause());
    }

    @Test
    void aSchedulerWithoutASpoolRefusesCheckpoints() {
        try (FileTransfers none = new FileTransfers(new FileTransfers.Jobs() {
            @Override
            public CompletableFuture<ClassAd> claimedJob(JobId id, String claimId) {
                return CompletableFuture.completedFuture(ClassAd.parse(AD));
            }

            @Override
            public CompletableFuture<Long> addBytes(JobId id, String attribute, long bytes) {
                return CompletableFuture.completedFuture(bytes);
            }
        }, new TransferLimits(1, 1))) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> none.checkpoint(JOB, "claim1").get());
            assertInstanceOf(ScheddFailure.Refused.class, e.getCause());
            assertFalse(none.commitCheckpoint(JOB, "claim1", withClaim("claim1"), 1));
        }
    }

    static ClassAd withClaim(String claimId) {
        return ClassAd.parse(AD.replace("]", "; ClaimId = \"" + claimId + "\"]"));
    }

    static byte[] random(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    static String sha(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }
}
