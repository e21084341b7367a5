package org.harrier.classad;

/**
 * Scans string literals and quoted attribute names for the {@link Lexer}, in the escaping rules
 * of each syntax: C-style escapes and joining of adjacent literals in new syntax; in old syntax
 * a backslash escapes only a quote, and not even that at the end of a line.
 */
final class StringLiterals {
    private StringLiterals() {
    }

    /** A quoted string or attribute name; the lexer is at the opening quote and ends after the closing one. */
    static String scan(Lexer l, char quote) {
        return l.syntax == Syntax.OLD ? oldSyntax(l, quote) : newSyntax(l, quote);
    }

    private static String newSyntax(Lexer l, char quote) {
        StringBuilder out = null;
        int p = l.pos + 1;
        int chunkStart = p;
        while (true) {
            if (p >= l.end) {
                throw l.errorAtToken(quote == '"' ? "string is never closed with \"" : "quoted name is never closed with '");
            }
            char c = l.buf[p];
            if (c == quote) {
                String piece = l.src.substring(chunkStart, p);
                p++;
                // Adjacent literals are joined: "ab" "cd" is "abcd" (libclassad).
                int q = p;
                while (q < l.end && Lexer.isSpace(l.buf[q])) {
                    q++;
                }
                if (q < l.end && l.buf[q] == quote) {
                    if (out == null) {
                        out = new StringBuilder();
                    }
                    out.append(piece);
                    for (int i = p; i < q; i++) {
                        if (l.buf[i] == '\n') {
                            l.line++;
                            l.lineStart = i + 1;
                        }
                    }
                    p = q + 1;
                    chunkStart = p;
                    continue;
                }
                l.pos = p;
                return out == null ? piece : out.append(piece).toString();
            }
            if (c == '\n') {
                l.line++;
                l.lineStart = p + 1;
            }
            if (c == 0) {
                // libclassad's tokenizeString stops at a NUL and reports a token error; a NUL in a
                // quoted name would otherwise reach AttributeRef and throw IllegalArgumentException.
                l.pos = p;
                throw l.errorAtToken("a string must not contain a NUL character");
            }
            if (c != '\\') {
                p++;
                continue;
            }
            if (out == null) {
                out = new StringBuilder();
            }
            out.append(l.src, chunkStart, p);
            p++;
            if (p >= l.end) {
                l.pos = p;
                throw l.errorAtToken("string ends in the middle of an escape sequence");
            }
            char e = l.buf[p++];
            switch (e) {
                case 'n': out.append('\n'); break;
                case 't': out.append('\t'); break;
                case 'r': out.append('\r'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'a': out.append((char) 7); break;
                case 'v': out.append((char) 11); break;
                case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
                    int value = e - '0';
                    int max = e <= '3' ? 2 : 1;
                    for (int i = 0; i < max && p < l.end && l.buf[p] >= '0' && l.buf[p] <= '7'; i++) {
                        value = value * 8 + (l.buf[p++] - '0');
                    }
                    if (value == 0) {
                        l.pos = p;
                        throw l.errorAtToken("a string must not contain a NUL character (\\0)");
                    }
                    out.append((char) value);
                    break;
                }
                default:
                    if (e == 0) {
                        l.pos = p;
                        throw l.errorAtToken("a string must not contain a NUL character");
                    }
                    out.append(e); // \\, \", \', \? and unknown escapes stand for the character itself
            }
            chunkStart = p;
        }
    }

    /**
     * Old syntax, as HTCondor's lexer reads it in old-ClassAd mode: a backslash is an ordinary
     * character except directly before a quote. There the pair is a literal quote if
     * anything but a line break follows; before a line break or the end of the text the quote
     * closes the string, which keeps the backslash. Only {@code \n} counts as a line break
     * ({@code \r} does not), a raw line break inside the quotes is part of the string, and
     * adjacent literals are not joined.
     */
    private static String oldSyntax(Lexer l, char quote) {
        StringBuilder out = null; // needed only once a backslash-quote pair stands for a quote
        int chunkStart = l.pos + 1;
        int p = chunkStart;
        while (true) {
            if (p >= l.end) {
                l.pos = p;
                throw l.errorAtToken(quote == '"' ? "string is never closed with \"" : "quoted name is never closed with '");
            }
            char c = l.buf[p];
            if (c == quote) {
                // The raw text is checked, so after a pair the next quote follows a quote, not a
                // backslash: HTCondor's lexer likewise forgets the backslash once it made the quote.
                boolean afterBackslash = l.buf[p - 1] == '\\';
                if (!afterBackslash || p + 1 >= l.end || l.buf[p + 1] == '\n') {
                    String piece = l.src.substring(chunkStart, p);
                    l.pos = p + 1;
                    return out == null ? piece : out.append(piece).toString();
                }
                if (out == null) {
                    out = new StringBuilder();
                }
                out.append(l.src, chunkStart, p - 1).append(quote);
                chunkStart = ++p;
                continue;
            }
            if (c == '\n') {
                l.line++;
                l.lineStart = p + 1;
            } else if (c == 0) {
                // libclassad reads a NUL as the end of its text; a NUL in a string is rejected here,
                // as in new syntax.
                l.pos = p;
                throw l.errorAtToken("a string must not contain a NUL character");
            }
            p++;
        }
    }
}
