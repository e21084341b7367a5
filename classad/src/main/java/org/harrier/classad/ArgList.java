package org.harrier.classad;

import java.util.ArrayList;
import java.util.List;

/**
 * HTCondor's raw V2 argument syntax (condor_arglist.cpp), which the {@code Arguments} and the
 * {@code Environment} job attributes share: white space separates, single quotes group, and
 * {@code ''} inside them is a single quote. Written as condor_submit writes it
 * ({@code append_arg}): only the white space and quotes of an entry are quoted
 * ({@code two' 'words}), and an empty entry is {@code ''}. Pure.
 */
public final class ArgList {
    private ArgList() {
    }

    /** A single quote that is never closed; {@code start} is its index in the text. */
    public static final class UnbalancedQuote extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final int start;

        UnbalancedQuote(String raw, int start) {
            super("unbalanced single quote starting at '" + raw.substring(start) + "'");
            this.start = start;
        }

        public int start() {
            return start;
        }
    }

    /** The entries of raw V2 text; {@link UnbalancedQuote} ("unbalanced single quote starting at '...'") when a quote is not closed. */
    public static List<String> split(String raw) {
        List<String> out = new ArrayList<>();
        StringBuilder buf = new StringBuilder();
        boolean token = false;
        int i = 0;
        while (i < raw.length()) {
            char c = raw.charAt(i);
            if (c == '\'') {
                int start = i++;
                token = true;
                while (true) {
                    if (i >= raw.length()) {
                        throw new UnbalancedQuote(raw, start);
                    }
                    char q = raw.charAt(i);
                    if (q == '\'') {
                        if (i + 1 < raw.length() && raw.charAt(i + 1) == '\'') {
                            buf.append('\'');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    buf.append(q);
                    i++;
                }
            } else if (isSpace(c)) {
                if (token) {
                    out.add(buf.toString());
                    buf.setLength(0);
                    token = false;
                }
                i++;
            } else {
                token = true;
                buf.append(c);
                i++;
            }
        }
        if (token) {
            out.add(buf.toString());
        }
        return out;
    }

    /**
     * The raw V2 text of {@code entries}, one space between them: each blank or quote becomes a
     * quoted section, and a section right after another is merged into it rather than closing
     * and reopening the quote ({@code append_arg}).
     */
    public static String join(List<String> entries) {
        StringBuilder out = new StringBuilder();
        for (String entry : entries) {
            if (out.length() > 0) {
                out.append(' ');
            }
            if (entry.isEmpty()) {
                out.append("''");
            }
            for (int i = 0; i < entry.length(); i++) {
                char c = entry.charAt(i);
                if (isSpace(c) || c == '\'') {
                    if (out.length() > 0 && out.charAt(out.length() - 1) == '\'') {
                        out.setLength(out.length() - 1);
                    } else {
                        out.append('\'');
                    }
                    if (c == '\'') {
                        out.append('\'');
                    }
                    out.append(c).append('\'');
                } else {
                    out.append(c);
                }
            }
        }
        return out.toString();
    }

    /** Whether {@code c} separates entries: HTCondor's blanks are space, tab, carriage return and line feed. */
    public static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
