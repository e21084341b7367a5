package org.harrier.scheduler.userlog;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.Objects;
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
 * <p>Each event goes to a {@link UserLogKeeper} with the change it tells of. A scheduler with a
 * job queue log keeps it in that log, in the change's transaction, and appends it once the
 * transaction is on disk; after a crash the log says which events may not have reached their
 * files, and the restarted scheduler writes those the files lack (docs/protocols.md, "User
 * log"). So each event is in its log once: a crash before the change is on disk takes both
 * back, and the change, made again, is logged then.
 *
 * <p>Threads: the events arrive on the scheduler's owner thread, which only formats the text;
 * {@link LogAppender} appends it on its own thread, so a slow or hung file system never holds up
 * the scheduler. A file that cannot be written is warned about once and the job and the
 * scheduler carry on: the log is the user's view, not the queue's record.
 */
public final class UserLogWriter implements ScheddEvents, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UserLogWriter.class);
    static final String USER_LOG = "UserLog";

    private final UserLogEvents events;
    private final UserLogKeeper keeper;
    private final Clock clock;
    /** The appender this writer started for itself, closed with it; null when the keeper has its own. */
    private final LogAppender ownAppender;

    public UserLogWriter(UserLogEvents events, UserLogKeeper keeper, Clock clock) {
        this(events, keeper, clock, null);
    }

    private UserLogWriter(UserLogEvents events, UserLogKeeper keeper, Clock clock, LogAppender ownAppender) {
        this.events = Objects.requireNonNull(events, "events");
        this.keeper = Objects.requireNonNull(keeper, "keeper");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ownAppender = ownAppender;
    }

    /** A writer for scheduler {@code submitHost}, local time, whose events {@code keeper} keeps with their changes. */
    public static UserLogWriter keptIn(String submitHost, UserLogKeeper keeper) {
        return new UserLogWriter(new UserLogEvents(submitHost, ZoneId.systemDefault()), keeper, Clock.systemUTC());
    }

    /** A writer for a scheduler whose queue lives in memory: each event is appended at once, on a thread of its own. */
    public static UserLogWriter inMemory(String submitHost) {
        LogAppender appender = LogAppender.start();
        return new UserLogWriter(new UserLogEvents(submitHost, ZoneId.systemDefault()), appender::append, Clock.systemUTC(),
                appender);
    }

    @Override
    public void jobQueued(JobId id, ClassAd ad) {
        Path log = path(id, ad);
        if (log != null) {
            keeper.keep(new UserLogEntry(log, events.submitted(id, ad, clock.instant().getEpochSecond()).format(), owner(ad)));
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
                    .ifPresent(e -> keeper.keep(new UserLogEntry(log, e.format(), owner(ad))));
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

    /** Writes out what its own appender has queued and closes it (waiting a few seconds at most). */
    @Override
    public void close() {
        if (ownAppender != null) {
            ownAppender.close();
        }
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
