package org.harrier.collector.bus;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.collector.Schedulers;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The negotiator's calls on a real bus: a scheduler agent that answers but serves no scheduler
 * object (it is stopping) fails GetRequests with {@link Schedulers.Gone}, which the negotiator
 * takes as "no requests" without a warning, unlike a failure it cannot explain.
 */
@Timeout(60)
class BusSchedulersTest {
    @TempDir
    Path dir;

    @Test
    void aSchedulerAgentWithoutItsObjectIsGone() throws Exception {
        AgentName name = AgentName.harrier("scheduler", "stopping");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
             Bus schedulerBus = Bus.connect(broker.clientUrl()); Bus negotiatorBus = Bus.connect(broker.clientUrl())) {
            Agent agent = schedulerBus.agent(name, Duration.ofSeconds(1));
            agent.serveRequests();
            BusSchedulers schedulers = new BusSchedulers(negotiatorBus.console(), Duration.ofSeconds(10));
            ExecutionException e = assertThrows(ExecutionException.class, () -> schedulers
                    .getRequests(name, ObjectId.grid("scheduler", "stopping")).toCompletableFuture().get(20, TimeUnit.SECONDS));
            assertInstanceOf(Schedulers.Gone.class, e.getCause());
        }
    }
}
