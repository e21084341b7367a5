package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU fields of Linux's {@code /proc/<pid>/stat} (proc(5)): utime, stime, and cutime,
 * cstime, which hold the times of children the process has already waited for. Summing all
 * four over every live process of a job's tree counts each process exactly once: a finished
 * child is in its parent's c-times, a live one only in its own.
 *
 * <p>Times are in clock ticks of USER_HZ, which the kernel fixes at 100 for /proc on every
 * architecture Harrier runs on (x86, arm64, ppc64le); Java cannot ask sysconf(_SC_CLK_TCK).
 */
final class ProcStat {
    static final double TICKS_PER_SECOND = 100.0;

    private ProcStat() {
    }

    /** The process's own and waited-for children's CPU time; ZERO if it is gone or /proc is absent. */
    static CpuTime read(long pid) {
        try {
            return parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return CpuTime.ZERO;
        }
    }

    /** Parses one stat line. The command name is in parentheses and may contain spaces and parentheses. */
    static CpuTime parse(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc stat line: " + stat);
        }
        String[] f = stat.substring(close + 2).trim().split(" ");
        // f[0] is field 3 (state); utime is field 14, so f[11]; then stime, cutime, cstime.
        long utime = Long.parseLong(f[11]);
        long stime = Long.parseLong(f[12]);
        long cutime = Long.parseLong(f[13]);
        long cstime = Long.parseLong(f[14]);
        return new CpuTime((utime + cutime) / TICKS_PER_SECOND, (stime + cstime) / TICKS_PER_SECOND);
    }
}
