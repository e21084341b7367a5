package org.harrier.scheduler.store;

import org.harrier.config.Configuration;
import org.harrier.config.ConfigurationException;

/**
 * How much job history a scheduler keeps, as HTCondor's schedd is told (HTCondor manual,
 * "condor_schedd Configuration File Entries"): once the history file passes
 * {@code maxHistoryLog} bytes (MAX_HISTORY_LOG, 20 MiB by default) it is rotated, and the newest
 * {@code maxHistoryRotations} rotated files are kept (MAX_HISTORY_ROTATIONS, 2 by default; 0
 * keeps none, so only the current file's jobs are remembered). At about 770 bytes a finished job,
 * the defaults keep some 80,000 jobs; a million need about 770 MB in all, such as
 * {@code MAX_HISTORY_LOG = 300 * 1024 * 1024} with the default two rotations. Each file's index costs 24 bytes a job on disk and in the scheduler's memory once
 * read ({@link HistoryFile}). Immutable.
 */
public record HistoryLimits(long maxHistoryLog, int maxHistoryRotations) {
    public static final String MAX_HISTORY_LOG = "MAX_HISTORY_LOG";
    public static final String MAX_HISTORY_ROTATIONS = "MAX_HISTORY_ROTATIONS";
    /** HTCondor's defaults. */
    public static final HistoryLimits DEFAULT = new HistoryLimits(20L * 1024 * 1024, 2);

    public HistoryLimits {
        if (maxHistoryLog < 1) {
            throw new IllegalArgumentException(MAX_HISTORY_LOG + " must be a positive number of bytes, got " + maxHistoryLog);
        }
        if (maxHistoryRotations < 0) {
            throw new IllegalArgumentException(MAX_HISTORY_ROTATIONS + " must be 0 or more rotated files, got "
                    + maxHistoryRotations);
        }
    }

    /**
     * The two knobs of an HTCondor-style configuration, each a whole number or an expression of
     * constants ({@code 1024 * 1024 * 1024}), HTCondor's default where one is not defined; an
     * error names the knob, what it must be and where it was defined.
     */
    public static HistoryLimits from(Configuration config) {
        long bytes = config.integer(MAX_HISTORY_LOG, DEFAULT.maxHistoryLog);
        long rotations = config.integer(MAX_HISTORY_ROTATIONS, DEFAULT.maxHistoryRotations);
        if (bytes < 1) {
            throw new ConfigurationException(MAX_HISTORY_LOG + " must be a positive number of bytes, got " + bytes
                    + " (" + config.origin(MAX_HISTORY_LOG).orElse("not defined") + ")");
        }
        if (rotations < 0 || rotations > Integer.MAX_VALUE) {
            throw new ConfigurationException(MAX_HISTORY_ROTATIONS + " must be a number of rotated files from 0 to "
                    + Integer.MAX_VALUE + ", got " + rotations + " (" + config.origin(MAX_HISTORY_ROTATIONS).orElse("not defined") + ")");
        }
        return new HistoryLimits(bytes, (int) rotations);
    }

    public HistoryLimits withMaxHistoryLog(long bytes) {
        return new HistoryLimits(bytes, maxHistoryRotations);
    }

    public HistoryLimits withMaxHistoryRotations(int rotations) {
        return new HistoryLimits(maxHistoryLog, rotations);
    }
}
