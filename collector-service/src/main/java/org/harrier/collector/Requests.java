package org.harrier.collector;

import java.util.ArrayList;
import java.util.List;

import org.harrier.collector.negotiation.ResourceRequest;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.scheduler.GetRequests;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a scheduler's {@code GetRequests} answer. An entry that is not a valid request was left
 * out when the answer was read (GetRequests.Requests keeps why); it is logged here, and the
 * others still take part in the cycle, so one malformed autocluster does not keep a scheduler's
 * other jobs idle.
 */
final class Requests {
    private static final Logger LOG = LoggerFactory.getLogger(Requests.class);

    private Requests() {
    }

    static List<ResourceRequest> read(AgentName scheduler, GetRequests.Requests answer) {
        answer.skipped().forEach(problem -> LOG.warn("GetRequests on {}: skipping a request: {}", scheduler, problem));
        List<ResourceRequest> out = new ArrayList<>(answer.requests().size());
        for (GetRequests.Entry entry : answer.requests()) {
            try {
                out.add(ResourceRequest.of(scheduler, entry));
            } catch (IllegalArgumentException e) {
                LOG.warn("GetRequests on {}: skipping a request: {}", scheduler, e.getMessage());
            }
        }
        return out;
    }
}
