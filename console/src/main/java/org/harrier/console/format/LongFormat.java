package org.harrier.console.format;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Syntax;

/** {@code -long}: each ad in old ClassAd syntax, one attribute a line, ads separated by a blank line. */
public final class LongFormat {
    private LongFormat() {
    }

    public static String render(List<ClassAd> ads) {
        StringBuilder out = new StringBuilder();
        for (ClassAd ad : ads) {
            out.append(ad.unparse(Syntax.OLD)).append('\n');
        }
        return out.toString();
    }
}
