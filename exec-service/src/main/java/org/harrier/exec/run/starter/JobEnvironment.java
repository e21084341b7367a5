package org.harrier.exec.run.starter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A job's environment as HTCondor's job ad holds it (condor_submit manual, "environment"):
 * <ul>
 *   <li>{@code Environment}, the new syntax: {@code name=value} entries separated by white
 *       space, single quotes around any part of an entry keep white space, {@code ''} inside
 *       them is a literal quote ({@code three='spacey ''quoted'' value'}).
 *   <li>{@code Env}, the old syntax: entries separated by {@code ;} (Unix), no quoting at all,
 *       spaces are part of names and values.
 * </ul>
 * Every entry needs a non-empty name and an {@code =}; a later entry for the same name wins.
 */
public final class JobEnvironment {
    private JobEnvironment() {
    }

    public static Map<String, String> parseNew(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String entry : JobArguments.tokens(text, "Environment")) {
            put(out, entry, "Environment");
        }
        return out;
    }

    public static Map<String, String> parseOld(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String entry : List.of(text.split(";"))) {
            if (!entry.isEmpty()) {
                put(out, entry, "Env");
            }
        }
        return out;
    }

    private static void put(Map<String, String> out, String entry, String what) {
        int eq = entry.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException(what + " entry '" + entry + "' is not name=value");
        }
        out.put(entry.substring(0, eq), entry.substring(eq + 1));
    }
}
