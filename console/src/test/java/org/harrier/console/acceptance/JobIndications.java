package org.harrier.console.acceptance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.harrier.protocol.ObjectData;
import org.harrier.bus.Console;

/**
 * What a console hears about jobs: every {@code job} data indication from any scheduler, kept
 * per job in arrival order. Subscribe before submitting, so nothing a job goes through is missed.
 *
 * <p>Threads: the console's delivery thread appends; test threads read copies. Each job's list
 * is only appended to under its own lock.
 */
final class JobIndications implements AutoCloseable {
    /** One indication of one job: its JobStatus then, or that it was deleted (left the queue). */
    record Seen(long status, boolean deleted) {
        @Override
        public String toString() {
            return deleted ? "delete " + status : Long.toString(status);
        }
    }

    private final Map<String, List<Seen>> byJob = new ConcurrentHashMap<>();
    private final AutoCloseable subscription;

    JobIndications(Console console) {
        this.subscription = console.subscribe("job", this::heard);
    }

    private void heard(ObjectData d) {
        long status = d.get("JobStatus") instanceof Number n ? n.longValue() : -1;
        List<Seen> seen = byJob.computeIfAbsent(d.id().key(), k -> new ArrayList<>());
        synchronized (seen) {
            seen.add(new Seen(status, d.deleted()));
        }
    }

    /** Every indication of job {@code id} ("cluster.proc") so far, in arrival order. */
    List<Seen> of(String id) {
        List<Seen> seen = byJob.get(id);
        if (seen == null) {
            return List.of();
        }
        synchronized (seen) {
            return List.copyOf(seen);
        }
    }

    /**
     * The statuses job {@code id} went through as its indications told them, a repeat of the
     * same status (an indication for another attribute's change) counted once. The delete
     * counts too: it carries the job's final values, and an agent that batches indications
     * sends it in place of a last snapshot with the same values (docs/protocols.md).
     */
    List<Long> statusPath(String id) {
        List<Long> path = new ArrayList<>();
        for (Seen s : of(id)) {
            if (path.isEmpty() || path.get(path.size() - 1) != s.status()) {
                path.add(s.status());
            }
        }
        return path;
    }

    boolean left(String id) {
        return of(id).stream().anyMatch(Seen::deleted);
    }

    /** How many jobs of {@code cluster} have left the queue. */
    long leftOf(long cluster) {
        String prefix = cluster + ".";
        return byJob.keySet().stream().filter(id -> id.startsWith(prefix)).filter(this::left).count();
    }

    void awaitLeft(String id) {
        Eventually.await("job " + id + " to leave the queue", Eventually.PATIENCE, () -> left(id), () -> of(id).toString());
    }

    @Override
    public void close() throws Exception {
        subscription.close();
    }
}
