package org.harrier.classad;

/**
 * Old ClassAd text: one {@code Name = expr} per line, split at the first {@code =}. Blank lines
 * and lines starting with {@code #} are skipped; a later line for the same name replaces the
 * earlier one, as HTCondor does.
 */
final class OldAdReader {
    private OldAdReader() {
    }

    static ClassAd read(String text) {
        ClassAd.Builder b = ClassAd.builder();
        Parser parser = Parser.forOldLines(text);
        int lineNo = 0;
        int start = 0;
        int n = text.length();
        while (start <= n) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = n;
            }
            lineNo++;
            readLine(text, start, end, lineNo, b, parser);
            start = end + 1;
        }
        return b.build();
    }

    private static void readLine(String text, int start, int end, int lineNo, ClassAd.Builder b, Parser parser) {
        int p = start;
        while (p < end && Lexer.isSpace(text.charAt(p))) {
            p++;
        }
        if (p == end || text.charAt(p) == '#') {
            return;
        }
        String name;
        int eq;
        if (text.charAt(p) == '\'') {
            // A quoted name, as the unparser writes names that are not plain identifiers; it may
            // itself contain '=' and escaped quotes, so it is read by the lexer, not split off.
            Lexer lexer = new Lexer(text, p, end, lineNo, p - start + 1, Syntax.OLD);
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
            name = text.substring(p, nameEnd);
            if (name.isEmpty()) {
                throw new ClassAdParseException(lineNo, p - start + 1, "expected an attribute name before '='");
            }
            if (!isName(name)) {
                throw new ClassAdParseException(lineNo, p - start + 1,
                        "'" + Lexer.clip(name) + "' is not an attribute name (letters, digits and _, not starting with a digit)");
            }
        }
        int exprEnd = end;
        if (exprEnd > eq + 1 && text.charAt(exprEnd - 1) == '\r') {
            exprEnd--;
        }
        b.set(name, parser.parseOldExpression(eq + 1, exprEnd, lineNo, eq + 1 - start + 1));
    }

    private static boolean isName(String s) {
        char first = s.charAt(0);
        if (!(Names.isLetter(first) || first == '_')) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Names.isLetter(c) || Lexer.isDigit(c) || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
