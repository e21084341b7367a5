package org.harrier.scheduler.store;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.harrier.scheduler.TestHalt;
import org.harrier.scheduler.userlog.LogAppender;
import org.harrier.scheduler.userlog.UserLogEntry;
import org.harrier.scheduler.userlog.UserLogRepair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The queue log's user-log events between its writer and the {@link LogAppender}: it numbers
 * the events the writer encodes, hands them to the appender once their batch is fsynced, learns
 * from the appender which are through to their files, and says so in the writer's next batch
 * (a {@code 108} record). At open it has the appender check the events the log does not say are
 * through, and append what their files lack ({@link UserLogRepair}), before anything new; a
 * snapshot carries over those not yet through. QueueLog says why this makes each event appear
 * once.
 *
 * <p>Threads: the writer thread's, but {@code through}, which the appender's thread raises.
 */
final class KeptEvents {
    private static final Logger LOG = LoggerFactory.getLogger(KeptEvents.class);

    private final LogAppender appender;
    /** The highest event number the appender has seen through to its file. */
    private final AtomicLong through = new AtomicLong();
    private long nextSeq;
    /** The highest number the log says is through. */
    private long marked;
    /** Handed to the appender (or left to check) and not yet through, in number order. */
    private final ArrayDeque<KeptEvent> unseen = new ArrayDeque<>();

    /**
     * The events of the log {@code file} that {@code decoded} read, handed to {@code appender}:
     * those it does not say are through go first, to be checked against their files. One whose
     * fields do not parse is warned about and left out.
     */
    KeptEvents(Path file, LogCodec.Decoded decoded, LogAppender appender) {
        this.appender = appender;
        this.marked = decoded.eventsWritten();
        this.through.set(marked);
        long last = Math.max(marked, decoded.lastEvent());
        this.nextSeq = last + 1;
        for (LogCodec.LoggedEvent e : decoded.events()) {
            try {
                unseen.add(new KeptEvent(e.seq(), LogCodec.entry(e)));
            } catch (IllegalArgumentException bad) {
                LOG.warn("job queue log {}: {}; not checked against its user log", file, bad.getMessage());
            }
        }
        if (!unseen.isEmpty()) {
            // Through once the files have them all, and the writer's next batch says so.
            appender.appendMissing(unseen.stream().map(KeptEvent::entry).toList(), () -> through.accumulateAndGet(last, Math::max));
        }
    }

    /** Numbers a transaction's events, in order, as the writer encodes them. */
    List<KeptEvent> number(List<UserLogEntry> events) {
        if (events.isEmpty()) {
            return List.of();
        }
        List<KeptEvent> out = new ArrayList<>(events.size());
        for (UserLogEntry e : events) {
            out.add(new KeptEvent(nextSeq++, e));
        }
        return out;
    }

    /** The highest number through to its file now, read once per batch; what is through is no longer carried over. */
    long through() {
        long now = through.get();
        while (!unseen.isEmpty() && unseen.peekFirst().seq() <= now) {
            unseen.removeFirst();
        }
        return now;
    }

    /** The record saying the events up to {@code through} are in their files, when the log does not say so yet; else null. */
    byte[] mark(long through) {
        if (through <= marked) {
            return null;
        }
        marked = through;
        return LogCodec.eventsWritten(through);
    }

    /** Hands events whose transactions are on disk to the appender; once they are through, a later batch says so. */
    void tell(List<KeptEvent> told) {
        if (told.isEmpty()) {
            return;
        }
        for (KeptEvent e : told) {
            if (e.entry().text().startsWith("005 ")) { // a job terminated (HTCondor's event 005)
                TestHalt.at(TestHalt.TERMINATION_UNLOGGED);
            }
        }
        unseen.addAll(told);
        long last = told.get(told.size() - 1).seq();
        appender.append(told.stream().map(KeptEvent::entry).toList(), () -> through.accumulateAndGet(last, Math::max));
    }

    /** The events not yet through, as a transaction of their own for a snapshot (no bytes when there are none). */
    byte[] carried() {
        return LogCodec.encodeEvents(List.copyOf(unseen));
    }

    /** Stops the appender once it has written what it was handed (a few seconds at most). */
    void close() {
        appender.close();
    }
}
