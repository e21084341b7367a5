package org.harrier.scheduler.bus;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.harrier.protocol.AgentName;
import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;

/**
 * A startd peer on the real bus speaking docs/protocols.md from the other side: a slot that
 * grants claims (or refuses them when told), and on Activate "runs" the job at once. It answers
 * Activate without Started, as a startd may, so it calls JobStarted (the path the real startd
 * saves), then sends the exit report one way and durably, as the real starter does. A queued
 * Activate is answered at once and "runs" its jobs one after another once the claim's job has
 * ended, each reported with JobStarted (a startd may; the real one says NextStarted).
 */
final class TestStartd implements AutoCloseable {
    static final AgentName NAME = AgentName.harrier("startd", "testhost");

    final List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Every job an Activate named, queued or not, in the order they came. */
    final List<String> activated = java.util.Collections.synchronizedList(new ArrayList<>());
    volatile boolean refuse;
    volatile boolean holdActivations;
    private final Agent agent;
    private final Console console;
    private final AtomicInteger claims = new AtomicInteger();
    final Slot slot = new Slot("slot1@testhost");

    TestStartd(Bus bus) {
        agent = bus.agent(NAME, Duration.ofSeconds(1));
        console = bus.console();
        agent.add(slot);
    }

    final class Slot implements ManagedObject {
        private final ObjectId id;

        Slot(String name) {
            id = ObjectId.grid("slot", name);
        }

        @Override
        public ObjectId id() {
            return id;
        }

        @Override
        public Map<String, Object> values() {
            return Map.of("Name", id.key(), "Machine", "testhost", "State", "Unclaimed");
        }

        @Override
        public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> args, RequestContext caller) {
            calls.add(method + (args.containsKey("Id") ? " " + args.get("Id") : ""));
            switch (method) {
                case "Claim":
                    if (refuse) {
                        return CompletableFuture.failedFuture(new QmfException(QmfException.CLAIM_REFUSED, "claim refused: test"));
                    }
                    AgentName scheduler = AgentName.parse((String) args.get("Scheduler"));
                    int n = claims.incrementAndGet();
                    schedulers.put("c" + n, scheduler);
                    // The dynamic slot carved for the claim, as a real startd names it (and reports it as RemoteHost).
                    return CompletableFuture.completedFuture(Map.of("ClaimId", "c" + n, "Slot", ObjectId.grid("slot", "slot1_1@testhost").objectName()));
                case "Activate":
                    if (holdActivations) {
                        return CompletableFuture.completedFuture(Map.of());
                    }
                    String claimId = (String) args.get("ClaimId");
                    if (Boolean.TRUE.equals(args.get("Queue"))) {
                        // Queued jobs run one after another once the claim's job has ended; the answer comes at once.
                        List<String> ids = new ArrayList<>(List.of((String) args.get("Id")));
                        for (Object more : (List<?>) args.getOrDefault("More", List.of())) {
                            ids.add((String) ((Map<?, ?>) more).get("Id"));
                        }
                        activated.addAll(ids);
                        CompletableFuture<Void> last = ended.getOrDefault(claimId, CompletableFuture.completedFuture(null));
                        for (String id : ids) {
                            last = last.thenCompose(v -> run(claimId, id));
                        }
                        ended.put(claimId, last);
                        return CompletableFuture.completedFuture(Map.<String, Object>of("Started", false, "Queued", (long) ids.size()));
                    }
                    activated.add((String) args.get("Id"));
                    ended.put(claimId, run(claimId, (String) args.get("Id")));
                    return CompletableFuture.completedFuture(Map.of());
                default:
                    return CompletableFuture.completedFuture(Map.of());
            }
        }
    }

    private final Map<String, AgentName> schedulers = new java.util.concurrent.ConcurrentHashMap<>();
    /** Per claim: done once its last job's exit report is sent (the claim is Idle again). */
    private final Map<String, CompletableFuture<Void>> ended = new java.util.concurrent.ConcurrentHashMap<>();

    /** Reports the job started and then exited with code 0, as a starter would. */
    private CompletableFuture<Void> run(String claimId, String jobId) {
        AgentName scheduler = schedulers.get(claimId);
        ObjectId target = ObjectId.grid("scheduler", scheduler.instance());
        return console.invoke(scheduler, target, "JobStarted", Map.of("Id", jobId, "ClaimId", claimId, "RemoteHost", "slot1_1@testhost"),
                Duration.ofSeconds(10)).toCompletableFuture().thenCompose(ok -> exit(claimId, jobId));
    }

    /** Sends job {@code jobId}'s exit report (code 0) one way and durably. */
    private CompletableFuture<Void> exit(String claimId, String jobId) {
        AgentName scheduler = schedulers.get(claimId);
        ObjectId target = ObjectId.grid("scheduler", scheduler.instance());
        return console.sendDurable(scheduler, target, "JobExited",
                Map.of("Id", jobId, "ClaimId", claimId, "ExitCode", 0L, "ExitBySignal", false, "ExitSignal", 0L,
                        "RemoteUserCpu", 0.01, "RemoteSysCpu", 0.0, "RemoteWallClockTime", 0.02)).toCompletableFuture();
    }

    @Override
    public void close() {
        agent.close();
        console.close();
    }
}
