package org.harrier.console.cli;

import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * A command line that parses but means nothing: a job id that is not one, a constraint that is
 * no ClassAd expression, options that exclude each other. Found before the grid is contacted,
 * and reported as picocli reports an unknown option: {@code harrier q: <message>}, a hint to
 * run {@code --help}, exit status 2.
 */
final class CommandLineError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CommandLineError(String message) {
        super(message);
    }

    /**
     * Runs {@code check} (the command's reading of its arguments) and turns a CommandLineError
     * into picocli's ParameterException, which picocli hands to the usage-error handler
     * (exit status 2) even when it is thrown from a command's {@code call()}.
     */
    static <T> T checked(CommandSpec spec, Supplier<T> check) {
        try {
            return check.get();
        } catch (CommandLineError e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }
}
