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
        int lineNo = 0;
        int start = 0;
        int n = text.length();
        while (start <= n) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = n;
            }
            lineNo++;
            readLine(text, start, end, lineNo, b);
            start = end + 1;
        }
        return b.build();
    }

    private static void readLine(String text, int start, int end, int lineNo, ClassAd.Builder b) {
        int p = start;
        while (p < end && Lexer.isSpace(text.charAt(p))) {
            p++;
        }
        if (p == end || text.charAt(p) == '#') {
            return;
        }
        int eq = text.indexOf('=', p);
        if (eq < 0 || eq >= end) {
            throw new ClassAdParseException(lineNo, p - start + 1,
                    "expected 'Name = expression' but the line has no '='");
        }
        int nameEnd = eq;
        while (nameEnd > p && Lexer.isSpace(text.charAt(nameEnd - 1))) {
            nameEnd--;
        }
        String name = text.substring(p, nameEnd);
        if (name.isEmpty()) {
            throw new ClassAdParseException(lineNo, p - start + 1, "expected an attribute name before '='");
        }
        if (name.startsWith("'") && name.endsWith("'") && name.length() > 2) {
            // Old syntax escapes only the quote itself (Unparser.appendQuoted).
            name = name.substring(1, name.length() - 1).replace("\\'", "'");
            if (name.indexOf('\0') >= 0) {
                throw new ClassAdParseException(lineNo, p - start + 1, "a quoted attribute name must not contain a NUL character");
            }
        } else if (!isName(name)) {
            throw new ClassAdParseException(lineNo, p - start + 1,
                    "'" + name + "' is not an attribute name (letters, digits and _, not starting with a digit)");
        }
        int exprEnd = end;
        if (exprEnd > eq + 1 && text.charAt(exprEnd - 1) == '\r') {
            exprEnd--;
        }
        b.set(name, Parser.parseOldExpression(text, eq + 1, exprEnd, lineNo, eq + 1 - start + 1));
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
