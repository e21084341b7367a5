package org.harrier.benchmarks.checkpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.harrier.benchmarks.CommandLine;
import org.harrier.benchmarks.Figures;
import org.harrier.exec.run.checkpoint.CheckpointPlan;
import org.harrier.exec.run.checkpoint.SpoolCheckpointStore;

/**
 * Checkpoint save and restore time per MB (issue 6; the Condor paper measured 5 s/MB), through
 * the store the personal grid uses ({@link SpoolCheckpointStore}: copy into the spool, each file
 * forced to disk, link swapped), against a plain copy of the same bytes in the same run
 * (Files.copy, then forced, so both are durable). Rounds alternate save, restore and the plain
 * copy; medians are reported. The checkpoint is {@code --files} files of random bytes. Then the
 * same checkpoint is saved and restored through the broker ({@link BusStoreRounds}: the
 * BusCheckpointStore a sandboxed job uses, against a real scheduler service), also per MB.
 */
public final class CheckpointBenchmark {
    static final double CONDOR_PAPER_S_PER_MB = 5.0;
    private static final double MB = 1024 * 1024;

    /** Command line: total checkpoint size in MiB, files it is split into, rounds, where to work. */
    record Options(int megabytes, int files, int rounds, Path dir) {
        static final String USAGE = "usage: CheckpointBenchmark [--mb N (default 64)] [--files N (default 4)]"
                + " [--rounds N (default 5)] [--dir DIR (default a temporary directory)]\n";

        static Options parse(String[] args) {
            int mb = 64;
            int files = 4;
            int rounds = 5;
            Path dir = null;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--mb" -> mb = CommandLine.count("--mb", CommandLine.value(args, ++i, "--mb"), 1);
                    case "--files" -> files = CommandLine.count("--files", CommandLine.value(args, ++i, "--files"), 1);
                    case "--rounds" -> rounds = CommandLine.count("--rounds", CommandLine.value(args, ++i, "--rounds"), 1);
                    case "--dir" -> dir = Path.of(CommandLine.value(args, ++i, "--dir"));
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            return new Options(mb, files, rounds, dir);
        }
    }

    public static void main(String[] args) throws Exception {
        run(CommandLine.parseOrExit("CheckpointBenchmark", Options.USAGE, args, Options::parse), System.out);
        System.exit(0); // the bus's client threads would otherwise keep a finished run waiting
    }

    static void run(Options o, PrintStream out) throws Exception {
        Path root = o.dir() != null ? Files.createDirectories(o.dir()) : Files.createTempDirectory("harrier-ckpt-bench");
        try {
            Path work = Files.createDirectories(root.resolve("work"));
            Path restoreInto = Files.createDirectories(root.resolve("restore"));
            Path plainInto = Files.createDirectories(root.resolve("plain"));
            Files.createDirectories(root.resolve("spool")); // the scheduler's, which the store never creates
            List<Path> files = write(work, o.megabytes(), o.files());
            long bytes = 0;
            for (Path f : files) {
                bytes += Files.size(work.resolve(f));
            }
            SpoolCheckpointStore store = new SpoolCheckpointStore();
            List<Double> save = new ArrayList<>();
            List<Double> restore = new ArrayList<>();
            List<Double> plain = new ArrayList<>();
            for (int r = 0; r < o.rounds(); r++) {
                CheckpointPlan plan = new CheckpointPlan("1.0", 85, List.of(), root.resolve("spool"), r);
                long t0 = System.nanoTime();
                store.save(plan, work, files);
                save.add(seconds(t0));
                long t1 = System.nanoTime();
                store.restore(new CheckpointPlan("1.0", 85, List.of(), root.resolve("spool"), r + 1), restoreInto);
                restore.add(seconds(t1));
                long t2 = System.nanoTime();
                plainCopy(work, plainInto, files);
                plain.add(seconds(t2));
            }
            Path busInto = Files.createDirectories(root.resolve("restore-bus"));
            List<Double> busSave = new ArrayList<>();
            List<Double> busRestore = new ArrayList<>();
            try (BusStoreRounds bus = BusStoreRounds.start(root.resolve("bus"))) {
                for (int r = 0; r < o.rounds(); r++) {
                    long t0 = System.nanoTime();
                    bus.save(work, files, r);
                    busSave.add(seconds(t0));
                    long t1 = System.nanoTime();
                    bus.restore(busInto, r + 1);
                    busRestore.add(seconds(t1));
                }
            }
            double mb = bytes / MB;
            double saveS = median(save) / mb;
            double restoreS = median(restore) / mb;
            double plainS = median(plain) / mb;
            out.printf("Harrier checkpoint benchmark: %d MiB in %d files, %d rounds (save, restore, plain copy"
                    + " taking turns), medians; Java %s%n", o.megabytes(), files.size(), o.rounds(),
                    System.getProperty("java.version"));
            Figures.print(out, "save_ms_per_mb", "%.2f", saveS * 1000, Figures.verdict(saveS < CONDOR_PAPER_S_PER_MB,
                    "SpoolCheckpointStore.save, forced; the Condor paper: %.0f s/MB", CONDOR_PAPER_S_PER_MB));
            Figures.print(out, "restore_ms_per_mb", "%.2f", restoreS * 1000, "SpoolCheckpointStore.restore (not forced)");
            Figures.print(out, "plain_copy_ms_per_mb", "%.2f", plainS * 1000, "Files.copy of the same bytes, then forced");
            Figures.print(out, "save_ratio", "%.2f", saveS / plainS, "save / plain copy");
            Figures.print(out, "restore_ratio", "%.2f", restoreS / plainS, "restore / plain copy");
            double busSaveS = median(busSave) / mb;
            double busRestoreS = median(busRestore) / mb;
            Figures.print(out, "bus_save_ms_per_mb", "%.2f", busSaveS * 1000,
                    "BusCheckpointStore.save + JobCheckpointed: CheckpointOut over the broker, committed in the spool");
            Figures.print(out, "bus_restore_ms_per_mb", "%.2f", busRestoreS * 1000,
                    "BusCheckpointStore.restore: GetCheckpoint + CheckpointIn over the broker");
            Figures.print(out, "bus_save_ratio", "%.2f", busSaveS / plainS, "bus save / plain copy");
            Figures.print(out, "paper_speedup", "%.0f", CONDOR_PAPER_S_PER_MB / saveS, "5 s/MB / save time per MB");
        } finally {
            if (o.dir() == null) {
                delete(root);
            }
        }
    }

    /** {@code count} files of random bytes, {@code megabytes} MiB together; their names relative to {@code dir}. */
    static List<Path> write(Path dir, int megabytes, int count) throws IOException {
        long total = (long) megabytes * 1024 * 1024;
        Random random = new Random(6);
        byte[] block = new byte[1 << 20];
        List<Path> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long size = total / count + (i < total % count ? 1 : 0);
            Path name = Path.of("state-" + i + ".bin");
            try (OutputStream out = Files.newOutputStream(dir.resolve(name))) {
                for (long left = size; left > 0; left -= block.length) {
                    random.nextBytes(block);
                    out.write(block, 0, (int) Math.min(block.length, left));
                }
            }
            names.add(name);
        }
        return names;
    }

    private static void plainCopy(Path from, Path to, List<Path> files) throws IOException {
        for (Path f : files) {
            Path target = to.resolve(f);
            Files.deleteIfExists(target);
            Files.copy(from.resolve(f), target);
            try (FileChannel c = FileChannel.open(target, StandardOpenOption.WRITE)) {
                c.force(true);
            }
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static void delete(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
