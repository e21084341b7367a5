package org.harrier.protocol.method;

import java.util.List;
import java.util.stream.Stream;
import org.harrier.protocol.collector.CollectorMethods;
import org.harrier.protocol.job.JobMethods;
import org.harrier.protocol.negotiator.NegotiatorMethods;
import org.harrier.protocol.scheduler.SchedulerMethods;
import org.harrier.protocol.slot.SlotMethods;

/** Every method record of the {@code mrg.grid} schema, class by class. */
public final class Protocol {
    public static final List<Method<?, ?>> METHODS = Stream.of(SchedulerMethods.ALL, JobMethods.ALL, SlotMethods.ALL,
            CollectorMethods.ALL, NegotiatorMethods.ALL).flatMap(List::stream).toList();

    private Protocol() {
    }
}
