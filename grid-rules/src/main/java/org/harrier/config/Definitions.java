package org.harrier.config;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The definitions of a configuration by name (case-insensitive), the later one winning, and
 * HTCondor's macro expansion over them: {@code $(NAME)} is NAME's value, expanded in turn;
 * {@code $(NAME:default)} is the default (itself expanded) when NAME is not defined; an
 * undefined NAME without a default is the empty string. A definition that refers to itself
 * ({@code PATH = $(PATH):/opt}) takes the previous definition's text at the point it is read;
 * any other reference is resolved when the value is asked for, against the final definitions,
 * so order in the file does not matter. A reference cycle is an error naming the chain.
 * {@code $$(...)} (HTCondor's match-time references) and {@code $ENV(...)}-style functions are
 * left as written.
 *
 * <p>Mutable while a {@link ConfigParser} fills it; a {@link Configuration} keeps a frozen copy.
 */
final class Definitions {
    /** One definition: its raw text and where it was read ("file:line" or "command line"). */
    record Definition(String name, String value, String origin) {
    }

    private final Map<String, Definition> byName;

    Definitions() {
        this.byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    }

    Definitions(Definitions other) {
        this();
        byName.putAll(other.byName);
    }

    void define(String name, String value, String origin) {
        Definition previous = byName.get(name);
        String text = replaceSelf(name, value, previous, origin);
        byName.put(name, new Definition(previous == null ? name : previous.name(), text, origin));
    }

    Definition get(String name) {
        return byName.get(name);
    }

    Map<String, Definition> all() {
        return byName;
    }

    /** {@code text} expanded with what is defined now (an include's path is read at once). */
    String expandNow(String text, String where) {
        return expand(text, where, new ArrayDeque<>());
    }

    /** The value of {@code name} with every macro expanded; null if it is not defined. */
    String expanded(String name) {
        Definition d = byName.get(name);
        if (d == null) {
            return null;
        }
        Deque<String> chain = new ArrayDeque<>();
        chain.push(d.name());
        return expand(d.value(), d.origin(), chain);
    }

    private String expand(String text, String where, Deque<String> chain) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int at = text.indexOf("$(", i);
            if (at < 0) {
                out.append(text, i, text.length());
                break;
            }
            if (at > 0 && text.charAt(at - 1) == '$') {
                int end = closing(text, at + 1, where);
                out.append(text, i, end + 1);
                i = end + 1;
                continue;
            }
            out.append(text, i, at);
            int end = closing(text, at + 1, where);
            out.append(reference(text.substring(at + 2, end), where, chain));
            i = end + 1;
        }
        return out.toString();
    }

    private String reference(String inside, String where, Deque<String> chain) {
        int colon = inside.indexOf(':');
        String name = (colon < 0 ? inside : inside.substring(0, colon)).strip();
        Definition d = byName.get(name);
        if (d == null) {
            return colon < 0 ? "" : expand(inside.substring(colon + 1), where, chain);
        }
        for (String n : chain) {
            if (n.equalsIgnoreCase(name)) {
                throw new ConfigurationException(d.origin() + ": " + cycle(chain, d.name())
                        + " refer to each other; a macro cannot be defined through itself");
            }
        }
        chain.push(d.name());
        String value = expand(d.value(), d.origin(), chain);
        chain.pop();
        return value;
    }

    private static String cycle(Deque<String> chain, String name) {
        StringBuilder s = new StringBuilder();
        chain.descendingIterator().forEachRemaining(n -> s.append(n).append(" -> "));
        return s.append(name).toString();
    }

    private static int closing(String text, int open, String where) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        throw new ConfigurationException(where + ": '$(' without a closing ')' in '" + text + "'");
    }

    /** {@code $(NAME)} and {@code $(NAME:default)} of the name being defined become its previous text. */
    private static String replaceSelf(String name, String value, Definition previous, String origin) {
        String lower = value.toLowerCase(Locale.ROOT);
        String key = "$(" + name.toLowerCase(Locale.ROOT);
        int at = lower.indexOf(key);
        if (at < 0) {
            return value;
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (at >= 0) {
            int after = at + key.length();
            boolean whole = after < value.length() && (value.charAt(after) == ')' || value.charAt(after) == ':');
            boolean matchTime = at > 0 && value.charAt(at - 1) == '$';
            if (!whole || matchTime) {
                at = lower.indexOf(key, at + 1);
                continue;
            }
            int end = value.charAt(after) == ')' ? after : closing(value, at + 1, origin);
            out.append(value, i, at);
            if (previous != null) {
                out.append(previous.value());
            } else if (value.charAt(after) == ':') {
                out.append(value, after + 1, end);
            }
            i = end + 1;
            at = lower.indexOf(key, i);
        }
        return out.append(value.substring(i)).toString();
    }
}
