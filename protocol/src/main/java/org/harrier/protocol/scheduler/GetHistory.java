package org.harrier.protocol.scheduler;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.GetHistory}: completed and removed jobs, newest first, those {@code constraint}
 * (ClassAd text; null: all) is true for, at most {@code limit} (null: all) of them, starting just
 * past job {@code after} ("cluster.proc"; null: from the newest). One answer holds as many as fit
 * a message; {@link Ads#more} says more remain, to be asked for after the last one answered.
 */
public record GetHistory(String constraint, Long limit, String after) implements Request<GetHistory.Ads> {
    private static final Arg<String> CONSTRAINT = Arg.lstr("Constraint").optional();
    private static final Arg<Long> LIMIT = Arg.uint32("Limit").optional();
    private static final Arg<String> AFTER = Arg.sstr("After").optional();
    private static final Arg<List<ClassAd>> ADS = Arg.ads("Ads");
    private static final Arg<Boolean> MORE = Arg.bool("More").optional();

    public static final Method<GetHistory, Ads> METHOD = Method.<GetHistory, Ads>of("scheduler", "GetHistory")
            .inputs(CONSTRAINT, LIMIT, AFTER)
            .outputs(ADS, MORE)
            .request(a -> new GetHistory(a.get(CONSTRAINT), a.get(LIMIT), a.get(AFTER)),
                    q -> MethodArguments.writer().put(CONSTRAINT, q.constraint()).put(LIMIT, q.limit()).put(AFTER, q.after()))
            .answer(a -> new Ads(a.get(ADS), Boolean.TRUE.equals(a.get(MORE))),
                    r -> MethodArguments.writer().put(ADS, r.ads()).put(MORE, r.more()))
            .build();

    /** From the newest. */
    public GetHistory(String constraint, Long limit) {
        this(constraint, limit, null);
    }

    public GetHistory {
        if (limit != null && limit < 1) {
            throw new IllegalArgumentException("Limit must be at least 1, got " + limit + "; leave it out for every ad");
        }
    }

    /** The history ads, newest first; {@code more}: older ones remain, past the last of these. */
    public record Ads(List<ClassAd> ads, boolean more) {
        public Ads {
            ads = List.copyOf(ads);
        }
    }

    @Override
    public Method<GetHistory, Ads> method() {
        return METHOD;
    }
}
