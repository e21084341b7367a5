package org.harrier.classad;

import org.harrier.classad.Lexer.Tok;

/**
 * Scans numeric literals for the {@link Lexer} as libclassad does: decimal, {@code 0x} hex and
 * leading-zero octal integers (old syntax: decimal only), reals with fraction and exponent, a
 * leading {@code -} where the lexer decided it is a sign, and an optional size suffix
 * ({@code B K M G T}).
 */
final class NumberLiterals {
    private NumberLiterals() {
    }

    /** Scans the number starting at {@code start} (a digit, a {@code .} or a {@code -}) into the lexer. */
    static void scan(Lexer l, int start) {
        int p = start;
        if (l.buf[p] == '-') {
            p++;
        }
        boolean isReal = false;
        int radix = 10;
        int digitsStart = p;
        if (l.buf[p] == '0' && p + 1 < l.end && (l.buf[p + 1] == 'x' || l.buf[p + 1] == 'X')) {
            if (l.syntax == Syntax.OLD) {
                l.pos = p;
                throw l.error("hexadecimal numbers are not allowed in old ClassAd syntax");
            }
            p += 2;
            digitsStart = p;
            while (p < l.end && Lexer.isHexDigit(l.buf[p])) {
                p++;
            }
            if (p == digitsStart) {
                l.pos = p;
                throw l.error("expected hexadecimal digits after '0x'");
            }
            radix = 16;
        } else {
            while (p < l.end && Lexer.isDigit(l.buf[p])) {
                p++;
            }
            if (p < l.end && l.buf[p] == '.') {
                p++;
                int fractionStart = p;
                while (p < l.end && Lexer.isDigit(l.buf[p])) {
                    p++;
                }
                if (p == fractionStart) {
                    l.pos = p;
                    throw l.error("expected digits after the decimal point");
                }
                isReal = true;
            }
            if (p < l.end && (l.buf[p] == 'e' || l.buf[p] == 'E')) {
                p++;
                if (p < l.end && (l.buf[p] == '+' || l.buf[p] == '-')) {
                    p++;
                }
                int exponentStart = p;
                while (p < l.end && Lexer.isDigit(l.buf[p])) {
                    p++;
                }
                if (p == exponentStart) {
                    l.pos = p;
                    throw l.error("expected digits in the exponent of a number");
                }
                isReal = true;
            }
            if (!isReal && l.buf[digitsStart] == '0' && p - digitsStart > 1 && l.syntax == Syntax.NEW) {
                for (int i = digitsStart + 1; i < p; i++) {
                    if (l.buf[i] > '7') {
                        l.pos = p;
                        throw l.errorAtToken("'" + Lexer.clip(l.src.substring(start, p)) + "' is not a valid octal number");
                    }
                }
                radix = 8;
                digitsStart++;
            }
        }
        l.pos = p;
        if (isReal) {
            String literal = l.src.substring(start, p);
            l.real = Double.parseDouble(literal);
            if (Double.isInfinite(l.real)) {
                throw l.errorAtToken("number " + Lexer.clip(literal) + " is too large");
            }
            l.tok = Tok.REAL;
        } else {
            boolean negative = l.buf[start] == '-';
            if (radix == 10 && p - digitsStart <= 18) {
                long magnitude = 0; // at most 18 digits cannot overflow
                for (int i = digitsStart; i < p; i++) {
                    magnitude = magnitude * 10 + (l.buf[i] - '0');
                }
                l.integer = negative ? -magnitude : magnitude;
            } else {
                try {
                    long magnitude = Long.parseUnsignedLong(l.src.substring(digitsStart, p), radix);
                    // Up to 2^63 - 1, or 2^63 with a minus sign (Long.MIN_VALUE).
                    if (negative ? Long.compareUnsigned(magnitude, Long.MIN_VALUE) > 0 : magnitude < 0) {
                        throw new NumberFormatException();
                    }
                    l.integer = negative ? -magnitude : magnitude;
                } catch (NumberFormatException e) {
                    throw l.errorAtToken("integer " + Lexer.clip(l.src.substring(start, p)) + " does not fit in 64 bits");
                }
            }
            l.tok = Tok.INTEGER;
        }
        if (l.pos < l.end) {
            char s = Character.toUpperCase(l.buf[l.pos]);
            if (s == 'B' || s == 'K' || s == 'M' || s == 'G' || s == 'T') {
                l.suffix = s;
                l.pos++;
            }
        }
    }
}
