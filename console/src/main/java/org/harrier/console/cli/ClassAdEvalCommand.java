package org.harrier.console.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Unmatched;

/**
 * {@code harrier classad-eval ...}: the classad-eval command of the ClassAd library, unchanged.
 * {@link org.harrier.console.Harrier} hands the arguments over before picocli sees them, so
 * every option (its own {@code --help} included) means what it means to classad.jar; this class
 * only lists the command in {@code harrier --help}.
 */
@Command(name = "classad-eval", header = "Evaluate ClassAd expressions, match ads (classad.jar).")
final class ClassAdEvalCommand implements Callable<Integer> {
    @Parameters(arity = "0..*")
    List<String> arguments;

    @Unmatched
    List<String> unmatched;

    @Override
    public Integer call() {
        throw new IllegalStateException("classad-eval is dispatched before picocli parses the command line");
    }
}
