package org.harrier.classad;

/**
 * Old ClassAd text: one {@code Name = expr} per line, split at the first {@code =}. Blank lines
 * and lines starting with {@code #} are skipped; a later line for the same name replaces the
 * earlier one, as HTCondor does.
 */
final class OldAdReader {
    private OldAdReader() {
    }

    static ClassAd read(String text, char[] buf) {
        ClassAd.Builder b = ClassAd.builder();
        Parser parser = Parser.forOldLines(text, buf);
        int lineNo = 0;
        int start = 0;
        int n = text.length();
        while (start <= n) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = n;
            }
            lineNo++;
            readLine(text, buf, start, end, lineNo, b, parser);
            start = end + 1;
        }
        return b.build();
    }

    private static void readLine(String text, char[] buf, int start, int end, int lineNo, ClassAd.Builder b,
            Parser parser) {
        int p = start;
        while (p < end && Lexer.isSpace(text.charAt(p))) {
            p++;
        }
        if (p == end || text.charAt(p) == '#') {
            return;
        }
        String name = null;
        Names.Name resolved = null;
        int eq;
        if (text.charAt(p) == '\'') {
            // A quoted name, as the unparser writes names that are not plain identifiers; it may
            // itself contain '=' and escaped quotes, so it is read by the lexer, not split off.
            Lexer lexer = new Lexer(text, buf, p, end, lineNo, p - start + 1, Syntax.OLD);
            lexer.next();
            name = lexer.text;
            eq = lexer.position();
            while (eq < end && Lexer.isSpace(text.charAt(eq))) {
                eq++;
            }
            if (eq == end || text.charAt(eq) != '=') {
                throw new ClassAdParseException(lineNo, eq - start + 1, "expected '=' after attribute name '" + Lexer.clip(name) + "'");
            }
        } else {
            eq = text.indexOf('=', p);
            if (eq < 0 || eq >= end) {
                throw new ClassAdParseException(lineNo, p - start + 1,
                        "expected 'Name = expression' but the line has no '='");
            }
            int nameEnd = eq;
            while (nameEnd > p && Lexer.isSpace(text.charAt(nameEnd - 1))) {
                nameEnd--;
            }
            if (nameEnd == p) {
                throw new ClassAdParseException(lineNo, p - start + 1, "expected an attribute name before '='");
            }
            if (!isName(text, p, nameEnd)) {
                throw new ClassAdParseException(lineNo, p - start + 1, "'" + Lexer.clip(text.substring(p, nameEnd))
                        + "' is not an attribute name (letters, digits and _, not starting with a digit)");
            }
            resolved = Names.of(text, p, nameEnd);
        }
        int exprEnd = end;
        if (exprEnd > eq + 1 && text.charAt(exprEnd - 1) == '\r') {
            exprEnd--;
        }
        Expr value = parser.parseOldExpression(eq + 1, exprEnd, lineNo, eq + 1 - start + 1);
        if (resolved != null) {
            b.set(resolved, value);
        } else {
            b.set(name, value);
        }
    }

    private static boolean isName(String s, int start, int end) {
        char first = s.charAt(start);
        if (!(Names.isLetter(first) || first == '_')) {
            return false;
        }
        for (int i = start + 1; i < end; i++) {
            char c = s.charAt(i);
            if (!(Names.isLetter(c) || Lexer.isDigit(c) || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
