package org.harrier.collector.bus;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

import org.harrier.bus.Console;
import org.harrier.collector.StartdNotices;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.slot.MatchNotice;

/** The negotiator's {@link StartdNotices} on the bus: the slot's {@code Match} record through the console, bounded by the call timeout. */
final class BusStartdNotices implements StartdNotices {
    private final Console console;
    private final Duration timeout;

    BusStartdNotices(Console console, Duration timeout) {
        this.console = console;
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<?> inform(AgentName startd, ObjectId slot, MatchNotice notice) {
        return console.call(startd, slot, notice, timeout);
    }
}
