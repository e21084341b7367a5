package org.harrier.scheduler;

import java.util.List;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;

/**
 * Several {@link ScheddEvents} listeners as one, each told every event in the order given (the
 * bus publication, the job's user log, the policy index). Called on the owner thread like any
 * ScheddEvents; a listener must not throw.
 */
public final class EventFanout implements ScheddEvents {
    private final List<ScheddEvents> listeners;

    private EventFanout(List<ScheddEvents> listeners) {
        this.listeners = listeners;
    }

    public static ScheddEvents of(ScheddEvents... listeners) {
        for (ScheddEvents l : listeners) {
            Objects.requireNonNull(l, "listener");
        }
        return listeners.length == 1 ? listeners[0] : new EventFanout(List.of(listeners));
    }

    @Override
    public void jobQueued(JobId id, ClassAd ad) {
        for (ScheddEvents l : listeners) {
            l.jobQueued(id, ad);
        }
    }

    @Override
    public void jobRecovered(JobId id, ClassAd ad) {
        for (ScheddEvents l : listeners) {
            l.jobRecovered(id, ad);
        }
    }

    @Override
    public void jobChanged(JobId id, ClassAd before, ClassAd ad) {
        for (ScheddEvents l : listeners) {
            l.jobChanged(id, before, ad);
        }
    }

    @Override
    public void jobLeft(JobId id, ClassAd finalAd) {
        for (ScheddEvents l : listeners) {
            l.jobLeft(id, finalAd);
        }
    }

    @Override
    public void submitterChanged(SubmitterCounts counts) {
        for (ScheddEvents l : listeners) {
            l.submitterChanged(counts);
        }
    }

    @Override
    public void statisticsChanged(SchedulerStatistics statistics) {
        for (ScheddEvents l : listeners) {
            l.statisticsChanged(statistics);
        }
    }
}
