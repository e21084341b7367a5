package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.harrier.console.GridClient.ConcurrencyLimit;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.Request;
import org.harrier.protocol.negotiator.AccountantRecord;
import org.harrier.protocol.negotiator.GetLimits;
import org.harrier.protocol.negotiator.GetPriorities;
import org.junit.jupiter.api.Test;

/**
 * The negotiator methods' arguments and how their answers become the console's values; how an
 * answer of the wrong shape fails is the records' (protocol's NegotiatorAnswersTest).
 */
class NegotiatorCallsTest {
    private final List<String> sent = new ArrayList<>();

    /** A negotiator that answers {@code answer} (an argument map, as on the wire) to every call. */
    private NegotiatorCalls answering(Map<String, Object> answer) {
        return new NegotiatorCalls(new NegotiatorCalls.Invoker() {
            @Override
            public <R> R call(Request<R> request) {
                Method<?, R> method = request.method();
                sent.add(method.name() + " " + new TreeMap<>(method.writeRequest(request)));
                return method.readAnswer(answer);
            }
        });
    }

    @Test
    void limitsAreReadByNameInNameOrder() {
        Map<String, GetLimits.Limit> limits = new LinkedHashMap<>();
        limits.put("license_x", new GetLimits.Limit(1, 2));
        limits.put("db", new GetLimits.Limit(0.5, 5));

        assertEquals(List.of(new ConcurrencyLimit("db", 0.5, 5), new ConcurrencyLimit("license_x", 1, 2)),
                answering(GetLimits.METHOD.writeAnswer(new GetLimits.Limits(limits))).limits());
        assertEquals(List.of("GetLimits {}"), sent);
    }

    @Test
    void priorityRecordsBecomeAds() {
        AccountantRecord alice = new AccountantRecord("alice", 0.5, 0.5, 1, 0, 0, 0, 0, 0, 0, false, "<none>", null);
        var records = answering(GetPriorities.METHOD.writeAnswer(List.of(alice))).priorities();

        assertEquals(1, records.size());
        assertEquals("alice", records.get(0).evaluate("Name").unparse().replace("\"", ""));
    }

    @Test
    void settersSendTheNameAndTheOneValue() {
        NegotiatorCalls n = answering(Map.of());
        n.setPriorityFactor("bob", 4);
        n.setLimit("db", 2);

        assertEquals(List.of("SetPriorityFactor {Name=bob, PriorityFactor=4.0}", "SetLimit {Max=2.0, Name=db}"), sent);
    }
}
