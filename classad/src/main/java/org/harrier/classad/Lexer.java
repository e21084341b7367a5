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

    final String src;
    /** The text's characters: scanning an array avoids String.charAt's checks per character. */
    final char[] buf;
    int end;
    final Syntax syntax;
    int pos;
    int line;
    int lineStart;

    Tok tok = Tok.SEMICOLON; // "no operand yet", so a leading '-' may start a number
    int tokLine;
    int tokColumn;
    int tokStart;
    /** Identifier name or string contents. */
    String text;
    /** The shared name of an identifier token. */
    Names.Name name;
    /** True if the identifier was written in single quotes. */
    boolean quoted;
    long integer;
    double real;
    /** Size suffix of a number (B, K, M, G, T), or 0. */
    char suffix;

    /** A lexer over {@code src[start, end)}, which starts at {@code line} and {@code column}. */
    Lexer(String src, int start, int end, int line, int column, Syntax syntax) {
        this(src, src.toCharArray(), start, end, line, column, syntax);
    }

    /** A lexer over text whose characters the caller already copied out (shared between lexers). */
    Lexer(String src, char[] buf, int start, int end, int line, int column, Syntax syntax) {
        this.src = src;
        this.buf = buf;
        this.pos = start;
        this.end = end;
        this.syntax = syntax;
        this.line = line;
        this.lineStart = start - (column - 1);
    }

    /** Points the lexer at {@code src[start, end)} (same text), starting at {@code line} and {@code column}. */
    void reset(int start, int end, int line, int column) {
        this.pos = start;
        this.end = end;
        this.line = line;
        this.lineStart = start - (column - 1);
        this.tok = Tok.SEMICOLON;
    }

    ClassAdParseException error(String problem) {
        return new ClassAdParseException(line, pos - lineStart + 1, problem);
    }

    ClassAdParseException errorAtToken(String problem) {
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
        char c = buf[pos];
        if (isDigit(c)) {
            NumberLiterals.scan(this, pos);
        } else if (c == '.') {
            if (pos + 1 < end && isDigit(buf[pos + 1])) {
                NumberLiterals.scan(this, pos);
            } else {
                pos++;
                tok = Tok.DOT;
            }
        } else if (c == '-' && !previous.endsOperand() && pos + 1 < end
                && (isDigit(buf[pos + 1])
                    || (buf[pos + 1] == '.' && pos + 2 < end && isDigit(buf[pos + 2])))) {
            NumberLiterals.scan(this, pos);
        } else if (Names.isLetter(c) || c == '_') {
            lexWord();
        } else if (c == '"') {
            text = StringLiterals.scan(this, '"');
            tok = Tok.STRING;
        } else if (c == '\'') {
            text = StringLiterals.scan(this, '\'');
            if (text.isEmpty()) {
                throw errorAtToken("a quoted attribute name must not be empty");
            }
            quoted = true;
            name = Names.of(text);
            tok = Tok.IDENTIFIER;
        } else {
            lexPunctuation(c);
        }
    }

    private void skipSpaceAndComments() {
        while (pos < end) {
            char c = buf[pos];
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b) {
                pos++;
            } else if (c == '/' && pos + 1 < end && buf[pos + 1] == '/') {
                while (pos < end && buf[pos] != '\n') {
                    pos++;
                }
            } else if (c == '/' && pos + 1 < end && buf[pos + 1] == '*') {
                int startLine = line;
                int startColumn = pos - lineStart + 1;
                pos += 2;
                while (true) {
                    if (pos + 1 >= end) {
                        throw new ClassAdParseException(startLine, startColumn, "comment is never closed with */");
                    }
                    char d = buf[pos];
                    if (d == '*' && buf[pos + 1] == '/') {
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
        // The name's hash is computed in the same pass that finds its end (Names.of uses it).
        int hash = buf[pos];
        pos++;
        while (pos < end) {
            char c = buf[pos];
            if (Names.isLetter(c) || isDigit(c) || c == '_') {
                hash = 31 * hash + c;
                pos++;
            } else {
                break;
            }
        }
        int n = pos - start;
        Tok keyword = n >= 2 && n <= 9 ? keyword(start, n) : null;
        if (keyword != null) {
            tok = keyword;
            return;
        }
        name = Names.of(src, buf, start, pos, hash);
        text = name.spelling();
        tok = Tok.IDENTIFIER;
    }

    /** The keyword spelled (in any case) at {@code src[start, start + n)}, or null; allocates nothing. */
    private Tok keyword(int start, int n) {
        switch (buf[start] | 0x20) {
            case 't': return matches(start, n, "true") ? Tok.TRUE : null;
            case 'f': return matches(start, n, "false") ? Tok.FALSE : null;
            case 'u': return matches(start, n, "undefined") ? Tok.UNDEFINED : null;
            case 'e': return matches(start, n, "error") ? Tok.ERROR : null;
            case 'i':
                if (matches(start, n, "is")) {
                    return Tok.IDENTICAL;
                }
                return matches(start, n, "isnt") ? Tok.NOT_IDENTICAL : null;
            default: return null;
        }
    }

    private boolean matches(int start, int n, String word) {
        return n == word.length() && src.regionMatches(true, start, word, 0, n);
    }

    private void lexPunctuation(char c) {
        char n = pos + 1 < end ? buf[pos + 1] : 0;
        char n2 = pos + 2 < end ? buf[pos + 2] : 0;
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

    /** At most 24 characters of {@code s}, so a megabyte of hostile input never becomes a megabyte message. */
    static String clip(String s) {
        return s.length() > 24 ? s.substring(0, 24) + "..." : s;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
    }
}
