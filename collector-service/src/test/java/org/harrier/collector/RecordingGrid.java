package org.harrier.collector;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import org.harrier.collector.bus.NegotiatorObject;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.scheduler.GetRequests;
import org.harrier.protocol.scheduler.Matched;
import org.harrier.protocol.slot.MatchNotice;

/**
 * The grid as the central manager's tests need it, in memory, speaking the wire form (GetRequests
 * answers given and Matched calls recorded as argument maps, read and written by protocol's records): schedulers that answer
 * GetRequests as each test says (now, later, or with a failure) and record every Matched; match
 * notices to startds (recorded, and failing, as a startd that is gone would); and the objects the central manager publishes.
 */
final class RecordingGrid implements Schedulers, StartdNotices, NegotiatorEvents {
    record Notice(AgentName startd, ObjectId slot, Map<String, Object> arguments) {
    }

    /** A Matched call; {@code publishedBefore} counts what had been published when it was made. */
    record Call(AgentName scheduler, ObjectId object, List<Map<String, Object>> matches, int publishedBefore) {
    }

    private final Map<AgentName, Function<AgentName, CompletableFuture<List<?>>>> schedulers = new ConcurrentHashMap<>();
    final List<AgentName> getRequestsCalls = new CopyOnWriteArrayList<>();
    final List<ObjectId> objectsAsked = new CopyOnWriteArrayList<>();
    final List<Call> matchedCalls = new CopyOnWriteArrayList<>();
    final List<Map<String, Object>> published = new CopyOnWriteArrayList<>();
    final List<Notice> notices = new CopyOnWriteArrayList<>();
    volatile boolean failMatched;
    private volatile NegotiatorObject negotiator;

    /** The ports of a central manager that talks to this grid. */
    Peers peers() {
        return new Peers(this, this, this);
    }

    /** What each cycle publishes: the values of {@code negotiator}, the central manager's negotiator object. */
    void publishes(NegotiatorObject negotiator) {
        this.negotiator = negotiator;
    }

    /** {@code scheduler} answers GetRequests with {@code requests} at once. */
    void answers(AgentName scheduler, List<?> requests) {
        schedulers.put(scheduler, s -> CompletableFuture.completedFuture(requests));
    }

    /** {@code scheduler} answers GetRequests with whatever {@code answer} completes with. */
    void answersWith(AgentName scheduler, Function<AgentName, CompletableFuture<List<?>>> answer) {
        schedulers.put(scheduler, answer);
    }

    @Override
    public CompletionStage<GetRequests.Requests> getRequests(AgentName scheduler, ObjectId object) {
        getRequestsCalls.add(scheduler);
        objectsAsked.add(object);
        Function<AgentName, CompletableFuture<List<?>>> s = schedulers.get(scheduler);
        return s == null ? CompletableFuture.failedFuture(new IllegalStateException("no scheduler " + scheduler))
                : s.apply(scheduler).thenApply(wire -> GetRequests.METHOD.readAnswer(Map.of("Requests", wire)));
    }

    @Override
    @SuppressWarnings("unchecked")
    public CompletionStage<?> matched(AgentName scheduler, ObjectId object, Matched request) {
        List<Map<String, Object>> matches = (List<Map<String, Object>>) Matched.METHOD.writeRequest(request).get("Matches");
        matchedCalls.add(new Call(scheduler, object, matches, published.size()));
        return failMatched ? CompletableFuture.failedFuture(new IllegalStateException("scheduler gone"))
                : CompletableFuture.completedFuture(Map.of());
    }

    @Override
    public CompletionStage<?> inform(AgentName startd, ObjectId slot, MatchNotice notice) {
        notices.add(new Notice(startd, slot, MatchNotice.METHOD.writeRequest(notice)));
        return CompletableFuture.failedFuture(new IllegalStateException("startds here never answer"));
    }

    @Override
    public void cycleEnded(CycleStatistics statistics) {
        published.add(negotiator.values());
    }

    /**
     * The negotiator statistics of the cycle that made {@code call}, once published, else null:
     * a cycle tells its schedulers before it publishes, on one thread, so they are the first
     * statistics published after the call; earlier ones are of earlier cycles.
     */
    Map<String, Object> statisticsOf(Call call) {
        return published.stream().skip(call.publishedBefore()).filter(v -> v.containsKey("Cycles")).findFirst().orElse(null);
    }

    long cyclesPublished() {
        return published.stream().filter(v -> v.containsKey("Cycles")).mapToLong(v -> (Long) v.get("Cycles")).max().orElse(0);
    }
}
