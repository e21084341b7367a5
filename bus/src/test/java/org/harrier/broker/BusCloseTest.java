package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.BusException;
import org.harrier.bus.Console;
import org.harrier.bus.ManagedObject;
import org.harrier.bus.RequestContext;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What closing a bus promises its consoles: a call still waiting fails at once, a message sent
 * before the close still arrives, the broker holds none of the console's reply queues after it,
 * and the other side keeps serving.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BusCloseTest {
    private static final AgentName AGENT = AgentName.harrier("scheduler", "closer");
    private static final ObjectId OBJECT = ObjectId.grid("scheduler", "closer");
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    /** Answers Hold at once; takes note of a Remove and never answers it, nor anything else. */
    private static final class Silent implements ManagedObject {
        final CompletableFuture<Map<String, Object>> counted = new CompletableFuture<>();

        @Override
        public ObjectId id() {
            return OBJECT;
        }

        @Override
        public Map<String, Object> values() {
            return Map.of("Name", "closer");
        }

        @Override
        public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext context) {
            return switch (method) {
                case "Hold" -> CompletableFuture.completedFuture(Map.of());
                case "Remove" -> {
                    counted.complete(Map.of("Said", arguments.get("Reason")));
                    yield new CompletableFuture<>();
                }
                default -> new CompletableFuture<>();
            };
        }
    }

    @Test
    void closingTheBusFailsWaitingCallsDropsItsReplyQueueAndStillDeliversWhatItSent() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
             Bus agentSide = Bus.connect(broker.clientUrl())) {
            Agent agent = agentSide.agent(AGENT, Duration.ofMillis(200));
            Silent silent = new Silent();
            agent.add(silent);
            List<String> before = queues(broker);

            Bus commandSide = Bus.connect(broker.clientUrl());
            Console console = commandSide.console();
            assertEquals(Map.of(), Console.join(console.invoke(AGENT, OBJECT, "Hold", hold(), WAIT)));
            assertTrue(queues(broker).size() > before.size(), "the console's reply queue is on the broker");
            CompletableFuture<Map<String, Object>> waiting = console.invoke(AGENT, OBJECT, "Release",
                    Map.of("Id", "1.0", "Reason", "waits"), Duration.ofSeconds(50));
            console.invoke(AGENT, OBJECT, "Remove", Map.of("Id", "1.0", "Reason", "last words"), Duration.ofSeconds(50));
            commandSide.close();

            BusException closed = assertThrows(BusException.class, () -> Console.join(waiting));
            assertEquals("the console was closed", closed.getMessage());
            assertEquals(Map.of("Said", "last words"), silent.counted.get(WAIT.toSeconds(), TimeUnit.SECONDS),
                    "a call sent before the close reaches the agent");
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!queues(broker).equals(before) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(before, queues(broker), "the broker dropped the closed console's reply queue");

            try (Bus another = Bus.connect(broker.clientUrl())) {
                assertEquals(Map.of(), Console.join(another.console().invoke(AGENT, OBJECT, "Hold", hold(), WAIT)));
            }
        }
    }

    private static Map<String, Object> hold() {
        return Map.of("Id", "1.0", "Reason", "test");
    }

    private static List<String> queues(GridBroker broker) {
        return broker.artemis().getPostOffice().getAllBindings()
                .filter(b -> b instanceof org.apache.activemq.artemis.core.postoffice.QueueBinding)
                .map(b -> b.getUniqueName().toString()).sorted().toList();
    }
}
