package org.harrier.collector;

import java.util.Comparator;
import java.util.Objects;

import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;

/**
 * What identifies one ad in the store: the object and the agent publishing it, as HTCondor's
 * collector hashes startd ads by Name and address. A restarted daemon keeps its agent name, so
 * its new ads replace the old ones; two agents that both publish {@code slot1@host} are two ads.
 * Ordered by object key, then agent, so queries list ads in a stable order.
 */
public record AdKey(ObjectId id, AgentName agent) implements Comparable<AdKey> {
    private static final Comparator<AdKey> ORDER = Comparator
            .comparing((AdKey k) -> k.id.key())
            .thenComparing(k -> k.id.objectName())
            .thenComparing(k -> k.agent.name());

    public AdKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(agent, "agent");
    }

    @Override
    public int compareTo(AdKey other) {
        return ORDER.compare(this, other);
    }
}
