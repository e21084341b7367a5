package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Schema;
import org.harrier.testing.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Persistent one-way requests (Console.sendDurable, the starter's exit reports) sent while their
 * agent is down wait on the broker, also across a broker restart, and reach the agent once it
 * serves requests: an agent made with {@link Bus#agentServingLater} takes none before its
 * objects are hosted, so none is answered "no object" and lost. A one-way request is
 * acknowledged only once its method has completed: a service that dies before that gets it again.
 */
@Timeout(60)
class DurableRequestsTest {
    private static final AgentName AGENT = AgentName.harrier("scheduler", "later");
    private static final ObjectId OBJECT = ObjectId.grid("scheduler", "later");

    @TempDir
    Path dir;

    private static void await(String what, BooleanSupplier done) {
        Await.until(what, Duration.ofSeconds(20), done::getAsBoolean);
    }

    private static void sendThree(Console console) {
        for (int i = 0; i < 3; i++) {
            Console.join(console.sendDurable(AGENT, OBJECT, "Submit", Map.of("Ad", Map.of("Cluster", 5L))));
        }
    }

    @Test
    void requestsSentWhileTheAgentWasDownWaitUntilItServesThem() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
             Bus sender = Bus.connect(broker.clientUrl());
             Bus service = Bus.connect(broker.clientUrl())) {
            sendThree(sender.console());
            Agent agent = service.agentServingLater(AGENT, Duration.ofSeconds(1));
            Thread.sleep(300); // give an agent that served at once the chance to answer "no object"
            Calculator calc = new Calculator("later");
            agent.add(calc);
            agent.serveRequests();
            await("the three reports", () -> Long.valueOf(3).equals(calc.values().get("JobsSubmitted")));
            agent.serveRequests(); // a second call changes nothing
            Console.join(sender.console().sendDurable(AGENT, OBJECT, "Submit", Map.of("Ad", Map.of("Cluster", 5L))));
            await("a fourth one, sent while it serves", () -> Long.valueOf(4).equals(calc.values().get("JobsSubmitted")));
        }
    }

    @Test
    void requestsTheBrokerTookSurviveItsRestart() throws Exception {
        GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
        try (Bus sender = Bus.connect(broker.clientUrl())) {
            sendThree(sender.console());
        }
        BrokerSettings same = broker.settings().withPort(broker.port());
        broker.stop();
        broker = GridBroker.start(same);
        try (Bus service = Bus.connect(broker.clientUrl())) {
            Agent agent = service.agentServingLater(AGENT, Duration.ofSeconds(1));
            Calculator calc = new Calculator("later");
            agent.add(calc);
            agent.serveRequests();
            await("the three reports after the restart", () -> Long.valueOf(3).equals(calc.values().get("JobsSubmitted")));
            assertEquals(3L, calc.values().get("JobsSubmitted"));
        } finally {
            broker.close();
        }
    }

    @Test
    void aRequestSentWhileTheBrokerIsDownIsTakenOnceItIsBack() throws Exception {
        GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
        BrokerSettings same = broker.settings().withPort(broker.port());
        try (Bus sender = Bus.connect(broker.clientUrl())) {
            Console console = sender.console();
            broker.stop();
            CompletableFuture<Void> sent = console.sendDurable(AGENT, OBJECT, "Submit", Map.of("Ad", Map.of("Cluster", 9L)));
            broker = GridBroker.start(same);
            Console.join(sent); // failover holds the send until the connection is back; it is not dropped
            try (Bus service = Bus.connect(broker.clientUrl())) {
                Parking p = serving(service);
                Map.Entry<Long, CompletableFuture<Map<String, Object>>> taken = p.next();
                assertEquals(9L, taken.getKey());
                taken.getValue().complete(Map.of());
                Console.join(console.sendDurable(AGENT, OBJECT, "Submit", Map.of("Ad", Map.of("Cluster", 10L))));
                assertEquals(10L, p.next().getKey(), "the one sent while the broker was down came once");
            }
        } finally {
            broker.close();
        }
    }

    /** A scheduler object whose Submit calls wait until the test completes them, each with its Cluster. */
    private record Parking(BlockingQueue<Map.Entry<Long, CompletableFuture<Map<String, Object>>>> calls) implements ManagedObject {
        Parking() {
            this(new LinkedBlockingQueue<>());
        }

        @Override
        public ObjectId id() {
            return OBJECT;
        }

        @Override
        public Map<String, Object> values() {
            return Map.of("Name", "later");
        }

        @Override
        public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
            CompletableFuture<Map<String, Object>> done = new CompletableFuture<>();
            Object cluster = ((Map<?, ?>) arguments.get("Ad")).get("Cluster");
            calls.add(Map.entry((Long) cluster, done));
            return done;
        }

        Map.Entry<Long, CompletableFuture<Map<String, Object>>> next() throws InterruptedException {
            Map.Entry<Long, CompletableFuture<Map<String, Object>>> c = calls.poll(20, TimeUnit.SECONDS);
            if (c == null) {
                throw new AssertionError("no request arrived");
            }
            return c;
        }
    }

    private static Parking serving(Bus bus) {
        Agent agent = bus.agentServingLater(AGENT, Duration.ofSeconds(1));
        Parking p = new Parking();
        agent.add(p);
        agent.serveRequests();
        return p;
    }

    @Test
    void aOneWayRequestWhoseServiceDiedBeforeItsMethodCompletedIsDeliveredAgainAndOnlyThen() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
             Bus sender = Bus.connect(broker.clientUrl())) {
            Console.join(sender.console().sendDurable(AGENT, OBJECT, "Submit", Map.of("Ad", Map.of("Cluster", 1L))));
            try (Bus dying = Bus.connect(broker.clientUrl())) {
                assertEquals(1L, serving(dying).next().getKey(), "taken, never completed: the service dies");
            }
            try (Bus second = Bus.connect(broker.clientUrl())) {
                Parking p = serving(second);
                Map.Entry<Long, CompletableFuture<Map<String, Object>>> again = p.next();
                assertEquals(1L, again.getKey(), "delivered again");
                again.getValue().complete(Map.of());
                // The completed one is acknowledged: behind it, the next service sees only what follows.
                Console.join(sender.console().sendDurable(AGENT, OBJECT, "Submit", Map.of("Ad", Map.of("Cluster", 2L))));
                assertEquals(2L, p.next().getKey());
            }
            try (Bus third = Bus.connect(broker.clientUrl())) {
                Parking p = serving(third);
                assertEquals(2L, p.next().getKey(), "the second, never completed, again; the first is gone");
            }
        }
    }

    @Test
    void reportsGivenBeforeTheBrokerTookTheOneAheadLeaveTogetherInOrderAndComeAgainWhole() throws Exception {
        GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
        BrokerSettings same = broker.settings().withPort(broker.port());
        try (Bus sender = Bus.connect(broker.clientUrl())) {
            Console console = sender.console();
            broker.stop(); // the first report cannot be taken: the other nineteen wait behind it
            List<CompletableFuture<Void>> sent = new ArrayList<>();
            for (long cluster = 1; cluster <= 20; cluster++) {
                sent.add(console.sendDurable(AGENT, OBJECT, "Submit", Map.of("Ad", Map.of("Cluster", cluster))));
            }
            broker = GridBroker.start(same);
            sent.forEach(Console::join);
            try (Bus dying = Bus.connect(broker.clientUrl())) {
                Parking p = serving(dying);
                for (long cluster = 1; cluster <= 20; cluster++) {
                    Map.Entry<Long, CompletableFuture<Map<String, Object>>> call = p.next();
                    assertEquals(cluster, call.getKey(), "in the order given");
                    if (cluster <= 2) {
                        call.getValue().complete(Map.of());
                    }
                }
            }
            // The first came alone and was done; the second was done, but it came in one message
            // with the eighteen the service died before finishing, so all nineteen come again.
            try (Bus service = Bus.connect(broker.clientUrl())) {
                Parking p = serving(service);
                for (long cluster = 2; cluster <= 20; cluster++) {
                    Map.Entry<Long, CompletableFuture<Map<String, Object>>> call = p.next();
                    assertEquals(cluster, call.getKey(), "the message of reports 2 to 20, again and whole");
                    call.getValue().complete(Map.of());
                }
                Console.join(console.sendDurable(AGENT, OBJECT, "Submit", Map.of("Ad", Map.of("Cluster", 21L))));
                assertEquals(21L, p.next().getKey(), "nothing else came again before the next report");
            }
        } finally {
            broker.close();
        }
    }

    @Test
    void aOneWayListRunsEveryMapInItAndSkipsWhatIsNotOne() {
        Calculator calc = new Calculator("later");
        Agent.Hosted hosted = new Agent.Hosted(calc, Schema.grid().type("scheduler"), 0);
        List<Object> requests = List.of(submit(3), "Submit junk", submit(4), List.of(submit(5)));
        Incoming in = new Incoming(Qmf.METHOD_REQUEST, "request", null, false, null, null, "alice", "user", requests, null);
        CompletionStage<?> done = MethodCall.run(in, AGENT, id -> OBJECT.equals(id) ? hosted : null, new Replies(null, AGENT));
        done.toCompletableFuture().join();
        assertEquals(2L, calc.values().get("JobsSubmitted"), "the two maps ran; the string and the nested list did not");
    }

    private static Map<String, Object> submit(long cluster) {
        return Map.of("_object_id", Map.of("_object_name", OBJECT.objectName()), "_method_name", "Submit",
                "_arguments", Map.of("Ad", Map.of("Cluster", cluster)));
    }
}
