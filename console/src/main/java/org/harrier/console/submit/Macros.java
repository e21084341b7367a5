package org.harrier.console.submit;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The submit variables set so far and {@code $(name)} expansion, as condor_submit does it at
 * queue time: names in any case; {@code $(Cluster)}/{@code $(ClusterId)},
 * {@code $(Process)}/{@code $(ProcId)} and {@code $(Step)} are the job's own numbers;
 * {@code $(name:default)} gives a default; an unknown name expands to nothing; {@code $$(name)}
 * is left for match time. Values are expanded when used, so a later definition of a macro
 * changes what earlier statements mean for the jobs queued after it.
 *
 * <p>Mutable; owned by the thread that reads one submit description.
 */
final class Macros {
    /** Nesting beyond this is taken for a loop such as {@code a = $(b)} and {@code b = $(a)}. */
    private static final int MAX_DEPTH = 32;

    private final String file;
    private final Map<String, Setting> settings = new HashMap<>();

    /** A variable's text as written and the line that set it. */
    record Setting(String value, int line) {
    }

    /** An expanded value and the line its statement is on, for messages. */
    record Expanded(String text, int line) {
    }

    /** Where in the cluster the job being expanded for sits. */
    record Position(long cluster, long process, long step) {
    }

    Macros(String file) {
        this.file = file;
    }

    void set(String name, String value, int line) {
        settings.put(key(name), new Setting(value, line));
    }

    /** The expanded value of variable {@code name}, or null when it was never set. */
    Expanded get(String name, Position at) {
        Setting s = settings.get(key(name));
        return s == null ? null : new Expanded(expand(s.value(), s.line(), at), s.line());
    }

    /** {@code text} with every {@code $(name)} replaced; {@code line} is for messages. */
    String expand(String text, int line, Position at) {
        return expand(text, line, at, 0);
    }

    private String expand(String text, int line, Position at, int depth) {
        if (text.indexOf('$') < 0) {
            return text;
        }
        if (depth > MAX_DEPTH) {
            throw new SubmitException(file, line, "macros nest more than " + MAX_DEPTH
                    + " deep; does a macro refer to itself?");
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '$' && text.startsWith("$$(", i)) {
                int close = text.indexOf(')', i);
                int end = close < 0 ? text.length() : close + 1;
                out.append(text, i, end);
                i = end;
            } else if (c == '$' && text.startsWith("$(", i)) {
                int close = text.indexOf(')', i);
                if (close < 0) {
                    throw new SubmitException(file, line, "'$(' without a closing ')' in '" + text + "'");
                }
                out.append(value(text.substring(i + 2, close), line, at, depth));
                i = close + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private String value(String reference, int line, Position at, int depth) {
        int colon = reference.indexOf(':');
        String name = (colon < 0 ? reference : reference.substring(0, colon)).strip();
        String fallback = colon < 0 ? "" : reference.substring(colon + 1);
        if (name.isEmpty()) {
            throw new SubmitException(file, line, "empty macro name in '$(" + reference + ")'");
        }
        switch (key(name)) {
            case "cluster", "clusterid":
                return Long.toString(at.cluster());
            case "process", "procid":
                return Long.toString(at.process());
            case "step":
                return Long.toString(at.step());
            case "dollar":
                return "$";
            default:
                Setting s = settings.get(key(name));
                String raw = s == null ? fallback : s.value();
                return expand(raw, line, at, depth + 1);
        }
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
