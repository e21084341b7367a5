package org.harrier.classad;

/**
 * ClassAd text that could not be parsed. The message names the line and column (both 1-based)
 * and what was expected, e.g. {@code line 1, column 9: expected an expression after '+' but
 * found end of input}.
 */
public final class ClassAdParseException extends RuntimeException {
    private final int line;
    private final int column;
    private final String problem;

    public ClassAdParseException(int line, int column, String problem) {
        super("line " + line + ", column " + column + ": " + problem);
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The message without its position. */
    public String problem() {
        return problem;
    }
}
