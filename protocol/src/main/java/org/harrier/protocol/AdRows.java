package org.harrier.protocol;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;

/**
 * A page of ads as rows (docs/protocols.md, "Ads as rows"): the attribute names once, then each
 * ad as a list of values in the names' order. A value is written as in the native form when it
 * is a literal (integer, real, string, boolean), as the typed form's {@code {TYPE: "EXPR", VALUE:
 * text}} when it is any other expression, and as null where the ad has no such attribute; a row
 * may stop short of the names, its last attributes missing. For an answer cut to a few attributes
 * this is most of the bytes, and of the work at both ends: a page of ads as maps repeats every
 * name in every ad, and each name is a string to encode, send and decode again.
 *
 * <p>The names are those of the page's ads in the order they first appear, one per attribute in
 * any case (the first spelling met). Immutable.
 */
public record AdRows(List<String> names, List<List<Object>> rows) {
    public AdRows {
        names = List.copyOf(names);
        rows = List.copyOf(rows);
        Map<String, String> seen = new HashMap<>();
        for (String n : names) {
            String before = seen.put(n.toLowerCase(Locale.ROOT), n);
            if (before != null) {
                throw new IllegalArgumentException("a page's names name each attribute once, got '" + before + "' and '" + n + "'");
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).size() > names.size()) {
                throw new IllegalArgumentException("row " + i + " has " + rows.get(i).size() + " values for "
                        + names.size() + " names; a row holds at most one value per name");
            }
        }
    }

    /** {@code ads} as rows, each attribute as the ad has it (its own or inherited). */
    public static AdRows of(List<ClassAd> ads) {
        List<String> names = new ArrayList<>();
        // Keyed by the spelling met and by its lower case: the same spelling, met again in the
        // next ad, is found without lower-casing it.
        Map<String, Integer> column = new HashMap<>();
        List<List<Object>> rows = new ArrayList<>(ads.size());
        for (ClassAd ad : ads) {
            Object[][] row = {new Object[Math.max(names.size(), 1)]};
            int[] width = {0};
            ad.forEach((name, e) -> {
                Integer at = column.get(name);
                if (at == null) {
                    String key = name.toLowerCase(Locale.ROOT);
                    at = column.get(key);
                    if (at == null) {
                        at = names.size();
                        names.add(name);
                        column.put(key, at);
                    }
                    column.put(name, at);
                }
                if (at >= row[0].length) {
                    row[0] = java.util.Arrays.copyOf(row[0], Math.max(at + 1, row[0].length * 2));
                }
                row[0][at] = wire(e);
                width[0] = Math.max(width[0], at + 1);
            });
            rows.add(java.util.Arrays.asList(java.util.Arrays.copyOf(row[0], width[0])));
        }
        return new AdRows(names, rows);
    }

    /** A value as a row carries it: the literal itself, else {@code {TYPE: "EXPR", VALUE: text}}. */
    static Object wire(Expr e) {
        Object plain = AdMaps.plainValue(e);
        if (plain != null) {
            return plain;
        }
        Map<String, Object> typed = new java.util.LinkedHashMap<>();
        typed.put("TYPE", "EXPR");
        typed.put("VALUE", e.unparse());
        return typed;
    }

    /**
     * The ads again, one per row, each with the attributes its row has a value for, in the names'
     * order. A row with values where the previous ad's row had them is made from that ad, a value
     * at a time (ClassAd#with shares its layout), not built anew: the rows of a page mostly have
     * one shape, and building each ad's index was most of the reading.
     */
    public List<ClassAd> ads() {
        List<ClassAd> out = new ArrayList<>(rows.size());
        ClassAd shaped = null;
        List<Object> shape = List.of();
        for (int r = 0; r < rows.size(); r++) {
            List<Object> row = rows.get(r);
            try {
                ClassAd ad;
                if (shaped != null && sameShape(row, shape)) {
                    ad = shaped;
                    for (int i = 0; i < row.size(); i++) {
                        if (row.get(i) != null) {
                            ad = ad.with(names.get(i), value(row, i));
                        }
                    }
                } else {
                    ClassAd.Builder b = ClassAd.builder();
                    for (int i = 0; i < row.size(); i++) {
                        if (row.get(i) != null) {
                            b.set(names.get(i), value(row, i));
                        }
                    }
                    ad = b.build();
                    shaped = ad;
                    shape = row;
                }
                out.add(ad);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("row " + r + ", " + e.getMessage());
            }
        }
        return out;
    }

    private Expr value(List<Object> row, int i) {
        try {
            return AdMaps.attribute(row.get(i), false);
        } catch (ClassAdParseException | IllegalArgumentException e) {
            throw new IllegalArgumentException("attribute " + names.get(i) + ": " + e.getMessage());
        }
    }

    /** Whether {@code row} has values exactly where {@code shape} has. */
    private static boolean sameShape(List<Object> row, List<Object> shape) {
        if (row.size() != shape.size()) {
            return false;
        }
        for (int i = 0; i < row.size(); i++) {
            if ((row.get(i) == null) != (shape.get(i) == null)) {
                return false;
            }
        }
        return true;
    }
}
