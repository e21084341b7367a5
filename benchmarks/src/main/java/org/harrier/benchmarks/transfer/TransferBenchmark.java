package org.harrier.benchmarks.transfer;

import org.harrier.protocol.scheduler.Submit;
import org.harrier.protocol.scheduler.Matched;
import org.harrier.protocol.scheduler.GetRequests;
import org.harrier.protocol.scheduler.GetAd;
import org.harrier.classad.StringValue;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.ClassAd;
import static org.harrier.benchmarks.CommandLine.count;
import static org.harrier.benchmarks.CommandLine.runAndExit;
import static org.harrier.benchmarks.CommandLine.value;
import static org.harrier.benchmarks.Figures.print;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.exec.bus.ExecService;
import org.harrier.exec.run.transfer.SandboxTransfer;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.bus.SchedulerService;

/**
 * File transfer over the bus (issue 6): MB/s of a job's input fetched from the scheduler and of
 * its output sent back, through an embedded broker, next to a plain file copy of the same file
 * on the same disk in the same run, and their ratios. The scheduler is the real service; the
 * startd is a stand-in ({@link StandInSlot}) that holds the claim while this JVM plays the
 * starter with its {@link SandboxTransfer}. Rounds alternate copy, input and output; medians.
 */
public final class TransferBenchmark {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final AgentName SCHEDULER = AgentName.harrier("scheduler", "bench");
    private static final AgentName STARTD = AgentName.harrier("startd", "bench");

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.transfer.TransferBenchmark [options]

            Moves one file between a scheduler and a starter over an embedded broker, both ways
            (1 MiB chunks, 8 in flight by default, SHA-256 checked), and copies it with Files.copy, round by
            round; prints the medians in MB/s (10^6 bytes per second) and transfer / copy.

              --mib N      file size in MiB (default 200)
              --rounds N   rounds (default 3)
              --chunk-kib N  chunk size in KiB (default 1024, at most 4096)
              --window N   chunks in flight (default 8)
              -h, --help   this text
            """;

    record Options(int mib, int rounds, int chunkKib, int window, boolean help) {
        static Options parse(String[] args) {
            int mib = 200;
            int rounds = 3;
            int chunkKib = SandboxTransfer.CHUNK >> 10;
            int window = SandboxTransfer.WINDOW;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        return new Options(mib, rounds, chunkKib, window, true);
                    }
                    case "--mib" -> mib = count(a, value(args, ++i, a), 1);
                    case "--rounds" -> rounds = count(a, value(args, ++i, a), 1);
                    case "--chunk-kib" -> chunkKib = count(a, value(args, ++i, a), 1);
                    case "--window" -> window = count(a, value(args, ++i, a), 1);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (chunkKib > 4096) {
                throw new IllegalArgumentException("--chunk-kib must be at most 4096, got " + chunkKib);
            }
            return new Options(mib, rounds, chunkKib, window, false);
        }
    }

    private TransferBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        runAndExit("TransferBenchmark", USAGE, args, Options::parse, Options::help, TransferBenchmark::run);
    }

    static void run(Options o, PrintStream out) throws Exception {
        Path dir = Files.createTempDirectory("harrier-transferbench");
        Path iwd = Files.createDirectories(dir.resolve("iwd"));
        Path scratch = Files.createDirectories(dir.resolve("execute"));
        Path input = iwd.resolve("big.in");
        long bytes = (long) o.mib() << 20;
        writeRandom(input, bytes);
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus schedulerBus = Bus.connect(broker.clientUrl());
             Bus starterBus = Bus.connect(broker.clientUrl());
             SchedulerService scheduler = SchedulerService.startInMemory(schedulerBus, "bench",
                     SchedulerSettings.defaults().withCallTimeout(WAIT))) {
            Agent startd = starterBus.agent(STARTD, Duration.ofSeconds(5));
            startd.add(new StandInSlot("slot1@bench"));
            Console console = starterBus.console();
            String job = runningJob(console, iwd);
            SandboxTransfer transfer = new SandboxTransfer(ExecService.schedulerCalls(console), o.chunkKib() << 10, o.window(),
                    Duration.ofSeconds(60));
            SandboxTransfer.Endpoint at = new SandboxTransfer.Endpoint(SCHEDULER.name(), job, StandInSlot.CLAIM);
            List<Double> copy = new ArrayList<>();
            List<Double> in = new ArrayList<>();
            List<Double> outRates = new ArrayList<>();
            for (int round = 0; round < o.rounds(); round++) {
                copy.add(rate(bytes, () -> Files.copy(input, scratch.resolve("copy.bin"), StandardCopyOption.REPLACE_EXISTING)));
                in.add(rate(bytes, () -> transfer.download(at, "big.in", scratch.resolve("big.in"))));
                outRates.add(rate(bytes, () -> transfer.upload(at, scratch.resolve("big.in"), "big.out")));
            }
            if (!sha256(input).equals(sha256(iwd.resolve("big.out")))) {
                throw new IllegalStateException("the file that came back differs from the one sent");
            }
            double c = median(copy);
            double i = median(in);
            double u = median(outRates);
            out.printf("file: %d MiB, %d rounds, medians; chunks of %d KiB, %d in flight%n", o.mib(), o.rounds(),
                    o.chunkKib(), o.window());
            print(out, "copy_mb_per_s", "%.1f", c, "Files.copy of the same file on the same disk");
            print(out, "input_mb_per_s", "%.1f", i, "scheduler to starter over the bus (ReadFile), SHA-256 checked");
            print(out, "output_mb_per_s", "%.1f", u, "starter to scheduler over the bus (WriteFile), SHA-256 checked");
            print(out, "input_ratio", "%.3f", i / c, "input_mb_per_s / copy_mb_per_s");
            print(out, "output_ratio", "%.3f", u / c, "output_mb_per_s / copy_mb_per_s");
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * Submits a job to scheduler "bench" and has it start on the stand-in slot of agent
     * startd "bench" (claim {@link StandInSlot#CLAIM}); returns its id. The checkpoint benchmark
     * uses it too.
     */
    public static String runningJob(Console console, Path iwd) throws InterruptedException {
        ObjectId scheduler = ObjectId.grid("scheduler", "bench");
        ClassAd ad = ClassAd.parse("[ Cmd = \"/bin/true\"; Requirements = TRUE; Owner = \"bench\"; TransferInput = \"big.in\";"
                + " ShouldTransferFiles = \"YES\" ]").with("Iwd", new StringValue(iwd.toString()));
        String id = Console.join(console.call(SCHEDULER, scheduler, new Submit(ad), WAIT)).id();
        GetRequests.Requests requests = Console.join(console.call(SCHEDULER, scheduler, new GetRequests(), WAIT));
        Console.join(console.call(SCHEDULER, scheduler, new Matched(List.of(new Matched.Match(
                requests.requests().get(0).requestId(), ObjectId.grid("slot", "slot1@bench"), STARTD, false))), WAIT));
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            ClassAd job = Console.join(console.call(SCHEDULER, scheduler, new GetAd(id), WAIT)).ad();
            if (job.evaluate("JobStatus") instanceof IntegerValue status && status.value() == 2) {
                return id;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the job never ran on the stand-in slot: " + job);
            }
            Thread.sleep(20);
        }
    }

    interface Work {
        Object run() throws Exception;
    }

    private static double rate(long bytes, Work work) throws Exception {
        long t0 = System.nanoTime();
        work.run();
        return bytes / 1e6 / ((System.nanoTime() - t0) / 1e9);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static void writeRandom(Path file, long size) throws IOException {
        Random random = new Random(size);
        byte[] buf = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long left = size; left > 0; left -= buf.length) {
                random.nextBytes(buf);
                out.write(buf, 0, (int) Math.min(buf.length, left));
            }
        }
    }

    private static String sha256(Path file) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
