package org.harrier.benchmarks.grid;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogReader;

/**
 * The events of a set of user logs, counted per job against what a {@code /bin/true} job that
 * ran once must leave: exactly one submit (000), one execute (001) and one terminate (005)
 * event, and nothing else (HTCondor manual, "Logging in the job event log"). Read with the
 * scheduler's own {@link UserLogReader}, as {@code harrier wait} reads a log.
 *
 * @param mismatches one line per job (or log) that broke the rule, naming the log and the counts
 */
record UserLogTally(long submits, long executes, long terminates, long others, List<String> mismatches) {
    UserLogTally {
        mismatches = List.copyOf(mismatches);
    }

    /** Counts {@code logs}: each log file with the cluster whose {@code procs} jobs should be all it holds. */
    static UserLogTally count(Map<Path, Long> logs, int procs) throws IOException {
        long[] totals = new long[4];
        List<String> mismatches = new ArrayList<>();
        for (Map.Entry<Path, Long> log : logs.entrySet()) {
            if (!Files.exists(log.getKey())) {
                mismatches.add(log.getKey() + ": no log written");
                continue;
            }
            int[][] perProc = new int[procs][4];
            for (UserLogEvent e : UserLogReader.read(log.getKey()).events()) {
                int kind = kind(e.code());
                totals[kind]++;
                if (e.job().cluster() != log.getValue() || e.job().proc() < 0 || e.job().proc() >= procs) {
                    mismatches.add(String.format(Locale.ROOT, "%s: event %03d of job %s, not one of cluster %d's",
                            log.getKey(), e.code(), e.job(), log.getValue()));
                } else {
                    perProc[e.job().proc()][kind]++;
                }
            }
            for (int proc = 0; proc < procs; proc++) {
                int[] n = perProc[proc];
                if (n[0] != 1 || n[1] != 1 || n[2] != 1 || n[3] != 0) {
                    mismatches.add(String.format(Locale.ROOT, "%s: job %d.%d has submit %d, execute %d, terminate %d,"
                            + " other %d", log.getKey(), log.getValue(), proc, n[0], n[1], n[2], n[3]));
                }
            }
        }
        return new UserLogTally(totals[0], totals[1], totals[2], totals[3], mismatches);
    }

    private static int kind(int code) {
        return switch (code) {
            case UserLogEvent.SUBMIT -> 0;
            case UserLogEvent.EXECUTE -> 1;
            case UserLogEvent.TERMINATED -> 2;
            default -> 3;
        };
    }
}
