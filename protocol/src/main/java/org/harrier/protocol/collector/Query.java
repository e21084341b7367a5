package org.harrier.protocol.collector;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code collector.Query}: the ads of {@code adType} whose {@code constraint} (ClassAd text; null
 * selects every ad) is true, cut to the {@code projection}'s attributes (empty: whole ads). The
 * collector decides which type names it knows and whether the constraint parses; this record
 * only checks that the projection is a list of attribute names.
 */
public record Query(String adType, String constraint, List<String> projection) implements Request<Query.Ads> {
    private static final Arg<String> AD_TYPE = Arg.sstr("AdType");
    private static final Arg<String> CONSTRAINT = Arg.lstr("Constraint").optional();
    private static final Arg<List<Object>> PROJECTION = Arg.list("Projection").optional();
    private static final Arg<List<ClassAd>> ADS = Arg.ads("Ads");

    public static final Method<Query, Ads> METHOD = Method.<Query, Ads>of("collector", "Query")
            .inputs(AD_TYPE, CONSTRAINT, PROJECTION)
            .outputs(ADS)
            .request(a -> new Query(a.get(AD_TYPE), a.get(CONSTRAINT), names(a.get(PROJECTION, List.of()))),
                    q -> MethodArguments.writer().put(AD_TYPE, q.adType()).put(CONSTRAINT, q.constraint())
                            .put(PROJECTION, q.projection().isEmpty() ? null : new ArrayList<Object>(q.projection())))
            .answer(a -> new Ads(a.get(ADS)), r -> MethodArguments.writer().put(ADS, r.ads()))
            .build();

    public Query {
        Objects.requireNonNull(adType, "adType");
        projection = names(projection == null ? List.of() : projection);
    }

    /** Every ad of {@code adType}, whole. */
    public static Query all(String adType) {
        return new Query(adType, null, List.of());
    }

    /** The projection's items as trimmed attribute names; an item that is not one is named by its position. */
    private static List<String> names(List<?> items) {
        List<String> names = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof String name) || name.isBlank()) {
                throw new IllegalArgumentException("Projection item " + (i + 1) + " must be an attribute name, got "
                        + (items.get(i) == null ? "null" : "'" + items.get(i) + "'"));
            }
            names.add(name.trim());
        }
        return List.copyOf(names);
    }

    /** The selected ads, in the collector's order. */
    public record Ads(List<ClassAd> ads) {
        public Ads {
            ads = List.copyOf(ads);
        }
    }

    @Override
    public Method<Query, Ads> method() {
        return METHOD;
    }
}
