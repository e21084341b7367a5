package org.harrier.console.cli;

import java.util.concurrent.Callable;
import org.harrier.console.ConsoleFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code harrier up}: a personal grid (broker, scheduler, collector, exec service) in this JVM. */
@Command(name = "up", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Run a personal grid here until Ctrl-C.",
        description = "Starts an embedded broker and one scheduler, collector (with negotiator) and exec"
            + " service in this process, on 127.0.0.1, keeping their data under the data directory"
            + " (--data, default ~/.harrier). Prints the broker URL and writes it to <data>/broker.url,"
            + " where the other harrier commands find it.")
final class UpCommand implements Callable<Integer> {
    @ParentCommand
    HarrierCommand harrier;

    @Option(names = "--port", paramLabel = "PORT", description = "TCP port of the broker's AMQP acceptor (default ${DEFAULT-VALUE}; 0 picks a free one)")
    int port = 5672;

    @Override
    public Integer call() {
        throw new ConsoleFailure("'harrier up' needs the broker and the services, which are not in this build yet");
    }
}
