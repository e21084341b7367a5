package org.harrier.scheduler.bus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.harrier.bus.ServiceProcess;
import org.harrier.config.Configuration;
import org.harrier.scheduler.QueueRights;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.store.HistoryLimits;
import org.harrier.scheduler.transfer.TransferLimits;

/**
 * The scheduler process's command line ({@link SchedulerService#main}): its own options and
 * {@code --config FILE}'s knobs read into its settings and transfer limits, then the options
 * every service takes ({@link ServiceProcess.Options}). An option overrides the file's knob.
 * Bad input is an IllegalArgumentException naming the option or knob. Immutable.
 */
record SchedulerOptions(SchedulerSettings settings, TransferLimits limits, ServiceProcess.Options service) {
    static final String USAGE = "harrier-scheduler --broker URL [--name NAME] [--update-interval SECONDS]"
            + " [--spool DIR (default ~/.harrier/spool/NAME)] [--periodic-expr-interval SECONDS (default 60)]"
            + " [--alive-interval SECONDS (default 300)] [--claim-lease SECONDS (default 1800)]"
            + " [--max-concurrent-uploads N] [--max-concurrent-downloads N (default 10 each, 0 no limit)]"
            + " [--max-history-log BYTES (default 20971520)] [--max-history-rotations N (default 2)]"
            + " [--config FILE (QUEUE_SUPER_USERS, QUEUE_SUPER_USER_MAY_IMPERSONATE, MAX_HISTORY_LOG, MAX_HISTORY_ROTATIONS)]";
    private static final String PERIODIC_EXPR_INTERVAL = "--periodic-expr-interval";
    private static final String ALIVE_INTERVAL = "--alive-interval";
    private static final String CLAIM_LEASE = "--claim-lease";
    private static final String MAX_HISTORY_LOG = "--max-history-log";
    private static final String MAX_HISTORY_ROTATIONS = "--max-history-rotations";

    /**
     * Takes option {@code name} and its value out of {@code rest}: the value, or null when the
     * option is not there; IllegalArgumentException {@code missing} when it has no value.
     */
    private static String take(List<String> rest, String name, String missing) {
        int at = rest.indexOf(name);
        if (at < 0) {
            return null;
        }
        if (at + 1 >= rest.size()) {
            throw new IllegalArgumentException(missing);
        }
        String value = rest.get(at + 1);
        rest.subList(at, at + 2).clear();
        return value;
    }

    /** Takes option {@code name} and its count (0 or more) out of {@code rest}; {@code otherwise} when it is not there. */
    private static int count(List<String> rest, String name, int otherwise) {
        String wrong = name + " needs a whole number, 0 or more";
        String value = take(rest, name, wrong);
        if (value == null) {
            return otherwise;
        }
        if (!value.matches("[0-9]{1,9}")) {
            throw new IllegalArgumentException(wrong);
        }
        return Integer.parseInt(value);
    }

    /** Takes option {@code name} and its whole seconds out of {@code rest}; null when it is not there. */
    private static Duration seconds(List<String> rest, String name) {
        String value = take(rest, name, name + " needs a value");
        return value == null ? null : Duration.ofSeconds(ServiceProcess.wholeSeconds(name, value));
    }

    /** Takes {@code --config FILE} out of {@code rest} and reads it; an empty configuration without it. */
    private static Configuration config(List<String> rest) {
        String file = take(rest, "--config", "--config needs a value");
        return file == null ? Configuration.EMPTY : Configuration.read(Path.of(file));
    }

    /**
     * The history knobs of {@code config} ({@link HistoryLimits#from}), overridden by
     * {@code --max-history-log} and {@code --max-history-rotations} taken out of {@code rest};
     * a bad value's error names the knob and "command line" or the file and line.
     */
    private static HistoryLimits historyLimits(List<String> rest, Configuration config) {
        String bytes = take(rest, MAX_HISTORY_LOG, MAX_HISTORY_LOG + " needs a number of bytes");
        String rotations = take(rest, MAX_HISTORY_ROTATIONS, MAX_HISTORY_ROTATIONS + " needs a number of files");
        Configuration c = bytes == null ? config : config.with(HistoryLimits.MAX_HISTORY_LOG, bytes);
        return HistoryLimits.from(rotations == null ? c : c.with(HistoryLimits.MAX_HISTORY_ROTATIONS, rotations));
    }

    /** {@code args} read over {@code defaults}; the update interval given is every service's option. */
    static SchedulerOptions parse(String[] args, SchedulerSettings defaults) {
        // The scheduler's own options first; the rest are every service's.
        List<String> rest = new ArrayList<>(List.of(args));
        Configuration config = config(rest);
        SchedulerSettings settings = defaults.withQueueRights(QueueRights.from(config))
                .withHistoryLimits(historyLimits(rest, config));
        Duration periodic = seconds(rest, PERIODIC_EXPR_INTERVAL);
        if (periodic != null) {
            settings = settings.withPeriodicExprInterval(periodic);
        }
        Duration alive = seconds(rest, ALIVE_INTERVAL);
        Duration lease = seconds(rest, CLAIM_LEASE);
        if (alive != null || lease != null) {
            settings = settings.withLeases(alive != null ? alive : settings.aliveInterval(),
                    lease != null ? lease : settings.claimLease());
        }
        TransferLimits limits = new TransferLimits(count(rest, "--max-concurrent-uploads", TransferLimits.DEFAULT.maxUploads()),
                count(rest, "--max-concurrent-downloads", TransferLimits.DEFAULT.maxDownloads()));
        ServiceProcess.Options service = ServiceProcess.Options.parse(rest.toArray(String[]::new));
        if (service.updateInterval() != null) {
            settings = settings.withUpdateInterval(service.updateInterval());
        }
        return new SchedulerOptions(settings, limits, service);
    }
}
