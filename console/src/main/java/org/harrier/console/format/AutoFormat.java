package org.harrier.console.format;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * condor_q's and condor_history's {@code -af} (autoformat): for each ad one line of the chosen
 * expressions' values, evaluated in the ad, separated by a space. A string is printed without
 * its quotes, a missing attribute as {@code undefined}, anything else as its ClassAd literal
 * ({@code 3}, {@code 0.5}, {@code true}, {@code error}, {@code { 1, 2 }}).
 */
public final class AutoFormat {
    private AutoFormat() {
    }

    public static String render(List<ClassAd> ads, List<Expr> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("autoformat needs at least one expression");
        }
        StringBuilder out = new StringBuilder();
        // One context for the lot: a context per value was a tenth of a long listing's time.
        EvalContext context = EvalContext.create();
        for (ClassAd ad : ads) {
            for (int i = 0; i < columns.size(); i++) {
                out.append(i == 0 ? "" : " ").append(text(context.evaluate(columns.get(i), ad, null)));
            }
            out.append('\n');
        }
        return out.toString();
    }

    static String text(Value v) {
        return v instanceof StringValue s ? s.value() : v.unparse();
    }
}
