package org.harrier.collector;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Coercion;
import org.harrier.classad.Expr;
import org.harrier.protocol.AdMaps;
import org.harrier.bus.QmfException;

/**
 * The arguments of {@code collector.Query(AdType, Constraint, Projection)}, checked: which ads,
 * a ClassAd constraint each returned ad satisfies (condor_status {@code -constraint}: evaluated
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
     * Reads the method's input arguments (types already checked against the schema); anything
     * wrong is a QmfException BAD_PARAMETER naming the argument, and a constraint that does not
     * parse names the line and column.
     */
    public static AdQuery fromArguments(Map<String, ?> arguments) {
        Object type = arguments.get("AdType");
        if (!(type instanceof String typeName)) {
            throw QmfException.badParameter("Query needs AdType: slot, scheduler or submitter");
        }
        AdType adType;
        try {
            adType = AdType.parse(typeName);
        } catch (IllegalArgumentException e) {
            throw QmfException.badParameter(e.getMessage());
        }
        return new AdQuery(adType, constraint(arguments.get("Constraint")), projection(arguments.get("Projection")));
    }

    private static Expr constraint(Object raw) {
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof String text)) {
            throw QmfException.badParameter("Constraint must be ClassAd text");
        }
        if (text.isBlank()) {
            return null;
        }
        try {
            return Expr.parse(text);
        } catch (ClassAdParseException e) {
            throw QmfException.badParameter("Constraint is not a valid ClassAd expression: " + e.getMessage());
        }
    }

    private static List<String> projection(Object raw) {
        if (raw == null) {
            return List.of();
        }
        if (!(raw instanceof List<?> items)) {
            throw QmfException.badParameter("Projection must be a list of attribute names");
        }
        List<String> names = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof String name) || name.isBlank()) {
                throw QmfException.badParameter("Projection item " + (i + 1) + " must be an attribute name, got "
                        + (items.get(i) == null ? "null" : "'" + items.get(i) + "'"));
            }
            names.add(name.trim());
        }
        return names;
    }

    /** True if the constraint is true for {@code ad} (always, without a constraint). */
    public boolean selects(ClassAd ad) {
        return constraint == null || Coercion.truth(constraint.evaluate(ad)) == 1;
    }

    /** The ad, cut to the projection, in the native map form (docs/protocols.md "Ads on the wire"). */
    public Map<String, Object> project(ClassAd ad) {
        if (projection.isEmpty()) {
            return AdMaps.toNative(ad);
        }
        Set<String> wanted = new LinkedHashSet<>();
        projection.forEach(p -> wanted.add(p.toLowerCase(Locale.ROOT)));
        ClassAd.Builder b = ClassAd.builder();
        ad.forEach((name, expr) -> {
            if (wanted.contains(name.toLowerCase(Locale.ROOT))) {
                b.set(name, expr);
            }
        });
        return AdMaps.toNative(b.build());
    }
}
