package org.harrier.protocol.scheduler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.QmfType;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code scheduler.GetRequests}: the negotiator asks for the idle jobs, grouped into autoclusters. */
public record GetRequests() implements Request<GetRequests.Requests> {
    private static final Arg<List<Object>> REQUESTS = Arg.list("Requests");

    public static final Method<GetRequests, Requests> METHOD = Method.<GetRequests, Requests>of("scheduler", "GetRequests")
            .outputs(REQUESTS)
            .request(a -> new GetRequests(), q -> MethodArguments.writer())
            .answer(a -> Requests.read(a.get(REQUESTS)), r -> MethodArguments.writer().put(REQUESTS, r.write()))
            .build();

    /**
     * The scheduler's autoclusters. Read leniently: an entry that is not a valid request is left
     * out and its problem kept in {@code skipped}, so one malformed autocluster does not keep a
     * scheduler's other jobs from matching. Only {@code requests} is written.
     */
    public record Requests(List<Entry> requests, List<String> skipped) {
        public Requests {
            requests = List.copyOf(requests);
            skipped = List.copyOf(skipped);
        }

        public Requests(List<Entry> requests) {
            this(requests, List.of());
        }

        static Requests read(List<Object> wire) {
            List<Entry> entries = new ArrayList<>(wire.size());
            List<String> skipped = new ArrayList<>();
            for (int i = 0; i < wire.size(); i++) {
                try {
                    entries.add(Entry.read(wire.get(i), "Requests[" + i + "]"));
                } catch (IllegalArgumentException e) {
                    skipped.add(e.getMessage());
                }
            }
            return new Requests(entries, skipped);
        }

        List<Object> write() {
            List<Object> out = new ArrayList<>(requests.size());
            requests.forEach(e -> out.add(e.write()));
            return out;
        }
    }

    /** {@code {RequestId, Owner, Count, Ad}}: {@code count} idle jobs of {@code owner} alike for matching, {@code ad} standing for all. */
    public record Entry(long requestId, String owner, long count, ClassAd ad) {
        private static final String REQUEST_ID = "RequestId";
        private static final String OWNER = "Owner";
        private static final String COUNT = "Count";
        private static final String AD = "Ad";

        public Entry {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(ad, "ad");
        }

        static Entry read(Object wire, String where) {
            if (!(wire instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException(where + " must be a map {RequestId, Owner, Count, Ad}, got " + QmfType.describe(wire));
            }
            if (!(m.get(REQUEST_ID) instanceof Number id) || id instanceof Double || id instanceof Float) {
                throw new IllegalArgumentException(where + " needs an integer RequestId, got " + QmfType.describe(m.get(REQUEST_ID)));
            }
            if (!(m.get(OWNER) instanceof String owner)) {
                throw new IllegalArgumentException(where + " needs an Owner string, got " + QmfType.describe(m.get(OWNER)));
            }
            if (!(m.get(COUNT) instanceof Number count) || count instanceof Double || count instanceof Float) {
                throw new IllegalArgumentException(where + " needs an integer Count, got " + QmfType.describe(m.get(COUNT)));
            }
            return new Entry(id.longValue(), owner, count.longValue(), Arg.toAd(m.get(AD), where + " Ad"));
        }

        Object write() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(REQUEST_ID, requestId);
            m.put(OWNER, owner);
            m.put(COUNT, count);
            m.put(AD, AdMaps.toNative(ad));
            return m;
        }
    }

    @Override
    public Method<GetRequests, Requests> method() {
        return METHOD;
    }
}
