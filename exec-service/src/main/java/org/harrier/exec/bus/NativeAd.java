package org.harrier.exec.bus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.protocol.AdMaps;

/**
 * A slot ad with its native QMF map ({@link AdMaps#toNative}, docs/protocols.md "Ads on the
 * wire"), made from the ad published before it: the startd rebuilds a slot's ad at every job's
 * start and end, and most attributes come back as the very same expressions (Start,
 * Requirements, WithinResourceLimits are shared constants), so {@link #next} unparses only an
 * expression that is new at its place, and tells an ad with every attribute equal to the last
 * from a change without making a map at all. Each map is exactly what {@link AdMaps#toNative}
 * makes of its ad.
 *
 * <p>Immutable: {@link #values()} is handed to the agent's threads as it is and never changed.
 */
final class NativeAd {
    private final String[] names;
    private final Expr[] exprs;
    /** Per attribute its ClassAd text when it is written as an expression, else null. */
    private final String[] texts;
    private final Map<String, Object> values;

    private NativeAd(String[] names, Expr[] exprs, String[] texts, Map<String, Object> values) {
        this.names = names;
        this.exprs = exprs;
        this.texts = texts;
        this.values = values;
    }

    static NativeAd of(ClassAd ad) {
        return new NativeAd(new String[0], new Expr[0], new String[0], Map.of()).next(ad);
    }

    /** The native map: literals as themselves, other expressions as text listed in !!descriptors. */
    Map<String, Object> values() {
        return values;
    }

    /** {@code ad} in native form; this very object when every attribute is the same as here, in the same order. */
    NativeAd next(ClassAd ad) {
        List<String> nextNames = new ArrayList<>(names.length);
        List<Expr> nextExprs = new ArrayList<>(exprs.length);
        ad.forEach((name, expr) -> {
            nextNames.add(name);
            nextExprs.add(expr);
        });
        int n = nextNames.size();
        boolean same = n == names.length;
        for (int i = 0; same && i < n; i++) {
            same = sameAt(i, nextNames.get(i), nextExprs.get(i));
        }
        if (same) {
            return this;
        }
        String[] nextTexts = new String[n];
        Map<String, Object> out = new LinkedHashMap<>(n * 4 / 3 + 2); // never regrown
        Map<String, Object> descriptors = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            String name = nextNames.get(i);
            Expr expr = nextExprs.get(i);
            Object plain = AdMaps.plainValue(expr);
            if (plain != null) {
                out.put(name, plain);
                continue;
            }
            // Unparsing is most of what converting an ad costs; an expression unchanged at its place keeps its text.
            String text = i < names.length && texts[i] != null && sameAt(i, name, expr) ? texts[i] : expr.unparse();
            nextTexts[i] = text;
            out.put(name, text);
            descriptors.put(name, AdMaps.EXPRESSION);
        }
        if (!descriptors.isEmpty()) {
            out.put(AdMaps.DESCRIPTORS, Collections.unmodifiableMap(descriptors));
        }
        return new NativeAd(nextNames.toArray(String[]::new), nextExprs.toArray(Expr[]::new), nextTexts,
                Collections.unmodifiableMap(out));
    }

    private boolean sameAt(int i, String name, Expr expr) {
        return names[i].equals(name) && (exprs[i] == expr || Objects.equals(exprs[i], expr));
    }
}
