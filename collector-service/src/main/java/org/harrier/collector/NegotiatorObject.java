package org.harrier.collector;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.harrier.mgmt.Caller;
import org.harrier.mgmt.ManagedObject;
import org.harrier.mgmt.ObjectId;
import org.harrier.mgmt.QmfException;

/**
 * The {@code negotiator} managed object: the last cycle's statistics, and {@code Reschedule}.
 * {@link #values()} reads a volatile snapshot the owner thread replaces after each cycle, so the
 * agent may call it from any thread.
 */
final class NegotiatorObject implements ManagedObject {
    private final ObjectId id;
    private final CollectorSettings settings;
    private final Runnable reschedule;
    private volatile CycleStatistics statistics = CycleStatistics.NONE;

    NegotiatorObject(String name, CollectorSettings settings, Runnable reschedule) {
        this.id = ObjectId.grid("negotiator", name);
        this.settings = settings;
        this.reschedule = reschedule;
    }

    void update(CycleStatistics s) {
        statistics = s;
    }

    CycleStatistics statistics() {
        return statistics;
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        CycleStatistics s = statistics;
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("Name", id.key());
        v.put("Machine", settings.machine());
        v.put("NegotiatorInterval", CollectorSettings.ceilSeconds(settings.negotiatorInterval()));
        v.put("Cycles", s.cycles());
        v.put("Time", nanos(s.time()));
        v.put("Duration", s.seconds());
        v.put("Matches", s.matches());
        v.put("MatchRate", s.matchRate());
        v.put("Rejections", s.rejections());
        v.put("CandidateSlots", s.candidateSlots());
        v.put("NumIdleJobs", s.idleJobs());
        v.put("NumSchedulers", s.schedulers());
        return Map.copyOf(v);
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** Reschedule: a cycle starts NEGOTIATOR_CYCLE_DELAY from now (coalesced with any other trigger). */
    @Override
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, Caller caller) {
        if (!method.equals("Reschedule")) {
            return CompletableFuture.failedFuture(new QmfException(QmfException.NOT_IMPLEMENTED,
                    "negotiator does not implement " + method));
        }
        reschedule.run();
        return CompletableFuture.completedFuture(Map.of());
    }
}
