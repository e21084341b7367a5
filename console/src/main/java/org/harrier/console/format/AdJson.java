package org.harrier.console.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdValue;
import org.harrier.classad.Expr;
import org.harrier.classad.ListExpr;
import org.harrier.classad.ListValue;
import org.harrier.classad.RecordExpr;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;
import org.harrier.protocol.AdMaps;

/**
 * Ads as JSON the way HTCondor's {@code -json} writes them (its "JSON ClassAd" form): an ad is
 * an object, integers, reals, strings and booleans are themselves, {@code undefined} is null,
 * lists are arrays, nested ads objects, and any other expression is the string
 * {@code "/Expr(<ClassAd text>)/"} so that a reader can tell it from a string value.
 */
public final class AdJson {
    private static final ObjectWriter WRITER = new ObjectMapper().writer(new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"))
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)));

    private AdJson() {
    }

    /** A JSON array of the ads, one object each, indented, ending with a line break. */
    public static String array(List<ClassAd> ads) {
        List<Object> out = new ArrayList<>(ads.size());
        for (ClassAd ad : ads) {
            out.add(object(ad));
        }
        return write(out);
    }

    /** Any map, list or plain value (as built by {@link #object}) as indented JSON with a line break. */
    public static String write(Object value) {
        if (value instanceof List<?> list && list.isEmpty()) {
            return "[]\n";
        }
        try {
            return WRITER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** The ad as an ordered map of JSON-ready values. */
    public static Map<String, Object> object(ClassAd ad) {
        Map<String, Object> out = new LinkedHashMap<>();
        ad.forEach((name, expr) -> out.put(name, value(expr)));
        return out;
    }

    static Object value(Expr expr) {
        Object plain = AdMaps.plainValue(expr);
        if (plain != null) {
            return plain;
        }
        if (expr instanceof UndefinedValue) {
            return null;
        }
        if (expr instanceof ListValue l) {
            List<Object> items = new ArrayList<>(l.size());
            for (Value v : l.items()) {
                items.add(value(v));
            }
            return items;
        }
        if (expr instanceof ListExpr l) {
            List<Object> items = new ArrayList<>(l.items().size());
            for (Expr e : l.items()) {
                items.add(value(e));
            }
            return items;
        }
        if (expr instanceof ClassAdValue nested) {
            return object(nested.ad());
        }
        if (expr instanceof RecordExpr nested) {
            return object(nested.ad());
        }
        return "/Expr(" + expr.unparse() + ")/";
    }
}
