package org.harrier.bus;

import java.util.concurrent.CompletableFuture;
import org.harrier.protocol.AgentName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An agent's answers to the requests it took, sent to each request's reply address. A one-way
 * request (Console.sendDurable) has none: its failure can only be logged.
 */
final class Replies {
    private static final Logger LOG = LoggerFactory.getLogger(Agent.class);

    private final Bus bus;
    private final AgentName agent;

    Replies(Bus bus, AgentName agent) {
        this.bus = bus;
        this.agent = agent;
    }

    /** Queues the answer; the future completes when the outbox has handed it to the broker. */
    CompletableFuture<Void> send(Incoming in, String method, String opcode, String content, boolean partial, Object body) {
        if (in.replyTo() == null) {
            if (Qmf.EXCEPTION.equals(opcode)) {
                LOG.info("one-way {} failed: {}", in.opcode(), body);
            }
            return CompletableFuture.completedFuture(null);
        }
        return bus.outbox().send(Envelope.to(in.replyTo(), false).method(method).opcode(opcode).content(content)
                .partial(partial).agent(agent.name()).correlationId(in.correlationId())
                .property(Qmf.CALLER_USER, in.userId()).property(Qmf.CALLER_ROLES, in.userId() == null ? null : in.roles())
                .body(body));
    }

    /** A QMF {@code _exception} with {@code code} (QmfException's codes) and {@code text}. */
    void exception(Incoming in, int code, String text) {
        send(in, "response", Qmf.EXCEPTION, "_data", false, Qmf.exception(code, text));
    }
}
