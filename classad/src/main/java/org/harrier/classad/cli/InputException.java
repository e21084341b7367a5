package org.harrier.classad.cli;

/**
 * Input classad-eval cannot use: an ad or expression that does not parse, or an ad file that
 * cannot be read. The message names the input and, for parse errors, the line and column;
 * classad-eval prints it and exits with status 1.
 */
final class InputException extends Exception {
    InputException(String message) {
        super(message);
    }
}
