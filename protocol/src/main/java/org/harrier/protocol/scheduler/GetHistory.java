package org.harrier.protocol.scheduler;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdRows;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.GetHistory}: completed and removed jobs, newest first, those {@code constraint}
 * (ClassAd text; null: all) is true for, at most {@code limit} (null: all) of them, starting just
 * past job {@code after} ("cluster.proc"; null: from the newest). One answer holds as many as fit
 * a message; {@link Ads#more} says more remain, to be asked for after the last one answered.
 * {@code projection} and {@code rows} (the Projection and Compact arguments) as {@link Query}'s:
 * each ad cut to the attributes named (and what they read, and ClusterId and ProcId), and the
 * answer as {@link AdRows}.
 */
public record GetHistory(String constraint, Long limit, String after, List<String> projection, boolean rows)
        implements Request<GetHistory.Ads> {
    private static final Arg<String> CONSTRAINT = Arg.lstr("Constraint").optional();
    private static final Arg<Long> LIMIT = Arg.uint32("Limit").optional();
    private static final Arg<String> AFTER = Arg.sstr("After").optional();
    private static final Arg<List<String>> PROJECTION = Arg.strings("Projection").optional();
    private static final Arg<Boolean> COMPACT = Arg.bool("Compact").optional();

    public static final Method<GetHistory, Ads> METHOD = Method.<GetHistory, Ads>of("scheduler", "GetHistory")
            .inputs(CONSTRAINT, LIMIT, AFTER, PROJECTION, COMPACT)
            .outputs(AdPages.ADS, AdPages.MORE, AdPages.NAMES, AdPages.ROWS)
            .request(a -> new GetHistory(a.get(CONSTRAINT), a.get(LIMIT), a.get(AFTER), a.get(PROJECTION),
                            Boolean.TRUE.equals(a.get(COMPACT))),
                    q -> MethodArguments.writer().put(CONSTRAINT, q.constraint()).put(LIMIT, q.limit()).put(AFTER, q.after())
                            .put(PROJECTION, q.projection()).put(COMPACT, q.rows() ? true : null))
            .answer(GetHistory::read, GetHistory::write)
            .build();

    /** From the newest. */
    public GetHistory(String constraint, Long limit) {
        this(constraint, limit, null);
    }

    /** Whole ads, answered as maps in {@code Ads}. */
    public GetHistory(String constraint, Long limit, String after) {
        this(constraint, limit, after, null, false);
    }

    public GetHistory {
        if (limit != null && limit < 1) {
            throw new IllegalArgumentException("Limit must be at least 1, got " + limit + "; leave it out for every ad");
        }
        if (projection != null) {
            projection = List.copyOf(projection);
            for (String name : projection) {
                if (name.isBlank()) {
                    throw new IllegalArgumentException("Projection names attributes; an empty name names none");
                }
            }
        }
    }

    /** The same question for the page past job {@code after}. */
    public GetHistory after(String after, Long limit) {
        return new GetHistory(constraint, limit, after, projection, rows);
    }

    /**
     * The history ads, newest first; {@code more}: older ones remain, past the last of these;
     * {@code rows}: they travel as {@link AdRows}, as a GetHistory that asked for rows is answered.
     */
    public record Ads(List<ClassAd> ads, boolean more, boolean rows) {
        public Ads {
            ads = List.copyOf(ads);
        }

        public Ads(List<ClassAd> ads, boolean more) {
            this(ads, more, false);
        }
    }

    private static Ads read(MethodArguments a) {
        return new Ads(AdPages.ads(a, "GetHistory"), AdPages.more(a), AdPages.rows(a));
    }

    private static MethodArguments.Writer write(Ads r) {
        return AdPages.write(r.ads(), r.more(), r.rows());
    }

    @Override
    public Method<GetHistory, Ads> method() {
        return METHOD;
    }
}
