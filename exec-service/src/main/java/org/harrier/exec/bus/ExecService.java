package org.harrier.exec.bus;

import java.util.Objects;

import org.harrier.exec.ExecSettings;
import org.harrier.exec.Machine;
import org.harrier.exec.MachineProbe;
import org.harrier.exec.Startd;
import org.harrier.mgmt.AgentName;
import org.harrier.mgmt.bus.Agent;
import org.harrier.mgmt.bus.Bus;
import org.harrier.mgmt.bus.Console;

/**
 * The execute node on the bus: agent {@code harrier:startd:<name>} hosting the slot objects,
 * a console for exit reports, and the {@link Startd} behind them. Wired by hand (STYLE §15):
 * publisher, then startd (which reports to the publisher), then the first advertisement.
 */
public final class ExecService implements AutoCloseable {
    private final Agent agent;
    private final Console console;
    private final SlotPublisher publisher;
    private final Startd startd;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private ExecService(Agent agent, Console console, SlotPublisher publisher, Startd startd) {
        this.agent = agent;
        this.console = console;
        this.publisher = publisher;
        this.startd = startd;
    }

    /** Starts the startd {@code name} on {@code bus}; the caller keeps owning the bus. */
    public static ExecService start(Bus bus, String name, ExecSettings settings) {
        Objects.requireNonNull(bus, "bus");
        Objects.requireNonNull(settings, "settings");
        Machine machine = MachineProbe.detect(settings);
        Agent agent = bus.agent(agentName(name), settings.timings().updateInterval());
        Console console = bus.console();
        SlotPublisher publisher = new SlotPublisher(agent, console, settings.timings().updateInterval());
        Startd startd = Startd.create(name, machine, settings, publisher);
        publisher.start(startd);
        return new ExecService(agent, console, publisher, startd);
    }

    public static AgentName agentName(String name) {
        return AgentName.harrier("startd", name);
    }

    public AgentName agentName() {
        return agent.name();
    }

    /** The startd, for in-JVM callers (the personal grid's status, tests). */
    public Startd startd() {
        return startd;
    }

    /**
     * Kills running jobs' process trees (their exits are still reported), withdraws the slot
     * ads, and closes the agent and console. The bus stays open. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        startd.close();
        publisher.withdraw();
        agent.close();
        console.close();
    }
}
