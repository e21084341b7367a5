package org.harrier.collector;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Coercion;
import org.harrier.classad.Expr;
import org.harrier.protocol.collector.Query;

/**
 * A {@code collector.Query} as the collector runs it: which ads, a ClassAd constraint each
 * returned ad satisfies (condor_status {@code -constraint}: evaluated
 * with the ad as MY and no target, selected only when it is true; undefined is not), and the
 * attributes to return (condor_status {@code -af}; names any case, none means all).
 *
 * @param constraint null selects every ad
 * @param projection empty returns whole ads
 */
public record AdQuery(AdType type, Expr constraint, List<String> projection) {
    public AdQuery {
        Objects.requireNonNull(type, "type");
        projection = List.copyOf(projection);
    }

    public static AdQuery all(AdType type) {
        return new AdQuery(type, null, List.of());
    }

    /**
     * The collector's reading of a {@code Query} request: the type by any of its names, the
     * constraint parsed (blank selects every ad). A name it does not know, or a constraint that
     * does not parse, is {@link CollectorFailure.Invalid}; the latter names the line and column.
     */
    public static AdQuery of(Query request) {
        AdType adType;
        try {
            adType = AdType.parse(request.adType());
        } catch (IllegalArgumentException e) {
            throw new CollectorFailure.Invalid(e.getMessage());
        }
        return new AdQuery(adType, constraint(request.constraint()), request.projection());
    }

    private static Expr constraint(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Expr.parse(text);
        } catch (ClassAdParseException e) {
            throw new CollectorFailure.Invalid("Constraint is not a valid ClassAd expression: " + e.getMessage());
        }
    }

    /** True if the constraint is true for {@code ad} (always, without a constraint). */
    public boolean selects(ClassAd ad) {
        return constraint == null || Coercion.truth(constraint.evaluate(ad)) == 1;
    }

    /** The ad, cut to the projection. */
    public ClassAd project(ClassAd ad) {
        if (projection.isEmpty()) {
            return ad;
        }
        Set<String> wanted = new LinkedHashSet<>();
        projection.forEach(p -> wanted.add(p.toLowerCase(Locale.ROOT)));
        ClassAd.Builder b = ClassAd.builder();
        ad.forEach((name, expr) -> {
            if (wanted.contains(name.toLowerCase(Locale.ROOT))) {
                b.set(name, expr);
            }
        });
        return b.build();
    }
}
