package org.harrier.collector.bus;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.harrier.collector.AdType;
import org.harrier.collector.CentralManager;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.NegotiatorConfig;
import org.harrier.collector.NegotiatorSettings;
import org.harrier.collector.Peers;
import org.harrier.config.Configuration;
import org.harrier.rules.Caller;
import org.harrier.protocol.AgentName;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.ServiceProcess;
import org.harrier.bus.Console;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collector service, wired by hand (docs/architecture.md): agent {@code harrier:collector:<name>}
 * hosting the {@code collector} and {@code negotiator} objects (advertised every
 * UPDATE_INTERVAL, the negotiator also after each cycle), a console subscribed to the slot,
 * scheduler and submitter data indications and calling schedulers, and the
 * {@link CentralManager} on its owner thread. Runs as its own process ({@link #main}) or
 * inside another JVM ({@link #start}; the personal grid's {@code harrier up}).
 *
 * <p>Threads: the console's delivery threads hand indications to the central manager, which
 * queues them to its owner thread; the agent's dispatch thread does the same with Query and
 * Reschedule. Nothing here holds state of its own after start.
 */
public final class CollectorService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CollectorService.class);

    private final AgentName name;
    private final Agent agent;
    private final Console console;
    private final CentralManager manager;
    private final CollectorObject collector;
    private final NegotiatorObject negotiator;
    private final List<AutoCloseable> subscriptions = new ArrayList<>();

    private CollectorService(Bus bus, String name, CollectorSettings settings, NegotiatorSettings negotiation) {
        this.name = AgentName.harrier("collector", name);
        this.console = bus.console();
        this.agent = bus.agent(this.name, settings.updateInterval());
        // The negotiator object is published after each cycle; no cycle ends before manager.start().
        this.manager = new CentralManager(settings, negotiation, Clock.systemUTC(), new Peers(
                new BusSchedulers(console, settings.callTimeout()), new BusStartdNotices(console, settings.callTimeout()),
                statistics -> publishNegotiator()));
        this.collector = new CollectorObject(name, settings, manager);
        this.negotiator = new NegotiatorObject(name, settings, negotiation, manager);
        for (AdType type : AdType.values()) {
            // The publisher is the broker's stamp on the indication: the collector keeps only ads
            // their daemon's role may publish (AdType.mayPublish).
            subscriptions.add(console.subscribeWithPublisher(type.className(),
                    (data, publisher) -> manager.accept(data, Caller.of(publisher.userId(), publisher.roles()))));
        }
        agent.advertise(collector, settings.updateInterval());
        agent.advertise(negotiator, settings.updateInterval());
        manager.start();
    }

    private void publishNegotiator() {
        agent.changed(negotiator);
    }

    /** Starts a collector and negotiator named {@code name} on {@code bus} (which the caller keeps and closes). */
    public static CollectorService start(Bus bus, String name, CollectorSettings settings) {
        return new CollectorService(bus, name, settings, NegotiatorSettings.defaults());
    }

    /** As {@link #start(Bus, String, CollectorSettings)}, with the negotiator's fair-share settings. */
    public static CollectorService start(Bus bus, String name, CollectorSettings settings, NegotiatorSettings negotiation) {
        return new CollectorService(bus, name, settings, negotiation);
    }

    public AgentName agentName() {
        return name;
    }

    /** Stops listening, withdraws the objects (delete indications) and stops the owner thread. The bus stays open. */
    @Override
    public void close() {
        for (AutoCloseable s : subscriptions) {
            try {
                s.close();
            } catch (Exception e) {
                LOG.debug("closing a subscription: {}", e.toString());
            }
        }
        manager.close();
        agent.remove(collector.id());
        agent.remove(negotiator.id());
        agent.close();
        console.close();
    }

    private static final String USAGE =
            "harrier-collector --broker URL [--name NAME] [--update-interval SECONDS] [--spool DIR] [--config FILE]";

    /**
     * {@code --broker URL [--name NAME] [--update-interval SECONDS] [--spool DIR] [--config FILE]}:
     * runs until the process is stopped; the accountant's usage is kept in {@code DIR} (else in
     * memory only); FILE holds HTCondor-style knobs ({@link NegotiatorConfig}), which the
     * options override.
     */
    public static void main(String[] args) throws InterruptedException {
        ServiceProcess.Options options;
        CollectorSettings settings;
        NegotiatorSettings negotiation;
        try {
            List<String> rest = new ArrayList<>(List.of(args));
            Configuration config = Configuration.EMPTY;
            int at = rest.indexOf("--config");
            if (at >= 0) {
                if (at + 1 >= rest.size()) {
                    throw new IllegalArgumentException("--config needs a value");
                }
                config = Configuration.read(Path.of(rest.get(at + 1)));
                rest.subList(at, at + 2).clear();
            }
            options = ServiceProcess.Options.parse(rest.toArray(String[]::new));
            settings = NegotiatorConfig.collector(config, CollectorSettings.defaults());
            if (options.updateInterval() != null) {
                settings = settings.withUpdateInterval(options.updateInterval());
            }
            negotiation = NegotiatorConfig.negotiator(config, NegotiatorSettings.defaults());
            if (options.spool() != null) {
                negotiation = negotiation.withSpool(options.spool());
            }
        } catch (IllegalArgumentException e) {
            ServiceProcess.badCommandLine("harrier-collector", e.getMessage(), USAGE);
            return;
        }
        String name = options.name() == null ? settings.machine() : options.name();
        CollectorSettings chosen = settings;
        NegotiatorSettings fairShare = negotiation;
        ServiceProcess.run("harrier-collector", options.broker(), bus -> start(bus, name, chosen, fairShare),
                service -> "collector " + service.agentName() + " on " + Bus.shown(options.broker()));
    }
}
