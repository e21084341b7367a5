package org.harrier.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;

/**
 * One answer of GetHistory (docs/protocols.md): finished jobs' final ads, newest first, at most
 * {@link #MAX_ADS} of them and, past the first, no more than {@link #MAX_BYTES} in all, so that
 * any history fits the broker's message size limit (16 MiB by default); {@code more} says the
 * answer stopped there and older matching ads remain. The caller asks again with the last ad's
 * id as {@code after}, which continues just past that ad: a job that finishes between two asks
 * is newer than the cursor and is neither skipped nor repeated. Pure; immutable.
 */
public record HistoryPage(List<ClassAd> ads, boolean more) {
    /** Ads per answer at most: about 4 MiB of typical job ads. */
    public static final int MAX_ADS = 2_000;
    /** Bytes of ads per answer, past its first ad: names and values as text, and {@link #PER_ATTRIBUTE} each. */
    public static final long MAX_BYTES = 8L << 20;
    /** What an attribute costs on the wire beyond its name and value: its typed-value map. */
    static final int PER_ATTRIBUTE = 32;

    public HistoryPage {
        ads = List.copyOf(ads);
    }

    /**
     * What a scan of the history, newest first, keeps for the page: the ads {@code filter}
     * selects that come after job {@code after} (null: from the newest).
     */
    static Predicate<ClassAd> after(JobId after, Predicate<ClassAd> filter) {
        Objects.requireNonNull(filter, "filter");
        if (after == null) {
            return filter;
        }
        boolean[] passed = {false};
        return ad -> {
            if (passed[0]) {
                return filter.test(ad);
            }
            passed[0] = after.equals(idOf(ad));
            return false;
        };
    }

    /** How many ads to scan for: one past the page's own, to learn whether more remain. */
    static int scanLimit(int limit) {
        return Math.min(limit, MAX_ADS) + 1;
    }

    /**
     * The page made of {@code scanned} (at most {@link #scanLimit} ads, newest first) for a caller
     * who asked for at most {@code limit}: cut at {@link #MAX_ADS} and {@link #MAX_BYTES}, with
     * {@code more} set when it was cut short of {@code limit} while ads remained.
     */
    static HistoryPage of(List<ClassAd> scanned, int limit) {
        List<ClassAd> page = new ArrayList<>();
        long bytes = 0;
        for (ClassAd ad : scanned) {
            if (page.size() == limit) {
                return new HistoryPage(page, false);
            }
            long size = AdLimits.bytes(ad) + (long) PER_ATTRIBUTE * ad.size();
            if (page.size() == MAX_ADS || (!page.isEmpty() && bytes + size > MAX_BYTES)) {
                return new HistoryPage(page, true);
            }
            page.add(ad);
            bytes += size;
        }
        return new HistoryPage(page, false);
    }

    /**
     * The page with each ad cut to {@code names} (lower case) as {@link QueuePage#projected} cuts
     * a queued one: GetHistory's Projection. Cut after the page was measured whole, so it holds
     * the ads it would hold without one.
     */
    public HistoryPage projected(java.util.Set<String> names) {
        return new HistoryPage(ads.stream().map(ad -> QueuePage.projected(ad, names)).toList(), more);
    }

    /** The id of a history ad, from its ClusterId and ProcId; null when it has none. */
    static JobId idOf(ClassAd ad) {
        if (ad.lookup(Attr.CLUSTER_ID) instanceof IntegerValue c && ad.lookup(Attr.PROC_ID) instanceof IntegerValue p) {
            return new JobId((int) c.value(), (int) p.value());
        }
        return null;
    }
}
