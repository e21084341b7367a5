package org.harrier.benchmarks.grid;

import java.time.Duration;
import org.harrier.bus.Console;
import org.harrier.protocol.AgentInfo;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Request;

/** The grid's scheduler object, found by locating its agent; every benchmark's calls go through it. */
record Scheduler(Console console, AgentInfo agent, ObjectId object) {
    static final Duration WAIT = Duration.ofSeconds(30);

    static Scheduler find(Console console) {
        AgentInfo agent = console.locate(WAIT, a -> a.name().product().equals("scheduler")).stream()
                .filter(a -> a.name().product().equals("scheduler")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no scheduler answered within " + WAIT));
        ObjectId object = console.query(agent.name(), "scheduler", null, WAIT).get(0).id();
        return new Scheduler(console, agent, object);
    }

    <R> R call(Request<R> request) {
        return Console.join(console.call(agent.name(), object, request, WAIT));
    }
}
