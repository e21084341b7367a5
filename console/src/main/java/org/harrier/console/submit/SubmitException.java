package org.harrier.console.submit;

/**
 * A submit description that cannot be turned into jobs. The message names the file, the line
 * (when there is one) and the problem, compiler style: {@code hello.sub:4: request_memory '12Q'
 * is not a size}. Nothing is submitted when one is thrown.
 */
public final class SubmitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String problem;

    public SubmitException(String file, int line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    /** 1-based line of the statement at fault; 0 when the problem is the file as a whole. */
    public int line() {
        return line;
    }

    public String problem() {
        return problem;
    }
}
