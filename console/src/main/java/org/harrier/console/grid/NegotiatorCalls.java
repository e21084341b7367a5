package org.harrier.console.grid;

import java.util.ArrayList;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.console.GridClient.ConcurrencyLimit;
import org.harrier.protocol.method.Request;
import org.harrier.protocol.negotiator.AccountantRecord;
import org.harrier.protocol.negotiator.GetLimits;
import org.harrier.protocol.negotiator.GetPriorities;
import org.harrier.protocol.negotiator.GetStats;
import org.harrier.protocol.negotiator.Reschedule;
import org.harrier.protocol.negotiator.SetLimit;
import org.harrier.protocol.negotiator.SetPriority;
import org.harrier.protocol.negotiator.SetPriorityFactor;
import org.harrier.protocol.negotiator.SetUsage;

/**
 * The negotiator object's methods (docs/protocols.md "Fair share, limits and preemption") as
 * the commands use them: each call is its method record, and each answer becomes the console's
 * value (an accountant record the ad condor_userprio shows, a limit a {@link ConcurrencyLimit}).
 */
final class NegotiatorCalls {
    /** Calls the negotiator object; bus and QMF failures, and answers that cannot be read, are ConsoleFailures already. */
    interface Invoker {
        <R> R call(Request<R> request);
    }

    private final Invoker negotiator;

    NegotiatorCalls(Invoker negotiator) {
        this.negotiator = negotiator;
    }

    List<ClassAd> priorities() {
        return negotiator.call(new GetPriorities()).stream().map(AccountantRecord::toAd).toList();
    }

    ClassAd stats(String name) {
        return negotiator.call(new GetStats(name)).toAd();
    }

    void setPriority(String name, double priority) {
        negotiator.call(new SetPriority(name, priority));
    }

    void setPriorityFactor(String name, double factor) {
        negotiator.call(new SetPriorityFactor(name, factor));
    }

    void setUsage(String name, double usage) {
        negotiator.call(new SetUsage(name, usage));
    }

    void setLimit(String name, double max) {
        negotiator.call(new SetLimit(name, max));
    }

    /** The limits in name order. */
    List<ConcurrencyLimit> limits() {
        List<ConcurrencyLimit> out = new ArrayList<>();
        negotiator.call(new GetLimits()).byName()
                .forEach((name, limit) -> out.add(new ConcurrencyLimit(name, limit.current(), limit.max())));
        return out;
    }

    void reschedule() {
        negotiator.call(new Reschedule());
    }
}
