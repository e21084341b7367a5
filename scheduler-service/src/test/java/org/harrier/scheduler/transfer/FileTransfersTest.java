package org.harrier.scheduler.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
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
import java.time.Duration;

/** The submit side of transfers on real files: chunks, checksums, the queue, the job's counters. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FileTransfersTest {
    static final JobId JOB = new JobId(5, 0);

    @TempDir
    Path iwd;
    final Map<String, Long> counters = new ConcurrentHashMap<>();
    FileTransfers transfers;

    @BeforeEach
    void start() {
        transfers = with(new TransferLimits(1, 1));
    }

    @AfterEach
    void stop() {
        transfers.close();
    }

    FileTransfers with(TransferLimits limits) {
        ClassAd ad = ClassAd.parse("[ClusterId = 5; ProcId = 0; Owner = \"alice\"; Iwd = \"" + iwd + "\"; Cmd = \"run.sh\";"
                + " TransferInput = \"data.bin\"]");
        return new FileTransfers(new FileTransfers.Jobs() {
            @Override
            public CompletableFuture<ClassAd> claimedJob(JobId id, String claimId) {
                return claimId.equals("claim1") && id.equals(JOB) ? CompletableFuture.completedFuture(ad)
                        : CompletableFuture.failedFuture(new ScheddFailure.WrongState("not on that claim"));
            }

            @Override
            public CompletableFuture<Long> addBytes(JobId id, String attribute, long bytes) {
                return CompletableFuture.completedFuture(counters.merge(attribute, bytes, Long::sum));
            }
        }, limits);
    }

    @Test
    void inputIsReadInChunksAndCountedAsReceivedByTheJob() throws Exception {
        byte[] content = random(3_000_001);
        Files.write(iwd.resolve("data.bin"), content);
        FileTransfers.Begun b = transfers.begin(JOB, "claim1", Direction.INPUT, "data.bin").get();
        assertEquals(content.length, b.size());
        byte[] got = new byte[content.length];
        for (int at = 0; at < content.length; at += 1 << 20) {
            byte[] chunk = transfers.read(b.transferId(), at, 1 << 20).get();
            System.arraycopy(chunk, 0, got, at, chunk.length);
        }
        assertArrayEquals(content, got);
        assertEquals(content.length, transfers.end(b.transferId(), sha(content), null).get());
        assertEquals(content.length, counters.get("BytesRecvd"));
        assertEquals(content.length, transfers.statistics().owners().get("alice").bytesRecvd());
    }

    @Test
    void outputWrittenOutOfOrderIsKeptOnlyWithTheRightChecksum() throws Exception {
        byte[] content = random(2_500_000);
        FileTransfers.Begun b = transfers.begin(JOB, "claim1", Direction.OUTPUT, "result.bin").get();
        transfers.write(b.transferId(), 1 << 20, slice(content, 1 << 20, 2 << 20)).get();
        transfers.write(b.transferId(), 0, slice(content, 0, 1 << 20)).get();
        transfers.write(b.transferId(), 2 << 20, slice(content, 2 << 20, content.length)).get();
        assertEquals(content.length, transfers.end(b.transferId(), sha(content), null).get());
        assertArrayEquals(content, Files.readAllBytes(iwd.resolve("result.bin")));
        assertEquals(content.length, counters.get("BytesSent"));
        try (var files = Files.list(iwd)) {
            assertEquals(1, files.count(), "no partial file is left behind");
        }
    }

    @Test
    void aChecksumMismatchFailsTheTransferAndKeepsNothing() throws Exception {
        FileTransfers.Begun b = transfers.begin(JOB, "claim1", Direction.OUTPUT, "result.bin").get();
        transfers.write(b.transferId(), 0, new byte[] {1, 2, 3}).get();
        ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> transfers.end(b.transferId(), sha(new byte[] {1, 2, 4}), null).get());
        assertInstanceOf(ScheddFailure.TransferFailed.class, e.getCause());
        assertFalse(Files.exists(iwd.resolve("result.bin")));
        try (var files = Files.list(iwd)) {
            assertEquals(0, files.count());
        }
        assertEquals(1, transfers.statistics().failures());
    }

    @Test
    void aTransferBeyondTheLimitWaitsForItsTurn() throws Exception {
        Files.write(iwd.resolve("data.bin"), new byte[10]);
        FileTransfers.Begun first = transfers.begin(JOB, "claim1", Direction.INPUT, "data.bin").get();
        CompletableFuture<FileTransfers.Begun> second = transfers.begin(JOB, "claim1", Direction.INPUT, "data.bin");
        assertEquals(1, awaitWaiting());
        assertFalse(second.isDone());
        transfers.end(first.transferId(), null, "given up").get();
        assertEquals(10, second.get(10, TimeUnit.SECONDS).size());
    }

    @Test
    void aTransferLeftIdleIsGivenUpAndFreesItsTurn() throws Exception {
        Files.write(iwd.resolve("data.bin"), new byte[10]);
        FileTransfers.Begun first = transfers.begin(JOB, "claim1", Direction.INPUT, "data.bin").get();
        CompletableFuture<FileTransfers.Begun> second = transfers.begin(JOB, "claim1", Direction.INPUT, "data.bin");
        assertEquals(0, transfers.abandonIdle(System.nanoTime(), FileTransfers.IDLE_LIMIT), "nothing is idle yet");
        assertEquals(1, transfers.abandonIdle(System.nanoTime() + FileTransfers.IDLE_LIMIT.toNanos() + 1,
                FileTransfers.IDLE_LIMIT));
        assertEquals(10, second.get(10, TimeUnit.SECONDS).size(), "the waiting transfer runs in its place");
        assertThrows(ScheddFailure.Invalid.class,
                () -> transfers.read(first.transferId(), 0, 10), "the abandoned transfer is gone");
    }

    @Test
    void aStarterOfAnotherClaimIsRefused() {
        ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> transfers.begin(JOB, "claim2", Direction.INPUT, "data.bin").get());
        assertInstanceOf(ScheddFailure.WrongState.class, e.getCause());
    }

    private int awaitWaiting() {
        return Await.value("a transfer waiting its turn", Duration.ofSeconds(10), () -> {
            int waiting = transfers.statistics().waitingToUpload();
            return waiting == 0 ? null : waiting;
        });
    }

    static byte[] random(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    static byte[] slice(byte[] b, int from, int to) {
        return java.util.Arrays.copyOfRange(b, from, to);
    }

    static String sha(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }
}
