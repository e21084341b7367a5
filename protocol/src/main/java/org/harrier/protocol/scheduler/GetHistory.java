package org.harrier.protocol.scheduler;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.GetHistory}: completed and removed jobs, newest first, those {@code constraint}
 * (ClassAd text; null: all) is true for, at most {@code limit} (null: all) of them.
 */
public record GetHistory(String constraint, Long limit) implements Request<GetHistory.Ads> {
    private static final Arg<String> CONSTRAINT = Arg.lstr("Constraint").optional();
    private static final Arg<Long> LIMIT = Arg.uint32("Limit").optional();
    private static final Arg<List<ClassAd>> ADS = Arg.ads("Ads");

    public static final Method<GetHistory, Ads> METHOD = Method.<GetHistory, Ads>of("scheduler", "GetHistory")
            .inputs(CONSTRAINT, LIMIT)
            .outputs(ADS)
            .request(a -> new GetHistory(a.get(CONSTRAINT), a.get(LIMIT)),
                    q -> MethodArguments.writer().put(CONSTRAINT, q.constraint()).put(LIMIT, q.limit()))
            .answer(a -> new Ads(a.get(ADS)), r -> MethodArguments.writer().put(ADS, r.ads()))
            .build();

    public GetHistory {
        if (limit != null && limit < 1) {
            throw new IllegalArgumentException("Limit must be at least 1, got " + limit + "; leave it out for every ad");
        }
    }

    /** The history ads, newest first. */
    public record Ads(List<ClassAd> ads) {
        public Ads {
            ads = List.copyOf(ads);
        }
    }

    @Override
    public Method<GetHistory, Ads> method() {
        return METHOD;
    }
}
