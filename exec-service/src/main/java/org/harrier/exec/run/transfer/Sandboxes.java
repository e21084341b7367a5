package org.harrier.exec.run.transfer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.harrier.classad.ClassAd;
import org.harrier.exec.run.account.RunAs;
import org.harrier.exec.run.starter.JobCommand;
import org.harrier.protocol.scheduler.ListFiles;
import org.harrier.rules.FileTrees;
import org.harrier.rules.TransferLists;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Job sandboxes under the execute directory (HTCondor's {@code EXECUTE/dir_<n>}) for jobs whose
 * files travel ({@link SandboxPlan#transfers}): {@link #stageIn} makes one and fetches the
 * job's inputs into it (directories file by file, and the files of its last eviction), {@link
 * #stageOut} sends the outputs back (or after an ON_EXIT_OR_EVICT eviction into the spool) and
 * removes it. The job runs in the sandbox, not in its Iwd. {@link #removeLeftovers} clears what
 * a startd killed with kill -9 left.
 *
 * <p>Threads: both run on this object's "harrier-sandbox" threads (transfers block while the
 * bytes move) and complete their futures there; a {@link Staged} is handed from one to the
 * other by the startd's owner thread. Holds nothing mutable besides the counter for names.
 */
public final class Sandboxes implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Sandboxes.class);

    /** A sandbox's name: {@code dir_<startd pid>_<n>} (see stageIn). */
    private static final Pattern SANDBOX = Pattern.compile("dir_([0-9]+)_[0-9]+");

    private final Path executeDir;
    private final String fileSystemDomain;
    private final SandboxTransfer transfer;
    private final ExecutorService threads;
    private final AtomicInteger names = new AtomicInteger();

    public Sandboxes(Path executeDir, String fileSystemDomain, SandboxTransfer transfer) {
        this.executeDir = Objects.requireNonNull(executeDir, "executeDir");
        this.fileSystemDomain = Objects.requireNonNull(fileSystemDomain, "fileSystemDomain");
        this.transfer = Objects.requireNonNull(transfer, "transfer");
        AtomicInteger n = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "harrier-sandbox-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** A job in its sandbox: what runs there, where it came from, and its files as they were before it ran. */
    public record Staged(Path dir, JobCommand command, SandboxTransfer.Endpoint from, ClassAd job, Map<String, FileTime> before) {
    }

    /** The transfers the sandboxes use, for other files of the same jobs (their checkpoints). */
    public SandboxTransfer transfer() {
        return transfer;
    }

    public boolean transfers(ClassAd job) {
        return SandboxPlan.transfers(job, fileSystemDomain);
    }

    /** Makes the sandbox and fetches the inputs; fails with a TransferException (hold code 13). */
    public CompletableFuture<Staged> stageIn(SandboxTransfer.Endpoint from, ClassAd job, JobCommand command) {
        return stageIn(from, job, command, dir -> { });
    }

    /**
     * As above, then hands the sandbox to {@code prepare} (the job's last checkpoint restored
     * into it) on the same thread, before the files there are noted as the job's own: what it
     * writes fails the stage-in as a missing input does. A job that runs as another account
     * ({@link RunAs.User}, a root startd) gets a sandbox made mode 0700 and, once everything is
     * in it, owned by that account, so no other job can read it (root still reads the outputs).
     */
    public CompletableFuture<Staged> stageIn(SandboxTransfer.Endpoint from, ClassAd job, JobCommand command,
            Consumer<Path> prepare) {
        return CompletableFuture.supplyAsync(() -> {
            Path dir = executeDir.resolve("dir_" + ProcessHandle.current().pid() + "_" + names.incrementAndGet());
            RunAs as = command.runAs();
            try {
                if (as instanceof RunAs.User) {
                    Files.createDirectories(executeDir);
                    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } else {
                    Files.createDirectories(dir);
                }
                for (SandboxPlan.Input in : SandboxPlan.inputs(job)) {
                    fetch(from, in, dir);
                }
                List<String> restored = SandboxPlan.sendsOnEviction(job) ? restoreEvicted(from, dir) : List.of();
                JobCommand inSandbox = SandboxPlan.command(job, command, dir);
                if (SandboxPlan.transfersExecutable(job) && Files.exists(inSandbox.executable())) {
                    inSandbox.executable().toFile().setExecutable(true, true);
                }
                prepare.accept(dir);
                if (as instanceof RunAs.User u) {
                    u.account().own(dir);
                }
                Map<String, FileTime> before = files(dir);
                // what an earlier run wrote is the job's output still: sent at exit as if new
                before.keySet().removeAll(restored);
                return new Staged(dir, inSandbox, from, job, before);
            } catch (IOException | RuntimeException e) {
                remove(dir);
                throw new TransferException("Transfer input files failure: " + message(e));
            }
        }, threads);
    }

    /**
     * Sends the outputs (after an eviction only with ON_EXIT_OR_EVICT) and removes the sandbox.
     * Completes with null, or why sending failed (the job is then held with code 12).
     */
    public CompletableFuture<String> stageOut(Staged staged, boolean evicted) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                if (evicted && !SandboxPlan.sendsOnEviction(staged.job())) {
                    return null;
                }
                List<SandboxPlan.Output> outputs = SandboxPlan.outputs(staged.job(), staged.before(), files(staged.dir()));
                List<SandboxFiles.Send> sends = new ArrayList<>();
                for (SandboxPlan.Output o : outputs) {
                    sends.addAll(SandboxFiles.of(staged.dir(), o));
                }
                for (SandboxFiles.Send send : sends) {
                    if (evicted) {
                        // HTCondor's ON_EXIT_OR_EVICT: into the spool, back into the next run's sandbox
                        transfer.uploadEvicted(staged.from(), send.file(), staged.dir().relativize(send.file()).toString());
                    } else {
                        transfer.upload(staged.from(), send.file(), send.name());
                    }
                }
                return null;
            } catch (IOException | RuntimeException e) {
                return "Transfer output files failure: " + message(e);
            } finally {
                remove(staged.dir());
            }
        }, threads);
    }

    /**
     * Fetches one input into the sandbox: a file, or (a TransferInput entry the scheduler lists
     * as a directory) its directories and files one by one, as HTCondor transfers a directory.
     */
    private void fetch(SandboxTransfer.Endpoint from, SandboxPlan.Input in, Path dir) throws IOException {
        if (!in.listed()) {
            transfer.download(from, in.name(), in.in(dir, ""));
            return;
        }
        List<ListFiles.Entry> listed = transfer.list(from, "Input", in.name());
        if (!(listed.size() == 1 && listed.get(0).name().isEmpty())) {
            Files.createDirectories(in.in(dir, "")); // a directory, even an empty one
        }
        for (ListFiles.Entry entry : listed) {
            Path local = in.in(dir, entry.name());
            if (entry.name().isEmpty()) {
                // a file, even when named with a trailing slash
                transfer.download(from, in.name(), in.local().isEmpty() ? dir.resolve(TransferLists.lastPart(in.name())) : local);
            } else if (entry.directory()) {
                Files.createDirectories(local);
            } else {
                Files.createDirectories(local.getParent());
                transfer.download(from, in.wireName(entry.name()), local);
            }
        }
    }

    /**
     * Puts back what the job's last eviction sent to the spool (ON_EXIT_OR_EVICT; none when it
     * was never evicted), over the inputs of the same name, so the job sees its files again, as
     * HTCondor transfers them back with the inputs. Returns the restored top-level names.
     */
    private List<String> restoreEvicted(SandboxTransfer.Endpoint from, Path dir) throws IOException {
        List<String> top = new ArrayList<>();
        for (ListFiles.Entry entry : transfer.list(from, "EvictedIn", "")) {
            Path local = SandboxPlan.evictedPath(dir, entry.name());
            if (entry.directory()) {
                Files.createDirectories(local);
            } else {
                Files.createDirectories(local.getParent());
                transfer.downloadEvicted(from, entry.name(), local);
            }
            top.add(entry.name().split("/")[0]);
        }
        return top;
    }

    /**
     * Pure: which entries of the execute directory are sandboxes ({@code dir_<pid>_<n>}) of a
     * startd process that is gone ({@code alive} false for its pid): leftovers of a startd
     * killed with kill -9, whose jobs will never send their outputs. Anything else, and the
     * sandboxes of a live startd sharing the directory, stay.
     */
    public static List<String> leftovers(Collection<String> names, LongPredicate alive) {
        List<String> out = new ArrayList<>();
        for (String name : new TreeSet<>(names)) {
            Matcher m = SANDBOX.matcher(name);
            if (m.matches() && m.group(1).length() < 19 && !alive.test(Long.parseLong(m.group(1)))) {
                out.add(name);
            }
        }
        return out;
    }

    /**
     * At startd start, as HTCondor's startd cleans EXECUTE: removes the sandboxes under
     * {@code executeDir} that a startd process that is gone left behind. Returns their names.
     */
    public static List<String> removeLeftovers(Path executeDir) {
        if (!Files.isDirectory(executeDir)) {
            return List.of();
        }
        List<String> names;
        try (Stream<Path> s = Files.list(executeDir)) {
            names = s.map(p -> p.getFileName().toString()).toList();
        } catch (IOException | UncheckedIOException e) {
            log.warn("cannot list the execute directory {}: {}", executeDir, e.toString());
            return List.of();
        }
        List<String> removed = leftovers(names, pid -> ProcessHandle.of(pid).isPresent());
        for (String name : removed) {
            remove(executeDir.resolve(name));
            log.info("removed sandbox {} left by a startd process that is gone", executeDir.resolve(name));
        }
        return removed;
    }

    /** Removes a sandbox whose job will not run (a cancelled start). */
    public void discard(Staged staged) {
        threads.execute(() -> remove(staged.dir()));
    }

    /** The sandbox's top-level regular files and their modification times. */
    static Map<String, FileTime> files(Path dir) throws IOException {
        Map<String, FileTime> out = new LinkedHashMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.put(p.getFileName().toString(), Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS));
                }
            }
        }
        return out;
    }

    static void remove(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            FileTrees.delete(dir);
        } catch (IOException | UncheckedIOException e) {
            log.warn("cannot remove sandbox {}: {}", dir, e.toString());
        }
    }

    private static String message(Exception e) {
        return e instanceof TransferException ? e.getMessage() : e.toString();
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
