package org.harrier.classad.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A strict reader and writer for the one JSON form {@code --jsonl} uses: an object whose members
 * are all strings, such as {@code {"ad": "[a = 1]", "expr": "a + 1"}}. The module depends on
 * nothing, so this is written here rather than taken from a JSON library.
 *
 * <p>Reading follows RFC 8259 for that subset and rejects everything else with a message that
 * names the column: values that are not strings, duplicate names, trailing commas, raw control
 * characters in strings, unknown escapes, and {@code \\u} escapes that leave a surrogate unpaired
 * (RFC 8259 section 8.2 calls such strings unpredictable; a ClassAd string must be real text).
 */
final class FlatJson {
    private final String text;
    private int at;

    private FlatJson(String text) {
        this.text = text;
    }

    /** JSON text that is not a flat object of strings; the message starts with the column (1-based). */
    static final class SyntaxError extends Exception {
        SyntaxError(int column, String problem) {
            super("column " + column + ": " + problem);
        }
    }

    /** The members of the object in {@code text}, in the order written. */
    static Map<String, String> parseObject(String text) throws SyntaxError {
        return new FlatJson(text).object();
    }

    /** {@code {"name": "value"}} with the value escaped. */
    static String object(String name, String value) {
        StringBuilder b = new StringBuilder(value.length() + name.length() + 8);
        b.append('{');
        appendString(b, name);
        b.append(": ");
        appendString(b, value);
        return b.append('}').toString();
    }

    /**
     * Appends {@code s} as a JSON string. Quotes, backslashes and control characters are escaped;
     * other characters are written as they are (the output is UTF-8), except a lone surrogate,
     * which has no UTF-8 form and is written as a {@code \\u} escape.
     */
    static void appendString(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                default:
                    if (c < 0x20 || c == 0x7f || isLoneSurrogate(s, i)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    private static boolean isLoneSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        }
        return false;
    }

    private Map<String, String> object() throws SyntaxError {
        Map<String, String> members = new LinkedHashMap<>();
        skipWhitespace();
        expect('{', "expected '{' to start a JSON object");
        skipWhitespace();
        if (peek() == '}') {
            at++;
        } else {
            while (true) {
                if (peek() != '"') {
                    throw error(members.isEmpty()
                            ? "expected a member name in double quotes"
                            : "expected a member name in double quotes after ','");
                }
                int nameColumn = at + 1;
                String name = string();
                skipWhitespace();
                expect(':', "expected ':' after the member name \"" + name + "\"");
                skipWhitespace();
                if (peek() != '"') {
                    throw error("the value of \"" + name + "\" must be a string in double quotes");
                }
                String value = string();
                if (members.putIfAbsent(name, value) != null) {
                    throw new SyntaxError(nameColumn, "duplicate member \"" + name + "\"");
                }
                skipWhitespace();
                if (peek() == ',') {
                    at++;
                    skipWhitespace();
                } else if (peek() == '}') {
                    at++;
                    break;
                } else {
                    throw error("expected ',' or '}' after the value of \"" + name + "\"");
                }
            }
        }
        skipWhitespace();
        if (at < text.length()) {
            throw error("expected the line to end after the object");
        }
        return members;
    }

    /** Reads a string starting at its opening quote. */
    private String string() throws SyntaxError {
        int start = at;
        at++;
        StringBuilder b = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw new SyntaxError(start + 1, "string is not closed by a double quote");
            }
            char c = text.charAt(at);
            if (c == '"') {
                at++;
                return b.toString();
            }
            if (c == '\\') {
                escape(b);
            } else if (c < 0x20) {
                throw new SyntaxError(at + 1, String.format("control character U+%04X must be written as an escape", (int) c));
            } else {
                b.append(c);
                at++;
            }
        }
    }

    private void escape(StringBuilder b) throws SyntaxError {
        int start = at;
        at++;
        char c = at < text.length() ? text.charAt(at) : 0;
        at++;
        switch (c) {
            case '"': b.append('"'); return;
            case '\\': b.append('\\'); return;
            case '/': b.append('/'); return;
            case 'b': b.append('\b'); return;
            case 'f': b.append('\f'); return;
            case 'n': b.append('\n'); return;
            case 'r': b.append('\r'); return;
            case 't': b.append('\t'); return;
            case 'u': break;
            default:
                throw new SyntaxError(start + 1, c == 0 ? "string ends inside an escape" : "unknown escape '\\" + c + "'");
        }
        char unit = hexUnit(start);
        if (Character.isLowSurrogate(unit)) {
            throw new SyntaxError(start + 1, String.format("\\u%04X is a low surrogate without a high surrogate before it", (int) unit));
        }
        if (Character.isHighSurrogate(unit)) {
            int second = at;
            if (!text.startsWith("\\u", at)) {
                throw new SyntaxError(start + 1, String.format("\\u%04X is a high surrogate that must be followed by a \\u escape of a low surrogate", (int) unit));
            }
            at += 2;
            char low = hexUnit(second);
            if (!Character.isLowSurrogate(low)) {
                throw new SyntaxError(start + 1, String.format("\\u%04X is a high surrogate that must be followed by a \\u escape of a low surrogate, not \\u%04X", (int) unit, (int) low));
            }
            b.append(unit).append(low);
            return;
        }
        b.append(unit);
    }

    /** The four hex digits after a {@code \\u} that starts at {@code escapeStart}. */
    private char hexUnit(int escapeStart) throws SyntaxError {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int digit = at < text.length() ? Character.digit(text.charAt(at), 16) : -1;
            if (digit < 0) {
                throw new SyntaxError(escapeStart + 1, "\\u must be followed by four hex digits");
            }
            value = value * 16 + digit;
            at++;
        }
        return (char) value;
    }

    private void skipWhitespace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                return;
            }
            at++;
        }
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : 0;
    }

    private void expect(char c, String problem) throws SyntaxError {
        if (peek() != c) {
            throw error(problem);
        }
        at++;
    }

    private SyntaxError error(String problem) {
        String found = at >= text.length() ? "end of line" : describe(text.charAt(at));
        return new SyntaxError(at + 1, problem + " but found " + found);
    }

    private static String describe(char c) {
        return c < 0x20 || c == 0x7f ? String.format("U+%04X", (int) c) : "'" + c + "'";
    }
}
