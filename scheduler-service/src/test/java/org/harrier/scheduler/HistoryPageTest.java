package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

/** GetHistory's pages: cut by count and bytes, continued after a cursor without loss or repeat. */
class HistoryPageTest {
    static ClassAd finished(int cluster, int proc, int blobBytes) {
        return ClassAd.builder().set("ClusterId", cluster).set("ProcId", proc).set("Blob", "x".repeat(blobBytes)).build();
    }

    /** Newest first: cluster n down to 1. */
    static List<ClassAd> history(int n, int blobBytes) {
        List<ClassAd> ads = new ArrayList<>();
        for (int c = n; c >= 1; c--) {
            ads.add(finished(c, 0, blobBytes));
        }
        return ads;
    }

    static List<ClassAd> scan(List<ClassAd> newestFirst, Predicate<ClassAd> keep, int limit) {
        List<ClassAd> out = new ArrayList<>();
        for (ClassAd ad : newestFirst) {
            if (out.size() < limit && keep.test(ad)) {
                out.add(ad);
            }
        }
        return out;
    }

    static HistoryPage page(List<ClassAd> all, int limit, JobId after) {
        return HistoryPage.of(scan(all, HistoryPage.after(after, ad -> true), HistoryPage.scanLimit(limit)), limit);
    }

    @Test
    void aShortHistoryIsOneAnswerWithNothingMore() {
        HistoryPage p = page(history(5, 10), Integer.MAX_VALUE, null);
        assertEquals(5, p.ads().size());
        assertFalse(p.more());
        HistoryPage limited = page(history(5, 10), 3, null);
        assertEquals(3, limited.ads().size());
        assertFalse(limited.more(), "the caller got all it asked for");
    }

    @Test
    void aLongHistoryIsCutAtTheCountAndContinuedAfterItsLastAd() {
        List<ClassAd> all = history(HistoryPage.MAX_ADS + 500, 10);
        HistoryPage first = page(all, Integer.MAX_VALUE, null);
        assertEquals(HistoryPage.MAX_ADS, first.ads().size());
        assertTrue(first.more());
        JobId last = HistoryPage.idOf(first.ads().get(first.ads().size() - 1));
        assertEquals(new JobId(501, 0), last);
        HistoryPage second = page(all, Integer.MAX_VALUE, last);
        assertEquals(500, second.ads().size());
        assertFalse(second.more());
        assertEquals(new JobId(500, 0), HistoryPage.idOf(second.ads().get(0)), "continues just past the cursor");
    }

    @Test
    void bigAdsAreCutAtTheByteBudgetButAnAnswerHasAtLeastOne() {
        int blob = 3 << 20;
        HistoryPage p = page(history(4, blob), Integer.MAX_VALUE, null);
        assertEquals(2, p.ads().size(), "two 3 MiB ads fit 8 MiB, a third does not");
        assertTrue(p.more());
        HistoryPage huge = page(history(2, 9 << 20), Integer.MAX_VALUE, null);
        assertEquals(1, huge.ads().size(), "an ad over the budget still goes alone");
        assertTrue(huge.more());
    }

    @Test
    void jobsThatFinishBetweenPagesAreNotRepeatedAndNoneIsSkipped() {
        List<ClassAd> all = history(HistoryPage.MAX_ADS + 10, 10);
        HistoryPage first = page(all, Integer.MAX_VALUE, null);
        JobId cursor = HistoryPage.idOf(first.ads().get(first.ads().size() - 1));
        List<ClassAd> later = new ArrayList<>(List.of(finished(9999, 0, 10), finished(9998, 0, 10)));
        later.addAll(all);
        HistoryPage second = page(later, Integer.MAX_VALUE, cursor);
        assertEquals(10, second.ads().size());
        assertEquals(new JobId(10, 0), HistoryPage.idOf(second.ads().get(0)));
    }

    @Test
    void aCursorNoLongerInTheHistoryAnswersNothing() {
        HistoryPage p = page(history(5, 10), Integer.MAX_VALUE, new JobId(77, 3));
        assertTrue(p.ads().isEmpty());
        assertFalse(p.more());
    }
}
