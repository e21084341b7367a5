package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.ManagedObject;
import org.harrier.bus.RequestContext;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command names the scheduler's object after its agent's instance without asking the agent
 * (one round trip fewer), and asks only when the agent knows no object by that name.
 */
@Timeout(90)
class SchedulerObjectNameTest {
    private static final Duration HEARTBEAT = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    @Test
    void aSchedulerObjectNamedOtherwiseIsAskedForAndCalled() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             Agent agent = bus.agent(AgentName.harrier("scheduler", host()), HEARTBEAT)) {
            TotalsOnly scheduler = new TotalsOnly(ObjectId.grid("scheduler", "not-the-agents-name"));
            agent.advertise(scheduler, HEARTBEAT);
            Run totals = Run.of(here(broker), Harrier.defaultConnector(), "q", "-totals");
            assertEquals(new Run(0, "3 jobs; 0 completed, 0 removed, 2 idle, 0 running, 1 held, 0 suspended\n", ""), totals);
            assertEquals(List.of("GetTotals"), scheduler.calls, "called once, on the object the agent named");
        }
    }

    @Test
    void anAgentWithoutASchedulerObjectSaysSoAsBefore() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             Agent agent = bus.agent(AgentName.harrier("scheduler", host()), HEARTBEAT)) {
            Run totals = Run.of(here(broker), Harrier.defaultConnector(), "q", "-totals");
            assertEquals(new Run(1, "", "harrier: the scheduler agent " + agent.name() + " hosts no scheduler object\n"),
                    totals);
        }
    }

    private Surroundings here(GridBroker broker) {
        return new Surroundings(Map.of("HARRIER_BROKER", broker.clientUrl()), dir, dir, "alice", Clock.systemUTC());
    }

    private static String host() throws Exception {
        return InetAddress.getLocalHost().getHostName(); // the console prefers the agent named after its host
    }

    /** A scheduler object that answers GetTotals only, recording the calls it is given. */
    private static final class TotalsOnly implements ManagedObject {
        private final ObjectId id;
        final List<String> calls = new CopyOnWriteArrayList<>();

        TotalsOnly(ObjectId id) {
            this.id = id;
        }

        @Override
        public ObjectId id() {
            return id;
        }

        @Override
        public Map<String, Object> values() {
            return Map.of("Name", id.key());
        }

        @Override
        public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
            calls.add(method);
            return CompletableFuture.completedFuture(Map.of("Jobs", 3L, "Idle", 2L, "Running", 0L, "Removed", 0L,
                    "Completed", 0L, "Held", 1L, "TransferringOutput", 0L, "Suspended", 0L));
        }
    }
}
