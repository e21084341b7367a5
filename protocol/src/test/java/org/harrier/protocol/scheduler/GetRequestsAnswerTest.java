package org.harrier.protocol.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.junit.jupiter.api.Test;

/** A GetRequests answer is read entry by entry: one malformed autocluster does not hide the others. */
class GetRequestsAnswerTest {
    private static final ClassAd JOB = ClassAd.parse("[ Owner = \"alice\"; Requirements = true ]");

    @Test
    void aMalformedEntryIsSkippedWithItsProblemAndTheOthersAreRead() {
        Map<String, Object> good = Map.of("RequestId", 7L, "Owner", "alice", "Count", 2L, "Ad", AdMaps.toNative(JOB));
        GetRequests.Requests answer = GetRequests.METHOD.readAnswer(Map.of("Requests",
                List.of(Map.of("RequestId", "junk"), good, "not a map")));

        assertEquals(List.of(new GetRequests.Entry(7, "alice", 2, JOB)), answer.requests());
        assertEquals(2, answer.skipped().size());
        assertTrue(answer.skipped().get(0).startsWith("Requests[0] needs an integer RequestId"), answer.skipped().get(0));
        assertTrue(answer.skipped().get(1).startsWith("Requests[2] must be a map"), answer.skipped().get(1));
    }

    @Test
    void whatIsWrittenIsReadBackAlike() {
        GetRequests.Requests sent = new GetRequests.Requests(List.of(new GetRequests.Entry(3, "bob", 1, JOB)));
        assertEquals(sent, GetRequests.METHOD.readAnswer(GetRequests.METHOD.writeAnswer(sent)));
    }
}
