package org.harrier.scheduler.userlog;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.scheduler.ScheddEvents;
import org.harrier.scheduler.SchedulerStatistics;
import org.harrier.scheduler.SubmitterCounts;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes every event of a job that has a {@code UserLog} (condor_submit's {@code log = file})
 * to that file in HTCondor's event-log format ({@link UserLogEvents} says which event a change
 * is). A relative UserLog is relative to the job's Iwd, as in HTCondor.
 *
 * <p>An event is written only once the change it tells of is on disk ({@link #committed}): a
 * crash before that takes the change back, and the restarted scheduler makes it again (the
 * startd reports the exit again, say) and logs it then, so the event is in the log once rather
 * than twice. A crash in the instant between the queue log's fsync and the append loses the
 * event instead.
 *
 * <p>Threads: the events arrive on the scheduler's owner thread, which only formats the text and
 * holds it until the transaction is on disk; {@link LogAppender} then appends it on its own
 * thread, so a slow or hung file system never holds up the scheduler. A file that cannot be
 * written is warned about once and the job and the scheduler carry on: the log is the user's
 * view, not the queue's record.
 */
public final class UserLogWriter implements ScheddEvents, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UserLogWriter.class);
    static final String USER_LOG = "UserLog";

    private final UserLogEvents events;
    private final LogAppender appender;
    private final Clock clock;
    /** Events of the transaction being told, until {@link #committed}. Owner thread only. */
    private List<Held> held = new ArrayList<>();

    private record Held(Path log, String text, String owner) {
    }

    public UserLogWriter(UserLogEvents events, LogAppender appender, Clock clock) {
        this.events = Objects.requireNonNull(events, "events");
        this.appender = Objects.requireNonNull(appender, "appender");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A writer for scheduler {@code submitHost}, local time, appending on a thread of its own. */
    public static UserLogWriter start(String submitHost) {
        return new UserLogWriter(new UserLogEvents(submitHost, ZoneId.systemDefault()), LogAppender.start(),
                Clock.systemUTC());
    }

    @Override
    public void jobQueued(JobId id, ClassAd ad) {
        Path log = path(id, ad);
        if (log != null) {
            held.add(new Held(log, events.submitted(id, ad, clock.instant().getEpochSecond()).format(), owner(ad)));
        }
    }

    /** Its 000 is in the log already, from when it was submitted. */
    @Override
    public void jobRecovered(JobId id, ClassAd ad) {
    }

    @Override
    public void jobChanged(JobId id, ClassAd before, ClassAd ad) {
        Path log = path(id, ad);
        if (log != null && before != null) {
            events.changed(id, before, ad, clock.instant().getEpochSecond())
                    .ifPresent(e -> held.add(new Held(log, e.format(), owner(ad))));
        }
    }

    @Override
    public void jobLeft(JobId id, ClassAd finalAd) {
    }

    @Override
    public void submitterChanged(SubmitterCounts counts) {
    }

    @Override
    public void statisticsChanged(SchedulerStatistics statistics) {
    }

    /**
     * Appends the transaction's events once it is on disk, in order: the queue log completes its
     * transactions in the order they were appended. Events of a transaction that never reaches
     * the disk are dropped with it.
     */
    @Override
    public void committed(CompletableFuture<Void> onDisk) {
        if (held.isEmpty()) {
            return;
        }
        List<Held> told = held;
        held = new ArrayList<>();
        onDisk.whenComplete((ok, failed) -> {
            if (failed == null) {
                told.forEach(h -> appender.append(h.log(), h.text(), h.owner()));
            } else {
                LOG.warn("{} user log events not written: the queue change they tell of was not written either", told.size());
            }
        });
    }

    /** Writes out what is queued and closes the appender (waiting a few seconds at most). */
    @Override
    public void close() {
        appender.close();
    }

    /** Whose log it is: a root scheduler hands a log it creates to the job's Owner (LogAppender). */
    private static String owner(ClassAd ad) {
        return ad.lookup(Attr.OWNER) instanceof StringValue s ? s.value() : "";
    }

    /** The job's log file: UserLog, resolved against Iwd when relative; null when the job has none or it is unusable. */
    static Path path(JobId id, ClassAd ad) {
        if (!(ad.lookup(USER_LOG) instanceof StringValue log) || log.value().isBlank()) {
            return null;
        }
        try {
            Path p = Path.of(log.value());
            if (!p.isAbsolute() && ad.lookup(Attr.IWD) instanceof StringValue iwd) {
                p = Path.of(iwd.value()).resolve(p);
            }
            return p.isAbsolute() ? p.normalize() : null;
        } catch (InvalidPathException e) {
            LOG.debug("job {}: UserLog '{}' is not a path: {}", id, log.value(), e.getMessage());
            return null;
        }
    }
}
