package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JobHistoryTest {
    static JobHistory fiveJobs(int capacity) {
        JobHistory h = new JobHistory(capacity);
        for (int p = 0; p < 5; p++) {
            h.add(new JobId(1, p), ClassAd.builder().set("ProcId", p).set("JobStatus", p % 2 == 0 ? 4 : 3).build());
        }
        return h;
    }

    static List<Long> procs(List<ClassAd> ads) {
        return ads.stream().map(a -> ((IntegerValue) a.lookup("ProcId")).value()).toList();
    }

    @ParameterizedTest(name = "limit {0}, completed only {1}: {2}")
    @CsvSource({"10, false, 4 3 2 1 0", "2, false, 4 3", "0, false, ''", "10, true, 4 2 0", "2, true, 4 2"})
    void newestFirstFilteredAndLimited(int limit, boolean completedOnly, String expected) {
        List<ClassAd> ads = fiveJobs(100).newestFirst(
                ad -> !completedOnly || ad.lookup("JobStatus").equals(IntegerValue.of(4)), limit);
        assertEquals(expected.isEmpty() ? List.of() : java.util.Arrays.stream(expected.split(" ")).map(Long::valueOf).toList(),
                procs(ads));
    }

    @Test
    void onlyWhatTheHistoryStillHoldsIsAnswered() {
        assertEquals(List.of(4L, 3L, 2L), procs(fiveJobs(3).newestFirst(ad -> true, 10)));
    }
}
