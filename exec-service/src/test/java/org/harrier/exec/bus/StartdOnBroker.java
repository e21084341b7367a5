package org.harrier.exec.bus;

import java.nio.file.Path;
import java.time.Duration;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.exec.ExecSettings;
import org.harrier.protocol.AgentName;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;

/**
 * An exec service "node1" on an embedded broker (its data under {@code dir/broker}) with, on a
 * bus of its own, a {@link RecordingScheduler} "sched1" hosted by agent {@link #SCHEDULER} and a
 * console, as the exec service's bus tests drive it. Closing stops all of it.
 */
final class StartdOnBroker implements AutoCloseable {
    static final AgentName SCHEDULER = AgentName.harrier("scheduler", "sched1");

    private final GridBroker broker;
    private final Bus execBus;
    private final Bus schedulerBus;
    private final ExecService exec;
    private final RecordingScheduler scheduler;

    private StartdOnBroker(GridBroker broker, Bus execBus, Bus schedulerBus, ExecService exec, RecordingScheduler scheduler) {
        this.broker = broker;
        this.execBus = execBus;
        this.schedulerBus = schedulerBus;
        this.exec = exec;
        this.scheduler = scheduler;
    }

    /** The scheduler's agent is up before the startd, so no report of the startd's is lost. */
    static StartdOnBroker start(Path dir, ExecSettings settings) {
        GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        Bus execBus = Bus.connect(broker.clientUrl());
        Bus schedulerBus = Bus.connect(broker.clientUrl());
        RecordingScheduler scheduler = new RecordingScheduler("sched1");
        schedulerBus.agent(SCHEDULER, Duration.ofSeconds(1)).add(scheduler);
        ExecService exec = ExecService.start(execBus, "node1", settings);
        return new StartdOnBroker(broker, execBus, schedulerBus, exec, scheduler);
    }

    ExecService exec() {
        return exec;
    }

    RecordingScheduler scheduler() {
        return scheduler;
    }

    Console console() {
        return schedulerBus.console();
    }

    /** Adds broker user {@code name} with {@code roles} (SecurityDirectory.Role names); the URL to log in as it. */
    String url(String name, String... roles) {
        broker.security().addUser(name, java.util.List.of(roles), name + "-pw");
        return broker.clientUrl(name);
    }

    @Override
    public void close() {
        exec.close();
        schedulerBus.close();
        execBus.close();
        broker.close();
    }
}
