package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.NegotiatorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.bus.ExecService;
import org.harrier.protocol.AgentName;
import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTCondor's Matched slot state on a real grid (embedded broker, the collector/negotiator and an
 * exec service in this JVM): with NEGOTIATOR_INFORM_STARTD the negotiator's notice shows the
 * matched slot Matched (in its published ad and in {@code harrier status}) until MATCH_TIMEOUT
 * passes without a claim; with the default (false) a slot never shows it. The scheduler is a
 * stand-in that has one idle job until it is told of a match, and never claims: so the time
 * between the match and the claim, which a real scheduler makes milliseconds long, lasts.
 */
@Timeout(120)
class MatchedStateTest {
    private static final Duration SECOND = Duration.ofSeconds(1);

    @TempDir
    static Path dir;
    private static GridBroker broker;
    private static Bus bus;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        bus = Bus.connect(broker.clientUrl());
    }

    @AfterAll
    static void stopBroker() throws Exception {
        bus.close();
        broker.close();
    }

    /** A scheduler with one idle job until a Matched tells it of a match; it never claims. */
    static final class ForgetfulScheduler implements ManagedObject {
        private final ObjectId id;
        private final AtomicBoolean matched = new AtomicBoolean();
        final List<Object> matches = new CopyOnWriteArrayList<>();

        ForgetfulScheduler(String name) {
            this.id = ObjectId.grid("scheduler", name);
        }

        @Override
        public ObjectId id() {
            return id;
        }

        @Override
        public Map<String, Object> values() {
            return Map.of("Name", id.key(), "TotalIdleJobs", matched.get() ? 0L : 1L);
        }

        @Override
        public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
            return switch (method) {
                case "GetRequests" -> CompletableFuture.completedFuture(Map.of("Requests", matched.get() ? List.of()
                        : List.of(Map.of("RequestId", 1L, "Owner", "alice", "Count", 1L, "Ad", Map.of("Owner", "alice",
                                "RequestCpus", 1L, "RequestMemory", 128L, "Requirements", "true",
                                "!!descriptors", Map.of("Requirements", "com.redhat.grid.Expression"))))));
                case "Matched" -> {
                    matches.add(arguments.get("Matches"));
                    matched.set(true);
                    yield CompletableFuture.completedFuture(Map.of());
                }
                default -> ManagedObject.super.invoke(method, arguments, caller);
            };
        }
    }

    /** One pool per test: its own collector, exec service and stand-in scheduler, on the shared broker. */
    private record Pool(CollectorService collector, ExecService exec, Agent schedulerAgent, ForgetfulScheduler scheduler,
                        List<String> states, AutoCloseable subscription) implements AutoCloseable {
        String slot() {
            return exec.startd().slot().name();
        }

        @Override
        public void close() throws Exception {
            subscription.close();
            schedulerAgent.close();
            exec.close();
            collector.close();
        }
    }

    private static Pool pool(String name, NegotiatorSettings negotiation, Duration matchTimeout) {
        List<String> states = new CopyOnWriteArrayList<>();
        String slot = "slot1@" + name;
        AutoCloseable subscription = bus.console().subscribe("slot", d -> {
            if (d.id().key().equals(slot) && !d.deleted()) {
                states.add(String.valueOf(d.get("State")));
            }
        });
        CollectorService collector = CollectorService.start(bus, "cm-" + name,
                CollectorSettings.defaults().withMachine("cm-" + name).withUpdateInterval(SECOND), negotiation);
        ExecService exec = ExecService.start(bus, name, ExecSettings.builder().cpus(1).memoryMiB(1024).diskKiB(100_000)
                .machine(name).executeDir(dir).updateInterval(SECOND).matchTimeout(matchTimeout).runJobsAsItself().build());
        ForgetfulScheduler scheduler = new ForgetfulScheduler("lazy-" + name);
        Agent agent = bus.agent(AgentName.harrier("scheduler", "lazy-" + name), SECOND);
        agent.advertise(scheduler, SECOND);
        return new Pool(collector, exec, agent, scheduler, states, subscription);
    }

    private static String name(TestInfo test) {
        return test.getTestMethod().orElseThrow().getName().substring(0, 12).toLowerCase();
    }

    @Test
    void withInformStartdTheSlotIsMatchedUntilMatchTimeoutPassesWithoutAClaim(TestInfo test) throws Exception {
        try (Pool pool = pool(name(test), NegotiatorSettings.defaults().withInformStartd(true), Duration.ofSeconds(2))) {
            Eventually.await("the scheduler to hear of a match", Eventually.PATIENCE, () -> !pool.scheduler().matches.isEmpty(),
                    pool.states()::toString);
            Eventually.await("the slot to be seen Matched, then back", Eventually.PATIENCE, () -> {
                int matched = pool.states().indexOf("Matched");
                return matched >= 0 && pool.states().subList(matched, pool.states().size()).contains("Unclaimed");
            }, pool.states()::toString);
            assertEquals("Unclaimed", pool.exec().startd().matches().stay().state());
            assertTrue(pool.exec().startd().matches().stay().times().totals().containsKey("MatchedIdle"),
                    "the Matched stay is counted: " + pool.exec().startd().matches().stay());
        }
    }

    @Test
    void harrierStatusShowsAMatchedSlot(TestInfo test) throws Exception {
        try (Pool pool = pool(name(test), NegotiatorSettings.defaults().withInformStartd(true), Duration.ofSeconds(60))) {
            GridUser user = new GridUser(broker.clientUrl(), dir);
            Run[] last = new Run[1];
            Eventually.await("harrier status to show " + pool.slot() + " Matched", Eventually.PATIENCE, () -> {
                last[0] = user.harrier("status", "-constraint", "Name == \"" + pool.slot() + "\"");
                return last[0].out().lines().anyMatch(l -> l.startsWith(pool.slot()) && l.contains(" Matched "));
            }, () -> last[0] == null ? "" : last[0].out() + last[0].err());
            String total = last[0].out().lines().filter(l -> l.matches("\\s*Total\\s+\\d.*")).findFirst().orElseThrow();
            assertEquals(List.of("Total", "1", "0", "0", "0", "1", "0", "0"), List.of(total.strip().split("\\s+")),
                    "the summary counts it under Matched:\n" + last[0].out());
        }
    }

    @Test
    void byDefaultTheStartdIsNotToldAndTheSlotNeverShowsMatched(TestInfo test) throws Exception {
        try (Pool pool = pool(name(test), NegotiatorSettings.defaults(), Duration.ofSeconds(2))) {
            Eventually.await("the scheduler to hear of a match", Eventually.PATIENCE, () -> !pool.scheduler().matches.isEmpty(),
                    pool.states()::toString);
            int seen = pool.states().size();
            // Two periodic advertisements after the match: a notice would have been sent before the scheduler heard.
            Eventually.await("two more advertisements of the slot", Eventually.PATIENCE, () -> pool.states().size() >= seen + 2,
                    pool.states()::toString);
            assertFalse(pool.states().contains("Matched"), pool.states().toString());
            assertFalse(pool.exec().startd().matches().stay().times().totals().containsKey("MatchedIdle"));
        }
    }
}
