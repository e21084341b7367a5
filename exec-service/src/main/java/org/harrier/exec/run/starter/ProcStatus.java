package org.harrier.exec.run.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The memory lines of Linux's {@code /proc/<pid>/status} (proc(5)): VmSize, the virtual size,
 * and VmRSS, the resident set, both in kB (which the kernel means as KiB). Summed over a job's
 * live processes they give HTCondor's ImageSize and ResidentSetSize where no memory cgroup
 * measures the job (pages shared between the processes are counted once per process, as
 * HTCondor's procapi counts them).
 */
final class ProcStatus {
    private ProcStatus() {
    }

    /** The process's VmSize and VmRSS as ImageSize/ResidentSetSize; NONE if it is gone or /proc is absent. */
    static ResourceUsage read(long pid) {
        try {
            return parse(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
        } catch (IOException | RuntimeException e) {
            return ResourceUsage.NONE;
        }
    }

    /** Parses a status file; a kernel thread or zombie, which has no Vm lines, uses nothing. */
    static ResourceUsage parse(String status) {
        return new ResourceUsage(field(status, "VmSize:"), field(status, "VmRSS:"), 0);
    }

    private static long field(String status, String name) {
        for (String line : status.split("\n")) {
            if (line.startsWith(name)) {
                String[] parts = line.substring(name.length()).trim().split("\\s+");
                if (parts.length != 2 || !parts[1].equals("kB")) {
                    throw new IllegalArgumentException("not a /proc status line: '" + line + "'");
                }
                return Long.parseLong(parts[0]);
            }
        }
        return 0;
    }
}
