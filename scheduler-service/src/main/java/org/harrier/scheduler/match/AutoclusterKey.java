package org.harrier.scheduler.match;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Value;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobQueue;

/**
 * What makes two idle jobs interchangeable to the matchmaker: their owner, and the values of
 * every attribute matching can read — Requirements and Rank themselves, the attributes they
 * reference (followed through the job's own expressions), and the resource requests a slot is
 * carved from. Jobs with equal keys form one autocluster, one request to the negotiator, and
 * may run one after another on one claim (HTCondor's autoclusters, "significant attributes").
 *
 * <p>The key is the canonical text {@code owner|name=value|...} with names lower-cased and
 * sorted; an attribute the job lacks is written {@code name=<absent>}.
 */
public record AutoclusterKey(String owner, String signature) {
    /**
     * Read by matching or slot carving whether or not Requirements mention them; and by the
     * negotiator's fair share (AccountingGroup: the submitter), concurrency limits and
     * preemption (MaxJobRetirementTime), so jobs that differ in them are different requests.
     */
    static final Set<String> ALWAYS = Set.of("requirements", "rank", "requestcpus", "requestmemory",
            "requestdisk", "requestgpus", "jobuniverse", "owner", "accountinggroup", "concurrencylimits",
            "maxjobretirementtime");

    public AutoclusterKey {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(signature, "signature");
    }

    /** The key of {@code job}; pure. */
    public static AutoclusterKey of(ClassAd job) {
        return read(job).key();
    }

    /** A key and the (lower-cased) attribute names it was read from. */
    record Reading(AutoclusterKey key, Set<String> names) {
    }

    static Reading read(ClassAd job) {
        TreeMap<String, String> values = new TreeMap<>();
        Deque<String> todo = new ArrayDeque<>(new TreeSet<>(ALWAYS));
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (values.containsKey(name)) {
                continue;
            }
            Expr e = job.lookup(name);
            values.put(name, e == null ? "<absent>" : e.unparse());
            if (e != null && !(e instanceof Value)) {
                for (String ref : e.references()) {
                    String n = ref.toLowerCase(Locale.ROOT);
                    if (!values.containsKey(n)) {
                        todo.push(n);
                    }
                }
            }
        }
        StringBuilder sig = new StringBuilder();
        values.forEach((name, text) -> sig.append('|').append(name).append('=').append(text));
        return new Reading(new AutoclusterKey(JobQueue.owner(job), sig.toString()), values.keySet());
    }
}
