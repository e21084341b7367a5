package org.harrier.collector;

import java.util.concurrent.CompletionStage;

import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.slot.MatchNotice;

/**
 * The startds as the negotiator reaches them: only the match notice of NEGOTIATOR_INFORM_STARTD
 * (docs/protocols.md "Match notices"). The bus package implements it; a call may come from the
 * central manager's thread and must not block it.
 */
public interface StartdNotices {
    /**
     * {@code Match(Scheduler, RequestId)} on {@code slot} at startd {@code agent}, one way and best
     * effort: the stage completes when the startd answered, or exceptionally, and nothing waits for it.
     */
    CompletionStage<?> inform(AgentName agent, ObjectId slot, MatchNotice notice);
}
