package org.harrier.collector;

import java.util.ArrayList;
import java.util.List;

import org.harrier.collector.negotiation.ResourceRequest;
import org.harrier.protocol.AgentName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a scheduler's {@code GetRequests} answer. An entry that is not a valid request is left
 * out and logged with what is wrong with it; the others still take part in the cycle, so one
 * malformed autocluster does not keep a scheduler's other jobs idle.
 */
final class Requests {
    private static final Logger LOG = LoggerFactory.getLogger(Requests.class);

    private Requests() {
    }

    static List<ResourceRequest> read(AgentName scheduler, List<?> raw) {
        if (raw == null) {
            LOG.warn("GetRequests on {} answered no Requests list", scheduler);
            return List.of();
        }
        List<ResourceRequest> out = new ArrayList<>(raw.size());
        for (Object entry : raw) {
            try {
                out.add(ResourceRequest.fromWire(scheduler, entry));
            } catch (IllegalArgumentException e) {
                LOG.warn("GetRequests on {}: skipping a request: {}", scheduler, e.getMessage());
            }
        }
        return out;
    }
}
