package org.harrier.console.submit;

/**
 * The lexical side of submit macros: finds {@code $(reference)}, {@code $NAME(argument)} and
 * {@code $$(match-time)} in a value, honouring nested parentheses, and hands each to a
 * {@link Resolver}. {@code $$(...)} is copied as it is: HTCondor substitutes it from the
 * matched machine's ad when the job starts. A {@code $} followed by anything else is literal
 * ({@code $HOME} stays {@code $HOME}, as in condor_submit).
 */
final class MacroText {
    private MacroText() {
    }

    /** What the substitution asks of its caller. */
    interface Resolver {
        /** The value of {@code $(reference)}; reference is the text inside the parentheses. */
        String variable(String reference);

        /** The value of {@code $name(argument)}. */
        String function(String name, String argument);

        /** The error for a {@code $(} that is never closed. */
        SubmitException unclosed(String problem);
    }

    static String substitute(String text, Resolver resolver) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c != '$') {
                out.append(c);
                i++;
            } else if (text.startsWith("$$(", i)) {
                int close = closing(text, i + 2);
                int end = close < 0 ? n : close + 1;
                out.append(text, i, end);
                i = end;
            } else if (text.startsWith("$(", i)) {
                int close = closing(text, i + 1);
                if (close < 0) {
                    throw resolver.unclosed("'$(' without a closing ')' in '" + text + "'");
                }
                out.append(resolver.variable(text.substring(i + 2, close)));
                i = close + 1;
            } else {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_')) {
                    j++;
                }
                if (j > i + 1 && j < n && text.charAt(j) == '(') {
                    int close = closing(text, j);
                    if (close < 0) {
                        throw resolver.unclosed("'" + text.substring(i, j + 1) + "' without a closing ')' in '" + text + "'");
                    }
                    out.append(resolver.function(text.substring(i + 1, j), text.substring(j + 1, close)));
                    i = close + 1;
                } else {
                    out.append(c);
                    i++;
                }
            }
        }
        return out.toString();
    }

    /**
     * {@code value} with its references to variable {@code key} (lower case) replaced by
     * {@code previous}, or by their default (else nothing) when there is no previous value.
     */
    static String replaceSelf(String value, String key, String previous) {
        StringBuilder out = new StringBuilder(value.length());
        int i = 0;
        while (i < value.length()) {
            if (value.startsWith("$(", i) && (i == 0 || value.charAt(i - 1) != '$')) {
                int close = closing(value, i + 1);
                if (close > 0) {
                    String inner = value.substring(i + 2, close);
                    int colon = inner.indexOf(':');
                    String name = (colon < 0 ? inner : inner.substring(0, colon)).strip();
                    if (Macros.key(name).equals(key)) {
                        out.append(previous != null ? previous : colon < 0 ? "" : inner.substring(colon + 1));
                        i = close + 1;
                        continue;
                    }
                }
            }
            out.append(value.charAt(i));
            i++;
        }
        return out.toString();
    }

    /** Index of the ')' matching the '(' at {@code open}, or -1. */
    private static int closing(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
