package org.harrier.exec.run.starter;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where this process's own cgroups are, read from {@code /proc/self/mounts} (which hierarchy is
 * mounted where) and {@code /proc/self/cgroup} (our path in each: {@code 4:memory:/a/b} for a
 * version-1 controller, {@code 0::/a/b} for the unified version-2 hierarchy). Job cgroups are
 * made below our own, so they stay inside whatever limits the startd itself runs under.
 * Pure: the texts are inputs.
 */
record CgroupLayout(Map<String, Path> v1, Optional<Path> v2) {
    CgroupLayout {
        v1 = Map.copyOf(v1);
        java.util.Objects.requireNonNull(v2, "v2");
    }

    static final CgroupLayout NONE = new CgroupLayout(Map.of(), Optional.empty());

    /** Our own cgroup directory of version-1 controller {@code controller} (memory, freezer, ...), if mounted. */
    Optional<Path> v1(String controller) {
        return Optional.ofNullable(v1.get(controller));
    }

    static CgroupLayout parse(String mounts, String selfCgroup) {
        Map<String, Path> mountOf = new HashMap<>();
        Path v2Mount = null;
        for (String line : mounts.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 4) {
                continue;
            }
            if (f[2].equals("cgroup2")) {
                v2Mount = v2Mount == null ? Path.of(unescape(f[1])) : v2Mount;
            } else if (f[2].equals("cgroup")) {
                for (String option : f[3].split(",")) {
                    mountOf.putIfAbsent(option, Path.of(unescape(f[1])));
                }
            }
        }
        Map<String, Path> own = new HashMap<>();
        Path v2 = null;
        for (String line : selfCgroup.split("\n")) {
            String[] f = line.trim().split(":", 3);
            if (f.length != 3 || !f[2].startsWith("/")) {
                continue;
            }
            String relative = f[2].substring(1);
            if (f[0].equals("0") && f[1].isEmpty()) {
                v2 = v2Mount == null ? null : v2Mount.resolve(relative);
            } else {
                for (String controller : List.of(f[1].split(","))) {
                    Path mount = mountOf.get(controller);
                    if (mount != null) {
                        own.put(controller, mount.resolve(relative));
                    }
                }
            }
        }
        return new CgroupLayout(own, Optional.ofNullable(v2));
    }

    /** /proc/self/mounts writes a space in a path as \040 (and tab, newline, backslash alike). */
    private static String unescape(String path) {
        return path.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
    }
}
