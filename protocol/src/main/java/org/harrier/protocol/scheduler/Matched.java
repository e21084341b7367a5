package org.harrier.protocol.scheduler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.QmfType;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code scheduler.Matched}: the negotiator's matches for this scheduler's requests (docs/protocols.md). */
public record Matched(List<Match> matches) implements Request<Done> {
    private static final Arg<List<Match>> MATCHES = Arg.listOf("Matches", Match::read, Match::write);

    public static final Method<Matched, Done> METHOD = Method.<Matched, Done>of("scheduler", "Matched")
            .inputs(MATCHES)
            .request(a -> new Matched(a.get(MATCHES)), q -> MethodArguments.writer().put(MATCHES, q.matches()))
            .done();

    public Matched {
        matches = List.copyOf(matches);
    }

    /**
     * {@code {RequestId, Slot, Agent, Preempt?}}: request {@code requestId} matched the slot
     * {@code slot} of the startd {@code agent}; {@code preempt} when the slot is claimed and the
     * claim is to evict its job. On the wire Slot is the slot's object name
     * ({@code mrg.grid:slot:slot1@h}) or its Name alone, and RequestId an integer or its digits.
     */
    public record Match(long requestId, ObjectId slot, AgentName agent, boolean preempt) {
        private static final String REQUEST_ID = "RequestId";
        private static final String SLOT = "Slot";
        private static final String AGENT = "Agent";
        private static final String PREEMPT = "Preempt";

        public Match {
            Objects.requireNonNull(slot, "slot");
            Objects.requireNonNull(agent, "agent");
        }

        static Match read(Object wire, String where) {
            if (!(wire instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException(where + " of Matched must be a map, got " + QmfType.describe(wire));
            }
            Object rid = m.get(REQUEST_ID);
            long requestId;
            if (rid instanceof Number n && !(rid instanceof Double) && !(rid instanceof Float)) {
                requestId = n.longValue();
            } else if (rid instanceof String s && s.matches("[0-9]{1,18}")) {
                requestId = Long.parseLong(s);
            } else {
                throw new IllegalArgumentException(where + " needs an integer RequestId, got " + QmfType.describe(rid));
            }
            if (!(m.get(SLOT) instanceof String slot) || slot.isEmpty()) {
                throw new IllegalArgumentException(where + " needs a Slot (the slot's object name)");
            }
            if (!(m.get(AGENT) instanceof String agent)) {
                throw new IllegalArgumentException(where + " needs an Agent (the startd's agent name)");
            }
            Object preempt = m.get(PREEMPT);
            if (preempt != null && !(preempt instanceof Boolean)) {
                throw new IllegalArgumentException(where + " Preempt must be a bool, got " + QmfType.describe(preempt));
            }
            try {
                return new Match(requestId, slotId(slot), AgentName.parse(agent), Boolean.TRUE.equals(preempt));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage());
            }
        }

        Object write() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(REQUEST_ID, requestId);
            m.put(SLOT, slot.objectName());
            m.put(AGENT, agent.name());
            if (preempt) {
                m.put(PREEMPT, true);
            }
            return m;
        }
    }

    /** A slot's object name ({@code package:class:key}) or, without a ':', its Name alone. */
    public static ObjectId slotId(String slot) {
        return slot.indexOf(':') >= 0 ? ObjectId.parse(slot) : ObjectId.grid("slot", slot);
    }

    @Override
    public Method<Matched, Done> method() {
        return METHOD;
    }
}
