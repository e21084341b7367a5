package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code slot.Match}: the negotiator's match notice (NEGOTIATOR_INFORM_STARTD) that the scheduler
 * agent {@code scheduler} was matched with this partitionable slot for {@code requestId} (as
 * text, informational; null: not given). Answers whether the slot took it.
 */
public record MatchNotice(String scheduler, String requestId) implements Request<MatchNotice.Taken> {
    private static final Arg<String> SCHEDULER = Arg.sstr("Scheduler");
    private static final Arg<String> REQUEST_ID = Arg.sstr("RequestId").optional();
    private static final Arg<Boolean> TAKEN = Arg.bool("Taken");

    public static final Method<MatchNotice, Taken> METHOD = Method.<MatchNotice, Taken>of("slot", "Match")
            .inputs(SCHEDULER, REQUEST_ID)
            .outputs(TAKEN)
            .request(a -> new MatchNotice(a.get(SCHEDULER), a.get(REQUEST_ID)),
                    q -> MethodArguments.writer().put(SCHEDULER, q.scheduler()).put(REQUEST_ID, q.requestId()))
            .answer(a -> new Taken(a.get(TAKEN)), r -> MethodArguments.writer().put(TAKEN, r.taken()))
            .build();

    public MatchNotice {
        Objects.requireNonNull(scheduler, "scheduler");
    }

    /** False while the owner has the slot: the notice is ignored. */
    public record Taken(boolean taken) {
    }

    @Override
    public Method<MatchNotice, Taken> method() {
        return METHOD;
    }
}
