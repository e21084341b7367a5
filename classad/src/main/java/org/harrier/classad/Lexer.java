package org.harrier.classad;

/**
 * Splits ClassAd text into tokens, the way libclassad's lexer does: {@code -} directly before a
 * digit starts a negative number unless it follows a value; numbers are decimal, {@code 0x} hex
 * or leading-zero octal (old syntax: decimal only) and may carry a size suffix; adjacent string
 * literals are joined; {@code //} and {@code /* *}{@code /} comments are skipped.
 *
 * <p>The current token lives in fields rather than objects, so tokenizing allocates nothing
 * beyond the strings of identifiers and literals.
 */
final class Lexer {
    enum Tok {
        EOF("end of input"), INTEGER("a number"), REAL("a number"), STRING("a string"),
        IDENTIFIER("a name"), TRUE("'true'"), FALSE("'false'"), UNDEFINED("'undefined'"), ERROR("'error'"),
        DOT("'.'"), LBRACKET("'['"), RBRACKET("']'"), LPAREN("'('"), RPAREN("')'"), LBRACE("'{'"),
        RBRACE("'}'"), COMMA("','"), SEMICOLON("';'"), QUESTION("'?'"), COLON("':'"), ASSIGN("'='"),
        OR(Op.OR), AND(Op.AND), BIT_OR(Op.BIT_OR), BIT_XOR(Op.BIT_XOR), BIT_AND(Op.BIT_AND),
        EQ(Op.EQ), NE(Op.NE), IDENTICAL(Op.IDENTICAL), NOT_IDENTICAL(Op.NOT_IDENTICAL),
        LT(Op.LT), LE(Op.LE), GT(Op.GT), GE(Op.GE), SHL(Op.SHL), SHR(Op.SHR), USHR(Op.USHR),
        PLUS(Op.ADD), MINUS(Op.SUB), STAR(Op.MUL), SLASH(Op.DIV), PERCENT(Op.MOD),
        BANG("'!'"), TILDE("'~'");

        final String description;
        /** The binary operator this token stands for, or null. */
        final Op binary;

        Tok(String description) {
            this.description = description;
            this.binary = null;
        }

        Tok(Op binary) {
            this.description = "'" + binary.symbol + "'";
            this.binary = binary;
        }

        /** Tokens after which {@code -} is subtraction rather than the sign of a number. */
        boolean endsOperand() {
            switch (this) {
                case INTEGER: case REAL: case STRING: case IDENTIFIER: case TRUE: case FALSE:
                case UNDEFINED: case ERROR: case DOT: case RBRACKET: case RPAREN: case RBRACE:
                    return true;
                default:
                    return false;
            }
        }
    }

    private final String src;
    private final int end;
    private final Syntax syntax;
    private int pos;
    private int line;
    private int lineStart;

    Tok tok = Tok.SEMICOLON; // "no operand yet", so a leading '-' may start a number
    int tokLine;
    int tokColumn;
    int tokStart;
    /** Identifier name or string contents. */
    String text;
    /** True if the identifier was written in single quotes. */
    boolean quoted;
    long integer;
    double real;
    /** Size suffix of a number (B, K, M, G, T), or 0. */
    char suffix;

    /** A lexer over {@code src[start, end)}, which starts at {@code line} and {@code column}. */
    Lexer(String src, int start, int end, int line, int column, Syntax syntax) {
        this.src = src;
        this.pos = start;
        this.end = end;
        this.syntax = syntax;
        this.line = line;
        this.lineStart = start - (column - 1);
    }

    ClassAdParseException error(String problem) {
        return new ClassAdParseException(line, pos - lineStart + 1, problem);
    }

    private ClassAdParseException errorAtToken(String problem) {
        return new ClassAdParseException(tokLine, tokColumn, problem);
    }

    int position() {
        return pos;
    }

    void next() {
        skipSpaceAndComments();
        Tok previous = tok;
        tokLine = line;
        tokColumn = pos - lineStart + 1;
        tokStart = pos;
        suffix = 0;
        quoted = false;
        if (pos >= end) {
            tok = Tok.EOF;
            return;
        }
        char c = src.charAt(pos);
        if (isDigit(c)) {
            lexNumber(pos);
        } else if (c == '.') {
            if (pos + 1 < end && isDigit(src.charAt(pos + 1))) {
                lexNumber(pos);
            } else {
                pos++;
                tok = Tok.DOT;
            }
        } else if (c == '-' && !previous.endsOperand() && pos + 1 < end
                && (isDigit(src.charAt(pos + 1))
                    || (src.charAt(pos + 1) == '.' && pos + 2 < end && isDigit(src.charAt(pos + 2))))) {
            lexNumber(pos);
        } else if (Names.isLetter(c) || c == '_') {
            lexWord();
        } else if (c == '"') {
            text = lexString('"');
            tok = Tok.STRING;
        } else if (c == '\'') {
            text = lexString('\'');
            if (text.isEmpty()) {
                throw errorAtToken("a quoted attribute name must not be empty");
            }
            quoted = true;
            tok = Tok.IDENTIFIER;
        } else {
            lexPunctuation(c);
        }
    }

    private void skipSpaceAndComments() {
        while (pos < end) {
            char c = src.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b) {
                pos++;
            } else if (c == '/' && pos + 1 < end && src.charAt(pos + 1) == '/') {
                while (pos < end && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (c == '/' && pos + 1 < end && src.charAt(pos + 1) == '*') {
                int startLine = line;
                int startColumn = pos - lineStart + 1;
                pos += 2;
                while (true) {
                    if (pos + 1 >= end) {
                        throw new ClassAdParseException(startLine, startColumn, "comment is never closed with */");
                    }
                    char d = src.charAt(pos);
                    if (d == '*' && src.charAt(pos + 1) == '/') {
                        pos += 2;
                        break;
                    }
                    if (d == '\n') {
                        line++;
                        lineStart = pos + 1;
                    }
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private void lexWord() {
        int start = pos;
        pos++;
        while (pos < end) {
            char c = src.charAt(pos);
            if (Names.isLetter(c) || isDigit(c) || c == '_') {
                pos++;
            } else {
                break;
            }
        }
        String word = src.substring(start, pos);
        int n = word.length();
        if (n <= 9) {
            switch (Names.foldCase(word)) {
                case "true": tok = Tok.TRUE; return;
                case "false": tok = Tok.FALSE; return;
                case "undefined": tok = Tok.UNDEFINED; return;
                case "error": tok = Tok.ERROR; return;
                case "is": tok = Tok.IDENTICAL; return;
                case "isnt": tok = Tok.NOT_IDENTICAL; return;
                default: break;
            }
        }
        text = word;
        tok = Tok.IDENTIFIER;
    }

    private void lexNumber(int start) {
        int p = start;
        if (src.charAt(p) == '-') {
            p++;
        }
        boolean isReal = false;
        int radix = 10;
        int digitsStart = p;
        if (src.charAt(p) == '0' && p + 1 < end && (src.charAt(p + 1) == 'x' || src.charAt(p + 1) == 'X')) {
            if (syntax == Syntax.OLD) {
                pos = p;
                throw error("hexadecimal numbers are not allowed in old ClassAd syntax");
            }
            p += 2;
            digitsStart = p;
            while (p < end && isHexDigit(src.charAt(p))) {
                p++;
            }
            if (p == digitsStart) {
                pos = p;
                throw error("expected hexadecimal digits after '0x'");
            }
            radix = 16;
        } else {
            while (p < end && isDigit(src.charAt(p))) {
                p++;
            }
            if (p < end && src.charAt(p) == '.') {
                p++;
                int fractionStart = p;
                while (p < end && isDigit(src.charAt(p))) {
                    p++;
                }
                if (p == fractionStart) {
                    pos = p;
                    throw error("expected digits after the decimal point");
                }
                isReal = true;
            }
            if (p < end && (src.charAt(p) == 'e' || src.charAt(p) == 'E')) {
                p++;
                if (p < end && (src.charAt(p) == '+' || src.charAt(p) == '-')) {
                    p++;
                }
                int exponentStart = p;
                while (p < end && isDigit(src.charAt(p))) {
                    p++;
                }
                if (p == exponentStart) {
                    pos = p;
                    throw error("expected digits in the exponent of a number");
                }
                isReal = true;
            }
            if (!isReal && src.charAt(digitsStart) == '0' && p - digitsStart > 1 && syntax == Syntax.NEW) {
                for (int i = digitsStart + 1; i < p; i++) {
                    if (src.charAt(i) > '7') {
                        pos = p;
                        throw errorAtToken("'" + src.substring(start, p) + "' is not a valid octal number");
                    }
                }
                radix = 8;
                digitsStart++;
            }
        }
        String literal = src.substring(start, p);
        pos = p;
        if (isReal) {
            real = Double.parseDouble(literal);
            if (Double.isInfinite(real)) {
                throw errorAtToken("number " + literal + " is too large");
            }
            tok = Tok.REAL;
        } else {
            String digits = src.substring(digitsStart, p);
            try {
                long magnitude = Long.parseUnsignedLong(digits, radix);
                boolean negative = src.charAt(start) == '-';
                // Up to 2^63 - 1, or 2^63 with a minus sign (Long.MIN_VALUE).
                if (negative ? Long.compareUnsigned(magnitude, Long.MIN_VALUE) > 0 : magnitude < 0) {
                    throw new NumberFormatException();
                }
                integer = negative ? -magnitude : magnitude;
            } catch (NumberFormatException e) {
                throw errorAtToken("integer " + literal + " does not fit in 64 bits");
            }
            tok = Tok.INTEGER;
        }
        if (pos < end) {
            char s = Character.toUpperCase(src.charAt(pos));
            if (s == 'B' || s == 'K' || s == 'M' || s == 'G' || s == 'T') {
                suffix = s;
                pos++;
            }
        }
    }

    /** A quoted string or attribute name; {@code pos} is at the opening quote. */
    private String lexString(char quote) {
        return syntax == Syntax.OLD ? lexOldString(quote) : lexNewString(quote);
    }

    private String lexNewString(char quote) {
        StringBuilder out = null;
        int p = pos + 1;
        int chunkStart = p;
        while (true) {
            if (p >= end) {
                throw errorAtToken(quote == '"' ? "string is never closed with \"" : "quoted name is never closed with '");
            }
            char c = src.charAt(p);
            if (c == quote) {
                String piece = src.substring(chunkStart, p);
                p++;
                // Adjacent literals are joined: "ab" "cd" is "abcd" (libclassad).
                int q = p;
                while (q < end && isSpace(src.charAt(q))) {
                    q++;
                }
                if (q < end && src.charAt(q) == quote) {
                    if (out == null) {
                        out = new StringBuilder();
                    }
                    out.append(piece);
                    for (int i = p; i < q; i++) {
                        if (src.charAt(i) == '\n') {
                            line++;
                            lineStart = i + 1;
                        }
                    }
                    p = q + 1;
                    chunkStart = p;
                    continue;
                }
                pos = p;
                return out == null ? piece : out.append(piece).toString();
            }
            if (c == '\n') {
                line++;
                lineStart = p + 1;
            }
            if (c == 0) {
                // As in old syntax and for the \0 escape: no NUL in strings (libclassad's are C
                // strings) nor in names (Names.requireValid).
                pos = p;
                throw errorAtToken(quote == '"' ? "a string must not contain a NUL character"
                        : "a quoted attribute name must not contain a NUL character");
            }
            if (c != '\\') {
                p++;
                continue;
            }
            if (out == null) {
                out = new StringBuilder();
            }
            out.append(src, chunkStart, p);
            p++;
            if (p >= end) {
                pos = p;
                throw errorAtToken("string ends in the middle of an escape sequence");
            }
            char e = src.charAt(p++);
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
                    for (int i = 0; i < max && p < end && src.charAt(p) >= '0' && src.charAt(p) <= '7'; i++) {
                        value = value * 8 + (src.charAt(p++) - '0');
                    }
                    if (value == 0) {
                        pos = p;
                        throw errorAtToken("a string must not contain a NUL character (\\0)");
                    }
                    out.append((char) value);
                    break;
                }
                case 0:
                    pos = p;
                    throw errorAtToken("a string must not contain a NUL character");
                default:
                    out.append(e); // \\, \", \', \? and unknown escapes stand for the character itself
            }
            chunkStart = p;
        }
    }

    /**
     * Old syntax: a backslash is ordinary except before a quote, and {@code \"} is a literal
     * quote unless it ends the line, in which case the string ends with a backslash.
     */
    private String lexOldString(char quote) {
        StringBuilder out = new StringBuilder();
        int p = pos + 1;
        while (true) {
            if (p >= end || src.charAt(p) == '\n') {
                pos = p;
                throw errorAtToken(quote == '"' ? "string is never closed with \"" : "quoted name is never closed with '");
            }
            char c = src.charAt(p);
            if (c == quote) {
                boolean escaped = p > pos + 1 && src.charAt(p - 1) == '\\';
                boolean endsLine = p + 1 >= end || src.charAt(p + 1) == '\n' || src.charAt(p + 1) == '\r';
                if (escaped && !endsLine) {
                    out.setCharAt(out.length() - 1, quote);
                    p++;
                    continue;
                }
                pos = p + 1;
                return out.toString();
            }
            if (c == 0) {
                pos = p;
                throw errorAtToken("a string must not contain a NUL character");
            }
            out.append(c);
            p++;
        }
    }

    private void lexPunctuation(char c) {
        char n = pos + 1 < end ? src.charAt(pos + 1) : 0;
        char n2 = pos + 2 < end ? src.charAt(pos + 2) : 0;
        int length = 1;
        switch (c) {
            case '[': tok = Tok.LBRACKET; break;
            case ']': tok = Tok.RBRACKET; break;
            case '(': tok = Tok.LPAREN; break;
            case ')': tok = Tok.RPAREN; break;
            case '{': tok = Tok.LBRACE; break;
            case '}': tok = Tok.RBRACE; break;
            case ',': tok = Tok.COMMA; break;
            case ';': tok = Tok.SEMICOLON; break;
            case '?': tok = Tok.QUESTION; break;
            case ':': tok = Tok.COLON; break;
            case '*': tok = Tok.STAR; break;
            case '/': tok = Tok.SLASH; break;
            case '%': tok = Tok.PERCENT; break;
            case '+': tok = Tok.PLUS; break;
            case '-': tok = Tok.MINUS; break;
            case '~': tok = Tok.TILDE; break;
            case '^': tok = Tok.BIT_XOR; break;
            case '&':
                if (n == '&') { tok = Tok.AND; length = 2; } else { tok = Tok.BIT_AND; }
                break;
            case '|':
                if (n == '|') { tok = Tok.OR; length = 2; } else { tok = Tok.BIT_OR; }
                break;
            case '<':
                if (n == '=') { tok = Tok.LE; length = 2; }
                else if (n == '<') { tok = Tok.SHL; length = 2; }
                else { tok = Tok.LT; }
                break;
            case '>':
                if (n == '=') { tok = Tok.GE; length = 2; }
                else if (n == '>' && n2 == '>') { tok = Tok.USHR; length = 3; }
                else if (n == '>') { tok = Tok.SHR; length = 2; }
                else { tok = Tok.GT; }
                break;
            case '=':
                if (n == '=') { tok = Tok.EQ; length = 2; }
                else if (n == '?') {
                    if (n2 != '=') {
                        throw error("'=?' must be followed by '=' (the operator is =?=)");
                    }
                    tok = Tok.IDENTICAL;
                    length = 3;
                } else if (n == '!' && n2 == '=') { tok = Tok.NOT_IDENTICAL; length = 3; }
                else { tok = Tok.ASSIGN; }
                break;
            case '!':
                if (n == '=') { tok = Tok.NE; length = 2; } else { tok = Tok.BANG; }
                break;
            default:
                throw error("unexpected character " + describeChar(c));
        }
        pos += length;
    }

    static String describeChar(char c) {
        if (c >= 0x20 && c < 0x7f) {
            return "'" + c + "'";
        }
        return String.format("U+%04X", (int) c);
    }

    /** The current token as an error message shows it. */
    String describe() {
        switch (tok) {
            case IDENTIFIER:
                return "name '" + clip(text) + "'";
            case STRING:
                return "string \"" + clip(text) + "\"";
            case INTEGER:
            case REAL:
                return "number " + clip(src.substring(tokStart, pos));
            default:
                return tok.description;
        }
    }

    private static String clip(String s) {
        return s.length() > 24 ? s.substring(0, 24) + "..." : s;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
    }
}
