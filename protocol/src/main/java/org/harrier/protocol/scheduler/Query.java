package org.harrier.protocol.scheduler;

import java.util.List;
import java.util.regex.Pattern;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdRows;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.Query}: queued jobs' ads in job id order, those {@code constraint} (ClassAd
 * text; null: all) is true for, each with only the attributes {@code projection} names and those
 * their expressions read, plus ClusterId and ProcId (null: every attribute), at most
 * {@code limit} (null: all) of them, starting just past job {@code after} ("cluster.proc"; null:
 * from the first). One answer holds as many as fit a message; {@link Ads#more} says more remain,
 * to be asked for after the last one answered (condor_q as a method, for clients that do not
 * speak QMF queries; docs/protocols.md). {@code rows} (the Compact argument): answer the ads as {@link AdRows} (names
 * once, a list of values per ad) in {@code Names} and {@code Rows} rather than as maps in
 * {@code Ads}, which a caller that leaves it out (any QMF console) gets; {@link Ads} reads either.
 */
public record Query(String constraint, List<String> projection, Long limit, String after, boolean rows)
        implements Request<Query.Ads> {
    private static final Pattern JOB_ID = Pattern.compile("[0-9]+\\.[0-9]+");
    private static final Arg<String> CONSTRAINT = Arg.lstr("Constraint").optional();
    private static final Arg<List<String>> PROJECTION = Arg.strings("Projection").optional();
    private static final Arg<Long> LIMIT = Arg.uint32("Limit").optional();
    private static final Arg<String> AFTER = Arg.sstr("After").optional();
    private static final Arg<Boolean> COMPACT = Arg.bool("Compact").optional();

    public static final Method<Query, Ads> METHOD = Method.<Query, Ads>of("scheduler", "Query")
            .inputs(CONSTRAINT, PROJECTION, LIMIT, AFTER, COMPACT)
            .outputs(AdPages.ADS, AdPages.MORE, AdPages.NAMES, AdPages.ROWS)
            .request(a -> new Query(a.get(CONSTRAINT), a.get(PROJECTION), a.get(LIMIT), a.get(AFTER), Boolean.TRUE.equals(a.get(COMPACT))),
                    q -> MethodArguments.writer().put(CONSTRAINT, q.constraint()).put(PROJECTION, q.projection())
                            .put(LIMIT, q.limit()).put(AFTER, q.after()).put(COMPACT, q.rows() ? true : null))
            .answer(Query::read, Query::write)
            .build();

    public Query {
        if (limit != null && limit < 1) {
            throw new IllegalArgumentException("Limit must be at least 1, got " + limit + "; leave it out for every ad");
        }
        if (after != null && !JOB_ID.matcher(after).matches()) {
            throw new IllegalArgumentException("After must be a job id cluster.proc (the last ad answered), got '" + after + "'");
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

    /** Every queued job's whole ad, from the first. */
    public Query() {
        this(null, null, null, null);
    }

    /** Answered as maps in {@code Ads}, as every QMF console reads them. */
    public Query(String constraint, List<String> projection, Long limit, String after) {
        this(constraint, projection, limit, after, false);
    }

    /** The same question for the page past job {@code after}. */
    public Query after(String after, Long limit) {
        return new Query(constraint, projection, limit, after, rows);
    }

    /**
     * The queued ads, in job id order; {@code more}: others remain, past the last of these;
     * {@code rows}: they travel as {@link AdRows}, as a Query that asked for rows is answered.
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
        return new Ads(AdPages.ads(a, "Query"), AdPages.more(a), AdPages.rows(a));
    }

    private static MethodArguments.Writer write(Ads r) {
        return AdPages.write(r.ads(), r.more(), r.rows());
    }

    @Override
    public Method<Query, Ads> method() {
        return METHOD;
    }
}
