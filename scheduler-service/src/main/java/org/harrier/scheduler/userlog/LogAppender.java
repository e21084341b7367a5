package org.harrier.scheduler.userlog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.harrier.scheduler.transfer.OwnerFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Appends events to log files off the scheduler's owner thread. {@link #append} only queues
 * (lock-free, never blocks); a drain on the appender's thread takes everything queued, groups
 * it by file in arrival order, and appends each file's text with one write to a channel opened
 * in append mode and closed again. So the events of a {@code queue 1000} cluster sharing one
 * log cost one open and one write per drain rather than per event, no event is ever split by
 * another (one thread writes, one write per file per drain, O_APPEND), and a log the user
 * moves or deletes is simply created again. A root scheduler hands a log it creates to the
 * job's Owner ({@link OwnerFiles}).
 *
 * <p>A file that cannot be written is warned about once per path; its events are dropped and
 * the next ones tried again. {@link #append(List, Runnable)} says when a group of events is
 * through: written, or given up with such a warning. Threads: any thread may append; the drains
 * run on {@code io}, which must run one task at a time (they own {@link #warned} and must not
 * write a file concurrently).
 */
public final class LogAppender implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LogAppender.class);

    /**
     * Events queued together, and what to run once the drain that takes them has written them
     * all; {@code check}: only those their files lack ({@link #appendMissing}).
     */
    private record Group(List<UserLogEntry> events, Runnable written, boolean check) {
    }

    private static final Runnable NOTHING = () -> {
    };

    private final Executor io;
    private final ExecutorService ownThread;
    private final Queue<Group> queued = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final Set<Path> warned = new HashSet<>();
    private final OwnerFiles owners = OwnerFiles.detect();

    /** Appends on {@code io} (a test's direct executor appends on the caller's thread). */
    public LogAppender(Executor io) {
        this(Objects.requireNonNull(io, "io"), null);
    }

    private LogAppender(Executor io, ExecutorService ownThread) {
        this.io = io;
        this.ownThread = ownThread;
    }

    /** An appender with a daemon thread of its own, "harrier-userlog". */
    public static LogAppender start() {
        ExecutorService t = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "harrier-userlog");
            thread.setDaemon(true);
            return thread;
        });
        return new LogAppender(t, t);
    }

    /** Queues {@code event} for the end of its file. */
    public void append(UserLogEntry event) {
        append(List.of(event), NOTHING);
    }

    /**
     * Queues {@code events} for the ends of their files, in order, and runs {@code written} on
     * the appender's thread once they are all through (after the events queued before them).
     */
    public void append(List<UserLogEntry> events, Runnable written) {
        queue(new Group(List.copyOf(events), Objects.requireNonNull(written, "written"), false));
    }

    /**
     * Queues the events of {@code toCheck} that their files lack after a crash
     * ({@link UserLogRepair}), checked on the appender's thread when their turn comes, so that a
     * hung file system holds up neither the caller nor the scheduler's start; then runs
     * {@code written}. Queued before any other event, it sees each file as the crash left it.
     */
    public void appendMissing(List<UserLogEntry> toCheck, Runnable written) {
        queue(new Group(List.copyOf(toCheck), Objects.requireNonNull(written, "written"), true));
    }

    private void queue(Group group) {
        queued.add(group);
        if (drainScheduled.compareAndSet(false, true)) {
            try {
                io.execute(this::drain);
            } catch (RejectedExecutionException e) {
                drainScheduled.set(false);
                LOG.debug("user log appender closed; {} events not written", group.events().size());
            }
        }
    }

    private void drain() {
        drainScheduled.set(false);
        Map<Path, StringBuilder> byFile = new LinkedHashMap<>();
        Map<Path, String> owner = new LinkedHashMap<>();
        List<Runnable> written = new ArrayList<>();
        for (Group g = queued.poll(); g != null; g = queued.poll()) {
            for (UserLogEntry e : g.check() ? missing(g.events()) : g.events()) {
                byFile.computeIfAbsent(e.file(), f -> new StringBuilder()).append(e.text());
                owner.putIfAbsent(e.file(), e.owner());
            }
            if (g.written() != NOTHING) {
                written.add(g.written());
            }
        }
        byFile.forEach((file, text) -> write(file, text, owner.get(file)));
        written.forEach(Runnable::run);
    }

    private static List<UserLogEntry> missing(List<UserLogEntry> toCheck) {
        List<UserLogEntry> missing = UserLogRepair.missing(toCheck);
        if (!missing.isEmpty()) {
            LOG.warn("writing again {} user-log events a crash kept from their files", missing.size());
        }
        return missing;
    }

    private void write(Path file, CharSequence text, String owner) {
        ByteBuffer bytes = StandardCharsets.UTF_8.encode(text.toString());
        boolean created = !Files.exists(file, LinkOption.NOFOLLOW_LINKS);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            if (created) {
                owners.accountOf(owner).ifPresent(a -> OwnerFiles.hand(file, a));
            }
        } catch (IOException | SecurityException e) {
            if (warned.add(file)) {
                LOG.warn("cannot write the user log {} ({}); its events are dropped until it can be written", file,
                        e.toString());
            }
        }
    }

    /** Writes out everything queued, then stops the appender's own thread (at most 5 s). */
    @Override
    public void close() {
        if (ownThread == null) {
            return;
        }
        try {
            ownThread.execute(this::drain);
        } catch (RejectedExecutionException e) {
            return; // already closed
        }
        ownThread.shutdown();
        try {
            if (!ownThread.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.warn("the user log appender did not finish within 5 s; some events may be missing");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
