package org.harrier.benchmarks.grid;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ads the collector dropped because their lifetime passed, read from the grid's log: the
 * collector's sweep logs each one at info as "{@code <class> ad <key> from <agent> expired}"
 * (collector-service's {@code CentralManager}; {@code harrier up} logs org.harrier at info).
 * The collector sends nothing on the bus when an ad expires (docs/protocols.md, "Advertisement":
 * only the publisher's own delete indication removes an ad early), so its log is the one place
 * that says. An ad that expires was not refreshed for ClassAdLifetime, three UPDATE_INTERVALs:
 * its daemon's updates were stalled, or stuck behind other traffic, for that long.
 *
 * <p>Threads: used by the benchmark's main thread only; the log is the grid process's.
 */
final class ExpiryLog {
    private static final Pattern EXPIRED = Pattern.compile(
            " org\\.harrier\\.collector\\.CentralManager - (\\w+) ad (.+) from (.+) expired$");

    private final Path log;

    ExpiryLog(Path log) {
        this.log = log;
    }

    /** Where the log ends now: what {@link #since} counts from. */
    long mark() throws IOException {
        return Files.size(log);
    }

    /** The expired ads logged after {@code mark}, counted by class ("slot", "scheduler", "submitter"). */
    Map<String, Integer> since(long mark) throws IOException {
        String text;
        try (InputStream in = Files.newInputStream(log)) {
            in.skipNBytes(mark);
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return expired(text);
    }

    /** The expiry lines of {@code text}, counted by ad class. */
    static Map<String, Integer> expired(String text) {
        Map<String, Integer> byClass = new TreeMap<>();
        for (String line : (Iterable<String>) text.lines()::iterator) {
            Matcher m = EXPIRED.matcher(line);
            if (m.find()) {
                byClass.merge(m.group(1), 1, Integer::sum);
            }
        }
        return byClass;
    }

    static int total(Map<String, Integer> byClass) {
        return byClass.values().stream().mapToInt(Integer::intValue).sum();
    }
}
