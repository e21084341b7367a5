package org.harrier.classad.functions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.harrier.classad.ArgList;

/**
 * A job environment being assembled, as HTCondor's {@code Env} class (condor_utils/env.cpp)
 * reads and writes it. Two text forms exist:
 * <ul>
 * <li>V1, the old {@code Env} attribute: {@code A=1;B=2}, entries separated by {@code ;} or a
 *     newline, leading blanks of an entry dropped, no quoting. A first character from
 *     {@code !#$%&*+,-/:;<>?@^`|~} (or 0x1F) names a different delimiter, e.g. {@code |A=1|B=2}.</li>
 * <li>V2, the {@code Environment} attribute: {@code A=1 B='x y'}, entries separated by white
 *     space, single quotes around text that holds blanks, and {@code ''} for a quote inside them.</li>
 * </ul>
 * An entry without {@code =} is invalid unless it holds {@code $$}, an unexpanded submit macro
 * kept as it is. A later value for a name replaces an earlier one, and the V2 text lists names
 * in sorted order, as HTCondor's {@code std::map} does. Mutable, used by one call only.
 */
final class EnvironmentVariables {
    private static final String V1_DELIMITERS = "!#$%&*+,-/:;<>?@^`|~\u001F";
    private static final char V1_DEFAULT_DELIMITER = ';';

    /** Name to value; null marks a {@code $$} entry that has no value. Code point (UTF-8 byte) order. */
    private final Map<String, String> variables = new TreeMap<>(StringFunctions::compareCodePoints);

    /** Adds the entries of a V1 string; false if one of them is not {@code NAME=value}. */
    boolean mergeV1(String text) {
        if (text.isEmpty()) {
            return true;
        }
        char delimiter = V1_DEFAULT_DELIMITER;
        int i = 0;
        if (V1_DELIMITERS.indexOf(text.charAt(0)) >= 0) {
            delimiter = text.charAt(0);
            i = 1;
        }
        int n = text.length();
        while (i < n) {
            while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t' || text.charAt(i) == '\n' || text.charAt(i) == '\r')) {
                i++;
            }
            int start = i;
            while (i < n && text.charAt(i) != '\n' && text.charAt(i) != delimiter) {
                i++;
            }
            String entry = text.substring(start, i);
            i++; // the delimiter, if any
            if (!entry.isEmpty() && !set(entry)) {
                return false;
            }
        }
        return true;
    }

    /** Adds the entries of a V2 string; false for an unbalanced quote or an entry that is not {@code NAME=value}. */
    boolean mergeV2(String text) {
        List<String> entries;
        try {
            entries = ArgList.split(text);
        } catch (IllegalArgumentException e) {
            return false; // unbalanced quote
        }
        for (String entry : entries) {
            if (!set(entry)) {
                return false;
            }
        }
        return true;
    }

    private boolean set(String entry) {
        int equals = entry.indexOf('=');
        if (equals < 0 && entry.contains("$$")) {
            variables.put(entry, null);
            return true;
        }
        if (equals <= 0) {
            return false; // no '=', or no name before it (an empty entry '' included)
        }
        variables.put(entry.substring(0, equals), entry.substring(equals + 1));
        return true;
    }

    /** The variables so far, name to value (null for a {@code $$} entry), in output order. */
    Map<String, String> variables() {
        return Collections.unmodifiableMap(variables);
    }

    /** The V2 text: entries separated by one space, quoted where they hold blanks or quotes ({@link ArgList#join}). */
    String toV2() {
        List<String> entries = new ArrayList<>(variables.size());
        for (Map.Entry<String, String> e : variables.entrySet()) {
            entries.add(e.getValue() == null ? e.getKey() : e.getKey() + "=" + e.getValue());
        }
        return ArgList.join(entries);
    }
}
