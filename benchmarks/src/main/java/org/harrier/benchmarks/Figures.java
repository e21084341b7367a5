package org.harrier.benchmarks;

import java.io.PrintStream;
import java.util.Locale;

/** The one-figure-per-line report of the grid and queue benchmarks: name, value, what it is. */
public final class Figures {
    private Figures() {
    }

    /** {@code note} with "(met)" or "(NOT met)" after it. */
    public static String verdict(boolean met, String format, Object... args) {
        return String.format(Locale.ROOT, format, args) + (met ? "  (met)" : "  (NOT met)");
    }

    public static void print(PrintStream out, String name, String format, double value, String note) {
        out.printf(Locale.ROOT, "%-22s %12s   %s%n", name, String.format(Locale.ROOT, format, value), note);
    }
}
