package org.harrier.scheduler;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.store.HistoryFile;
import org.harrier.scheduler.store.HistoryKeys;

/**
 * Finished jobs' final ads as GetHistory reads them: handed over by the owner thread once every
 * change it made so far is durable, then read on a query thread, so a scan of a million ads
 * never holds up submissions, claims and exits. Every job that left the queue before the call
 * was served is in it.
 *
 * <p>A history file is append-only and each read takes its indexes as they are when it begins
 * ({@link HistoryFile#newestFirst}), with the current file and its index together under the
 * file's monitor, so a read sees whole ads only, and the same ones however the writer appends
 * and rotates meanwhile (a rotated file the rotation then drops is read through its open
 * channel). A scheduler without a history file hands over a copy of the recent ads it
 * remembers ({@code JobHistory}, which only the owner thread may touch).
 *
 * <p>Threads: made on the owner thread; read on any one thread at a time.
 */
interface HistoryView {
    /**
     * Up to {@code limit} ads of the jobs {@code keys} admits that {@code filter} accepts, newest
     * first, starting just past job {@code after} (null: from the newest).
     */
    List<ClassAd> newestFirst(HistoryKeys keys, JobId after, Predicate<ClassAd> filter, int limit);

    /**
     * GetHistory's page: at most {@code limit} ads that {@code constraint} selects (null: all),
     * after job {@code after} (null: from the newest), cut to fit one answer; only the clusters
     * the constraint names are read when it names some ({@link HistoryKeys}). {@code context} is
     * the reading thread's own.
     */
    default HistoryPage page(JobSelection.Matching constraint, int limit, JobId after, EvalContext context) {
        HistoryKeys keys = constraint == null ? HistoryKeys.ANY : HistoryKeys.of(constraint.constraint());
        return HistoryPage.of(newestFirst(keys, after, ad -> constraint == null || constraint.selects(ad, context),
                HistoryPage.scanLimit(limit)), limit);
    }

    /** The history file, read through its indexes. */
    static HistoryView of(HistoryFile file) {
        return (keys, after, filter, limit) -> {
            try {
                return file.newestFirst(keys, after, filter, limit);
            } catch (IOException e) {
                throw new ScheddFailure.Unavailable("cannot read the job history: " + e.getMessage());
            }
        };
    }

    /** A copy of the ads remembered in memory, newest first; {@code keys} only narrows, so they are all tested. */
    static HistoryView of(List<ClassAd> newestFirst) {
        List<ClassAd> ads = List.copyOf(newestFirst);
        return (keys, after, filter, limit) -> {
            Predicate<ClassAd> keep = HistoryPage.after(after, filter);
            List<ClassAd> out = new ArrayList<>();
            for (int i = 0; i < ads.size() && out.size() < limit; i++) {
                if (keep.test(ads.get(i))) {
                    out.add(ads.get(i));
                }
            }
            return out;
        };
    }
}
