package org.harrier.scheduler.store;

import java.util.Objects;
import org.harrier.scheduler.userlog.UserLogEntry;

/**
 * A user-log event as the job queue log keeps it, inside the transaction whose change it tells
 * of: numbered in the order the log kept it, so a later record can say every event up to a
 * number is in its file.
 */
record KeptEvent(long seq, UserLogEntry entry) {
    KeptEvent {
        if (seq < 1) {
            throw new IllegalArgumentException("a kept event's number starts at 1: " + seq);
        }
        Objects.requireNonNull(entry, "entry");
    }
}
