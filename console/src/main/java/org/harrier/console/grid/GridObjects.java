package org.harrier.console.grid;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.bus.Bus;
import org.harrier.bus.BusException;
import org.harrier.bus.Console;
import org.harrier.bus.QmfException;
import org.harrier.console.ConsoleFailure;
import org.harrier.protocol.AgentInfo;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Request;

/**
 * The objects a command calls (the scheduler, the collector, the negotiator) found on the bus
 * and called there: which agent serves each, the object's name (taken to be the agent's
 * instance until an agent says otherwise), and the one translation of bus and QMF failures
 * into {@link ConsoleFailure}s.
 *
 * <p>Used by one command at a time on the calling thread, as {@link BusGridClient} is.
 */
final class GridObjects {
    private static final Duration LOCATE_WAIT = Duration.ofMillis(250);
    private static final Duration FIND_AGENTS_FOR = Duration.ofSeconds(5);

    private final Bus bus;
    private final Console console;
    private final Map<String, Located> located = new LinkedHashMap<>();

    /**
     * An agent of a product and the object of the same class it hosts (scheduler, collector);
     * {@code guessed} while the object's name is the agent's instance, not yet confirmed by the
     * agent (see {@link GridObjects#find}).
     */
    record Located(AgentName agent, ObjectId object, boolean guessed) {
    }

    /** {@code console}: the command's one console on {@code bus} (each console opens a session and a reply queue). */
    GridObjects(Bus bus, Console console) {
        this.bus = bus;
        this.console = console;
    }

    Located scheduler() {
        return find("scheduler", "scheduler");
    }

    Located collector() {
        return find("collector", "collector");
    }

    /**
     * The {@code className} object of an agent of {@code product} (a personal grid's, named
     * after this host, if there are several). Harrier's services name their object after their
     * agent's instance (the negotiator relies on it too), so that name is taken without asking
     * the agent, one round trip fewer for every command (benchmarks/README.md, "Starting a
     * command", fourth pass); {@link #onObject} asks only if the agent answers that it has no
     * such object.
     */
    Located find(String product, String className) {
        Located known = located.get(className);
        if (known != null) {
            return known;
        }
        Instant giveUp = Instant.now().plus(FIND_AGENTS_FOR);
        List<AgentName> candidates;
        do {
            // This host's agent (a personal grid's) ends the wait as soon as it answers.
            candidates = bus(() -> console.locate(LOCATE_WAIT, a -> a.name().vendor().equals("harrier")
                    && a.name().product().equals(product) && a.name().instance().equals(hostName())))
                    .stream().map(AgentInfo::name)
                    .filter(n -> n.vendor().equals("harrier") && n.product().equals(product))
                    .sorted(Comparator.comparing((AgentName n) -> !n.instance().equals(hostName()))
                            .thenComparing(AgentName::instance))
                    .toList();
        } while (candidates.isEmpty() && Instant.now().isBefore(giveUp));
        if (candidates.isEmpty()) {
            throw new ConsoleFailure("no " + product + " answers on the bus at " + bus.url()
                    + "; is the grid running ('harrier up')?");
        }
        AgentName agent = candidates.get(0);
        Located l = new Located(agent, ObjectId.grid(className, agent.instance()), true);
        located.put(className, l);
        return l;
    }

    /** {@code target} as its agent names it: its object asked for (a query) unless that was done already. */
    Located confirmed(Located target) {
        if (!target.guessed()) {
            return target;
        }
        AgentName agent = target.agent();
        String className = target.object().className();
        List<ObjectData> objects = bus(() -> console.query(agent, className, null, BusGridClient.CALL_TIMEOUT));
        if (objects.isEmpty()) {
            throw new ConsoleFailure("the " + agent.product() + " agent " + agent + " hosts no " + className + " object");
        }
        Located l = new Located(agent, objects.get(0).id(), false);
        located.put(className, l);
        return l;
    }

    /**
     * Runs {@code step} on {@code target}'s object. When the object's name was guessed and the
     * agent answers with QMF's unknown-object code (1), the agent is asked for its object: one
     * by another name gets the step again (the agent ran nothing for a name it does not know);
     * the same name means the code was the method's own (the scheduler answers an unknown job
     * with code 1 too), and that failure stands, as does "hosts no object" for an agent that has
     * none (a scheduler that is stopping).
     */
    <T> T onObject(Located asked, java.util.function.Function<Located, T> step) {
        // A guess an earlier call has corrected (a history's next page) is not tried again.
        Located target = asked.guessed() ? located.getOrDefault(asked.object().className(), asked) : asked;
        return bus(() -> {
            try {
                return step.apply(target);
            } catch (QmfException e) {
                if (!target.guessed() || e.code() != QmfException.UNKNOWN_OBJECT) {
                    throw e;
                }
                Located real = confirmed(target);
                if (real.object().objectName().equals(target.object().objectName())) {
                    throw e;
                }
                return step.apply(real);
            }
        });
    }

    <R> R call(Located target, Request<R> request) {
        return onObject(target, t -> Console.join(console.call(t.agent(), t.object(), request, BusGridClient.CALL_TIMEOUT)));
    }

    /**
     * The console's one translation of what the bus fails with: an agent's {@code _exception}
     * (its message says what went wrong, in the service's words) or a bus failure becomes a
     * {@link ConsoleFailure}, one line for the user.
     */
    static <T> T bus(java.util.function.Supplier<T> step) {
        try {
            return step.get();
        } catch (QmfException | BusException e) {
            throw new ConsoleFailure(e.getMessage());
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
