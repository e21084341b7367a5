package org.harrier.protocol.scheduler;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdRows;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.MethodArguments;

/**
 * The answer {@link Query} and {@link GetHistory} share: a page of ads, {@code More} when more
 * remain, the ads either as maps in {@code Ads} or, when the caller asked for rows (Compact), as
 * {@link AdRows} in {@code Names} and {@code Rows} with {@code Ads} empty (docs/protocols.md,
 * "Ads as rows"). Pure.
 */
final class AdPages {
    static final Arg<List<ClassAd>> ADS = Arg.ads("Ads");
    static final Arg<Boolean> MORE = Arg.bool("More").optional();
    static final Arg<List<String>> NAMES = Arg.strings("Names").optional();
    static final Arg<List<List<Object>>> ROWS = Arg.rows("Rows").optional();

    private AdPages() {
    }

    static boolean more(MethodArguments a) {
        return Boolean.TRUE.equals(a.get(MORE));
    }

    static boolean rows(MethodArguments a) {
        return a.get(ROWS) != null;
    }

    /** The page's ads: its rows made ads again when it has them, else its maps; {@code method} names the answer in an error. */
    static List<ClassAd> ads(MethodArguments a, String method) {
        List<List<Object>> rows = a.get(ROWS);
        if (rows == null) {
            return a.get(ADS);
        }
        List<String> names = a.get(NAMES);
        if (names == null) {
            throw new IllegalArgumentException("a " + method + " answer with Rows needs the Names they are values of");
        }
        return new AdRows(names, rows).ads();
    }

    static MethodArguments.Writer write(List<ClassAd> ads, boolean more, boolean rows) {
        if (!rows) {
            return MethodArguments.writer().put(ADS, ads).put(MORE, more);
        }
        AdRows page = AdRows.of(ads);
        return MethodArguments.writer().put(ADS, List.of()).put(MORE, more).put(NAMES, page.names()).put(ROWS, page.rows());
    }
}
