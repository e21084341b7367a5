package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.harrier.exec.ExecSettings;
import org.harrier.exec.bus.ExecService;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * File transfer end to end on an embedded broker: the real scheduler service and a real startd
 * in another FileSystemDomain, the test playing the negotiator. The job's executable and input
 * travel to a sandbox under the startd's execute directory, the job runs there, and its
 * output comes back into its Iwd over the bus, checksums compared; the job ad counts the bytes.
 */
@Timeout(300)
class FileTransferBusTest {
    static final Duration WAIT = Duration.ofSeconds(20);
    static final AgentName SCHEDULER = AgentName.harrier("scheduler", "test");
    static final ObjectId SCHEDULER_OBJECT = ObjectId.grid("scheduler", "test");
    static final AgentName STARTD = ExecService.agentName("node1");
    static final String SCRIPT = "#!/bin/sh\nsha256sum big.in | cut -d' ' -f1\ncat big.in > big.out\necho done >&2\n";

    @TempDir
    Path dir;
    Path iwd;
    Path execute;
    ServiceOnBroker running;
    Console console;
    Bus execBus;
    ExecService exec;

    @BeforeEach
    void start() throws IOException {
        iwd = Files.createDirectories(dir.resolve("iwd"));
        execute = Files.createDirectories(dir.resolve("execute"));
        running = ServiceOnBroker.start(dir, WAIT);
        console = running.console();
        execBus = Bus.connect(running.url());
        exec = ExecService.start(execBus, "node1", ExecSettings.builder().cpus(1).memoryMiB(1024).diskKiB(100000)
                .machine("node1").fileSystemDomain("exec.example").executeDir(execute)
                .updateInterval(Duration.ofSeconds(1)).killGrace(Duration.ofMillis(300))
                .usageInterval(Duration.ofMillis(50)).runJobsAsItself().build()); // jobs use root's temporary directories
    }

    @AfterEach
    void stop() {
        exec.close();
        execBus.close();
        running.close();
    }

    /** 200 MB each way, in the default suite (about 15 s). */
    @Test
    void twoHundredMegabytesInAndOutTravelOverTheBusBetweenFileSystemDomainsWithTheirChecksums() throws Exception {
        transferBothWays(this, 200_000_000);
    }

    static void transferBothWays(FileTransferBusTest t, long size) throws Exception {
        Path in = t.iwd.resolve("big.in");
        writeRandom(in, size);
        String inSha = sha256(in);
        Path script = t.script();
        String id = t.submit(Map.of("TransferInput", "big.in"));
        t.match();
        Map<String, Object> done = t.awaitAd(id, ad -> Long.valueOf(4).equals(ad.get("JobStatus")), "completed");
        assertEquals(0L, done.get("ExitCode"));
        assertEquals(inSha, sha256(t.iwd.resolve("big.out")), "the output came back whole");
        assertEquals(inSha + "\n", Files.readString(t.iwd.resolve("job.out")), "the job read its input whole");
        assertEquals("done\n", Files.readString(t.iwd.resolve("job.err")));
        assertEquals(size + Files.size(script), done.get("BytesRecvd"), "executable and input, received by the job");
        assertEquals(size + inSha.length() + 1 + 5, done.get("BytesSent"), "big.out, Out and Err, sent by the job");
        t.awaitObject("scheduler", "FileTransferUploadBytes", done.get("BytesRecvd"));
        t.awaitObject("scheduler", "FileTransferDownloadBytes", done.get("BytesSent"));
        String log = awaitLog(t.iwd.resolve("job.log"), "Total Bytes Received By Job");
        assertTrue(log.contains("\t" + done.get("BytesSent") + "  -  Total Bytes Sent By Job\n"), log);
        assertTrue(log.contains("\t" + done.get("BytesRecvd") + "  -  Total Bytes Received By Job\n"), log);
        try (Stream<Path> left = Files.list(t.execute)) {
            assertEquals(List.of(), left.toList(), "the sandbox is gone");
        }
        try (Stream<Path> files = Files.list(t.iwd)) {
            assertEquals(List.of("big.in", "big.out", "job.err", "job.log", "job.out", "run.sh"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "nothing else was written into Iwd");
        }
    }

    @Test
    void aMissingInputHoldsTheJobWithTransferInputError() throws Exception {
        script();
        String id = submit(Map.of("TransferInput", "absent.in"));
        match();
        Map<String, Object> held = awaitAd(id, ad -> Long.valueOf(5).equals(ad.get("JobStatus")), "was held");
        assertEquals(13L, held.get("HoldReasonCode"));
        assertTrue(String.valueOf(held.get("HoldReason")).contains("absent.in"), String.valueOf(held.get("HoldReason")));
        assertFalse(Files.exists(iwd.resolve("big.out")));
    }

    @Test
    void anOutputThatCannotBeSentHoldsTheJobWithTransferOutputError() throws Exception {
        script();
        writeRandom(iwd.resolve("big.in"), 1000);
        String id = submit(Map.of("TransferInput", "big.in", "TransferOutput", "big.out,missing.txt"));
        match();
        Map<String, Object> held = awaitAd(id, ad -> Long.valueOf(5).equals(ad.get("JobStatus")), "was held");
        assertEquals(12L, held.get("HoldReasonCode"));
        assertTrue(String.valueOf(held.get("HoldReason")).contains("missing.txt"), String.valueOf(held.get("HoldReason")));
        awaitEmpty(execute);
    }

    @Test
    void aJobHeldWhileItsInputTravelsNeverRunsAndLeavesNoSandbox() throws Exception {
        script();
        writeRandom(iwd.resolve("big.in"), 32_000_000);
        String id = submit(Map.of("TransferInput", "big.in"));
        match();
        awaitAd(id, ad -> Long.valueOf(2).equals(ad.get("JobStatus")), "ran");
        call("Hold", Map.of("Id", id, "Reason", "stop"));
        Map<String, Object> held = awaitAd(id, ad -> Long.valueOf(5).equals(ad.get("JobStatus")), "was held");
        assertEquals(1L, held.get("HoldReasonCode"));
        awaitEmpty(execute);
        assertFalse(Files.exists(iwd.resolve("big.out")), "the job was stopped before it wrote its output back");
    }

    static void awaitEmpty(Path dir) {
        Await.until(dir + " to be empty", Duration.ofSeconds(30), () -> files(dir).isEmpty(), () -> files(dir).toString());
    }

    private static List<Path> files(Path dir) {
        try (Stream<Path> left = Files.list(dir)) {
            return left.toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aStarterCannotReadFilesOfAJobNotOnItsClaim() throws Exception {
        script();
        String id = submit(Map.of());
        QmfException e = assertThrows(QmfException.class, () -> call("BeginTransfer",
                Map.of("Id", id, "ClaimId", "forged", "Direction", "Input", "Name", "/etc/passwd")));
        assertEquals(QmfException.WRONG_STATE, e.code());
    }

    Path script() throws IOException {
        Path script = iwd.resolve("run.sh");
        Files.writeString(script, SCRIPT);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    Map<String, Object> call(String method, Map<String, ?> args) {
        return Console.join(console.invoke(SCHEDULER, SCHEDULER_OBJECT, method, args, WAIT));
    }

    String submit(Map<String, String> extra) {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", typed("STRING", "run.sh"));
        ad.put("Requirements", typed("EXPR", "TARGET.HasFileTransfer"));
        ad.put("Iwd", typed("STRING", iwd.toString()));
        ad.put("Owner", typed("STRING", "alice"));
        ad.put("Out", typed("STRING", "job.out"));
        ad.put("Err", typed("STRING", "job.err"));
        ad.put("UserLog", typed("STRING", "job.log"));
        ad.put("ShouldTransferFiles", typed("STRING", "IF_NEEDED"));
        ad.put("WhenToTransferOutput", typed("STRING", "ON_EXIT"));
        ad.put("FileSystemDomain", typed("STRING", "submit.example"));
        extra.forEach((k, v) -> ad.put(k, typed("STRING", v)));
        return (String) call("Submit", Map.of("Ad", ad)).get("Id");
    }

    static Map<String, Object> typed(String type, Object value) {
        return Map.of("TYPE", type, "VALUE", value);
    }

    /** The negotiator's part: the one idle request matched with the startd's slot. */
    void match() {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> requests = (List<Map<String, Object>>) call("GetRequests", Map.of()).get("Requests");
        call("Matched", Map.of("Matches", List.of(Map.of("RequestId", requests.get(0).get("RequestId"),
                "Slot", "slot1@node1", "Agent", STARTD.name()))));
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> awaitAd(String id, Predicate<Map<String, Object>> condition, String what) {
        Map<String, Object>[] last = new Map[1];
        return Await.value("job " + id + " " + what, Duration.ofSeconds(100), () -> {
            last[0] = (Map<String, Object>) call("GetAd", Map.of("Id", id)).get("Ad");
            return condition.test(last[0]) ? last[0] : null;
        }, () -> String.valueOf(last[0]));
    }

    /** Waits until the scheduler's one object of {@code className} shows {@code value} for {@code name} (ads refresh every second). */
    void awaitObject(String className, String name, Object value) {
        List<org.harrier.protocol.ObjectData>[] last = new List[1];
        Await.until(className + " to show " + name + " = " + value, Duration.ofSeconds(20), () -> {
            last[0] = console.query(SCHEDULER, className, null, WAIT);
            return last[0].size() == 1 && value.equals(last[0].get(0).get(name));
        }, () -> String.valueOf(last[0]));
    }

    /** The user log once it holds {@code text} (it is appended on the scheduler's user log thread). */
    static String awaitLog(Path log, String text) {
        return Await.value("the user log to hold '" + text + "'", Duration.ofSeconds(20), () -> {
            String content = Files.exists(log) ? Files.readString(log) : "";
            return content.contains(text) ? content : null;
        });
    }

    static void writeRandom(Path file, long size) throws IOException {
        Random random = new Random(size);
        byte[] buf = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long left = size; left > 0; left -= buf.length) {
                random.nextBytes(buf);
                out.write(buf, 0, (int) Math.min(buf.length, left));
            }
        }
    }

    static String sha256(Path file) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
