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
     * Old syntax: a backslash is ordinary except before a quote, and {@code \"} is a literal
     * quote unless it ends the line, in which case the string ends with a backslash.
     */
    private static String oldSyntax(Lexer l, char quote) {
        int p = l.pos + 1;
        // Fast path: no escaped quote, so the contents are a plain substring.
        while (p < l.end) {
            char c = l.buf[p];
            if (c == quote) {
                if (l.buf[p - 1] == '\\' && p > l.pos + 1) {
                    break;
                }
                String contents = l.src.substring(l.pos + 1, p);
                l.pos = p + 1;
                return contents;
            }
            if (c == '\n' || c == 0) {
                break;
            }
            p++;
        }
        StringBuilder out = new StringBuilder();
        p = l.pos + 1;
        while (true) {
            if (p >= l.end || l.buf[p] == '\n') {
                l.pos = p;
                throw l.errorAtToken(quote == '"' ? "string is never closed with \"" : "quoted name is never closed with '");
            }
            char c = l.buf[p];
            if (c == quote) {
                boolean escaped = p > l.pos + 1 && l.buf[p - 1] == '\\';
                boolean endsLine = p + 1 >= l.end || l.buf[p + 1] == '\n' || l.buf[p + 1] == '\r';
                if (escaped && !endsLine) {
                    out.setCharAt(out.length() - 1, quote);
                    p++;
                    continue;
                }
                l.pos = p + 1;
                return out.toString();
            }
            if (c == 0) {
                l.pos = p;
                throw l.errorAtToken("a string must not contain a NUL character");
            }
            out.append(c);
            p++;
        }
    }
}
