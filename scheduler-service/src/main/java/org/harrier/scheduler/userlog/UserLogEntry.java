package org.harrier.scheduler.userlog;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One event bound for a job's user log: the file, the event's whole text in HTCondor's format
 * (ending with its {@code ...} line), and the job's Owner, who is handed a log the scheduler
 * creates ({@link LogAppender}).
 */
public record UserLogEntry(Path file, String text, String owner) {
    public UserLogEntry {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(owner, "owner");
    }
}
