package org.harrier.scheduler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.QueueView;

/**
 * One answer of the scheduler's Query (docs/protocols.md): queued jobs' ads as consoles see them
 * (private attributes hidden), in job id order, at most {@link #MAX_ADS} of them and, past the
 * first, no more than {@link #MAX_BYTES}, the same caps as GetHistory's ({@link HistoryPage});
 * {@code more} says the answer stopped there and matching ads remain. The caller asks again with
 * the last ad's id as {@code after}: job ids only grow, so a job submitted between two asks comes
 * later in the order and none is skipped or repeated. Each page is made from one
 * {@link QueueView}, so it is consistent in itself. Each ad is read at the cost of what the page
 * carries ({@link ShownAds}). Pure; immutable.
 */
public record QueuePage(List<ClassAd> ads, boolean more) {
    public static final int MAX_ADS = HistoryPage.MAX_ADS;
    /**
     * Ads per answer at most when they travel as rows (docs/protocols.md, "Ads as rows"): a row
     * of a few values is some tens of bytes, so a page of them is still far from the byte cap, and
     * each page costs a round trip and a view of the queue.
     */
    public static final int MAX_ROWS = 10_000;
    public static final long MAX_BYTES = HistoryPage.MAX_BYTES;
    /** What an attribute costs on the wire beyond its name and value (as GetHistory counts it). */
    private static final int PER_ATTRIBUTE = 32;

    public QueuePage {
        ads = List.copyOf(ads);
    }

    /**
     * What a page answers: the jobs past {@code after} (null: from the first), at most
     * {@code limit} ads that {@code selects} (given each ad as consoles see it), each cut to
     * {@code projection} (lower-case names, or null for whole ads, {@link #projected}); at most
     * {@link #MAX_ROWS} when they travel as rows ({@code rows}), else {@link #MAX_ADS}.
     */
    public record Question(JobId after, Predicate<ClassAd> selects, Set<String> projection, int limit, boolean rows) {
        public Question {
            java.util.Objects.requireNonNull(selects, "selects");
            if (limit < 1) {
                throw new IllegalArgumentException("a page holds at least one ad, got a limit of " + limit);
            }
        }

        /** Whole ads as maps, every job that {@code selects}. */
        public Question(Predicate<ClassAd> selects, Set<String> projection) {
            this(null, selects, projection, Integer.MAX_VALUE, false);
        }
    }

    /** The page of {@code view} that answers {@code q}. */
    public static QueuePage of(QueueView view, Question q) {
        int most = q.rows() ? MAX_ROWS : MAX_ADS;
        List<ClassAd> page = new ArrayList<>();
        long[] bytes = {0};
        boolean[] more = {false};
        ShownAds shown = new ShownAds(q.projection());
        view.walk(q.after(), (id, ad) -> {
            ClassAd tested = shown.tested(ad);
            if (!q.selects().test(tested)) {
                return true;
            }
            ClassAd answered = shown.answered(ad, tested);
            long size = AdLimits.bytes(answered) + (long) PER_ATTRIBUTE * answered.size();
            if (page.size() == most || (!page.isEmpty() && bytes[0] + size > MAX_BYTES)) {
                more[0] = true;
                return false;
            }
            page.add(answered);
            bytes[0] += size;
            return page.size() < q.limit();
        });
        return new QueuePage(page, more[0]);
    }

    /**
     * {@code ad} with only the attributes {@code names} and, transitively, their expressions read
     * (condor_q -af RequestMemory needs ImageSize and MemoryUsage to evaluate), plus ClusterId and
     * ProcId (a page's cursor).
     */
    static ClassAd projected(ClassAd ad, Set<String> names) {
        Set<String> needed = new HashSet<>(names);
        needed.add(Attr.CLUSTER_ID.toLowerCase(Locale.ROOT));
        needed.add(Attr.PROC_ID.toLowerCase(Locale.ROOT));
        ArrayDeque<String> todo = new ArrayDeque<>(names);
        while (!todo.isEmpty()) {
            Expr e = ad.lookup(todo.pop());
            if (e != null) {
                for (String read : e.references()) {
                    String lower = read.toLowerCase(Locale.ROOT);
                    if (needed.add(lower)) {
                        todo.push(lower);
                    }
                }
            }
        }
        ClassAd.Builder out = ClassAd.builder();
        ad.forEach((name, e) -> {
            if (needed.contains(name.toLowerCase(Locale.ROOT))) {
                out.set(name, e);
            }
        });
        return out.build();
    }
}
