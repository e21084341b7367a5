package org.harrier.scheduler.bus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.scheduler.SchedulerSettings;

/**
 * A scheduler service named "test" on an embedded broker (data and spool under {@code dir}),
 * with a console on a bus of its own, as the service tests call it. Closing stops all of it.
 */
final class ServiceOnBroker implements AutoCloseable {
    static final AgentName AGENT = AgentName.harrier("scheduler", "test");
    static final ObjectId SCHEDULER = ObjectId.grid("scheduler", "test");

    private final GridBroker broker;
    private final Bus serviceBus;
    private final Bus consoleBus;
    private final SchedulerService service;
    private final Duration callTimeout;

    private ServiceOnBroker(GridBroker broker, Bus serviceBus, Bus consoleBus, SchedulerService service,
            Duration callTimeout) {
        this.broker = broker;
        this.serviceBus = serviceBus;
        this.consoleBus = consoleBus;
        this.service = service;
        this.callTimeout = callTimeout;
    }

    /** Ads every second; {@code callTimeout} for the scheduler's own calls to startds and for {@link #call}. */
    static ServiceOnBroker start(Path dir, Duration callTimeout) {
        GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
        Bus serviceBus = Bus.connect(broker.clientUrl());
        Bus consoleBus = Bus.connect(broker.clientUrl());
        SchedulerService service = SchedulerService.start(serviceBus, "test",
                SchedulerSettings.defaults().withUpdateInterval(Duration.ofSeconds(1)).withCallTimeout(callTimeout),
                dir.resolve("spool"));
        return new ServiceOnBroker(broker, serviceBus, consoleBus, service, callTimeout);
    }

    String url() {
        return broker.clientUrl();
    }

    /** Adds broker user {@code name} with {@code roles} (SecurityDirectory.Role names); the URL to log in as it. */
    String url(String name, String... roles) {
        broker.security().addUser(name, java.util.List.of(roles), name + "-pw");
        return broker.clientUrl(name);
    }

    /** The scheduler itself, to read what it keeps (its answers over the bus may show less). */
    org.harrier.scheduler.Schedd schedd() {
        return service.schedd();
    }

    Console console() {
        return consoleBus.console();
    }

    /** Calls a method of the scheduler object from the console and waits for its answer. */
    Map<String, Object> call(String method, Map<String, ?> args) {
        return Console.join(console().invoke(AGENT, SCHEDULER, method, args, callTimeout));
    }

    @Override
    public void close() {
        service.close();
        consoleBus.close();
        serviceBus.close();
        broker.close();
    }
}
