package org.harrier.console.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.harrier.console.ConsoleFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code harrier demo}: the README's first command, a personal grid running one example job. */
@Command(name = "demo", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Run an example job on a grid of its own.",
        description = "Starts a personal grid in this process, submits examples/hello.sub, waits for the job,"
            + " prints its output file and its history line, and stops the grid.")
final class DemoCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Option(names = "--file", paramLabel = "FILE", description = "the submit file to run (default ${DEFAULT-VALUE})")
    Path file = Path.of("examples", "hello.sub");

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "give up after this many seconds (default ${DEFAULT-VALUE})")
    long timeoutSeconds = 120;

    @Override
    public Integer call() {
        throw new ConsoleFailure("'harrier demo' needs the broker and the services, which are not in this build yet");
    }
}
