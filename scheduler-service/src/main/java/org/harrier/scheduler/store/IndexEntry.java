package org.harrier.scheduler.store;

/**
 * One ad of a history file, as its index keeps it: the job's ids (cluster
 * {@link HistoryIndex#UNKNOWN} when the ad has none that are whole numbers) and the bytes it
 * takes, from its first attribute line to the newline closing its banner line.
 */
record IndexEntry(int cluster, int proc, long start, int length) {
    IndexEntry {
        if (cluster < 0 || proc < 0) {
            throw new IllegalArgumentException("history index ids are 0 (unknown) or more, got " + cluster + "." + proc);
        }
        if (start < 0 || length < 1) {
            throw new IllegalArgumentException("a history ad starts at byte 0 or later and has a banner line, got "
                    + length + " bytes at " + start);
        }
    }

    long end() {
        return start + length;
    }
}
