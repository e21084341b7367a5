package org.harrier.console;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.harrier.console.grid.BrokerAddress;

/**
 * The grid connection of a command line that will need one, begun on a thread of its own while
 * the main thread builds and runs the command (picocli's model, the submit file): on two cores
 * the two starts overlap instead of following each other (benchmarks/README.md, "Starting a
 * command"). {@link Harrier#main} and {@link StartupTraining} use it; tests run commands without it.
 *
 * <p>It guesses nothing the command would not do itself: the address is worked out from the
 * global options before the subcommand's name and the surroundings, as {@link GridLocation}
 * does for the command, and only for a command line it reads entirely ({@link #addressFor}).
 * The command still asks for its connection as before; {@link #connect} hands over the early
 * one only when the command asks for the very same address (URL, login and CA file), and then
 * its result is the command's own: the same session or the same failure, at the moment the
 * command asks, so a usage error still comes first and a refused login reads as it did. A
 * connection the command did not take is closed by {@link #close}.
 *
 * <p>The main thread owns {@code taken}; the connecting thread only completes {@code client}.
 */
public final class EarlyConnection implements GridConnector, AutoCloseable {
    /** The subcommands that connect to the grid as soon as their arguments are read. */
    static final Set<String> CONNECTING = Set.of("submit", "q", "status", "hold", "release", "rm", "suspend",
            "continue", "vacate_job", "vacate", "qedit", "history", "userprio", "limits", "reschedule");
    /** Arguments that, after the subcommand's name, change what it connects to or keep it from running. */
    private static final List<String> LATE_OPTIONS = List.of("--broker", "--data", "-h", "--help", "-V", "--version");

    private final GridConnector connector;
    private final BrokerAddress address;
    private final CompletableFuture<GridClient> client;
    private boolean taken;

    private EarlyConnection(GridConnector connector, BrokerAddress address) {
        this.connector = connector;
        this.address = address;
        this.client = address == null ? null : new CompletableFuture<>();
    }

    /**
     * Begins connecting to the grid {@code args} would connect to, when {@link #addressFor} can
     * say which; otherwise connects only when asked, as {@code connector} does.
     */
    public static EarlyConnection begin(String[] args, Surroundings surroundings, GridConnector connector) {
        EarlyConnection early = new EarlyConnection(connector, addressFor(args, surroundings));
        if (early.client != null) {
            Thread t = new Thread(early::connectNow, "harrier-connect");
            t.setDaemon(true);
            t.start();
        }
        return early;
    }

    /** Whether a connection is on its way on a thread of its own. */
    public boolean connecting() {
        return client != null && !taken;
    }

    private void connectNow() {
        try {
            client.complete(connector.connect(address));
        } catch (Throwable e) {
            client.completeExceptionally(e);
        }
    }

    /**
     * The broker {@code args} will connect to, or null when that is not certain: the subcommand
     * does not connect at once, an option after its name could name another broker or data
     * directory or ask for help, a global option appears twice, or the address cannot be worked
     * out (that failure is the command's to report, in its turn).
     */
    static BrokerAddress addressFor(String[] args, Surroundings surroundings) {
        String broker = null;
        String data = null;
        int i = 0;
        for (; i < args.length; i++) {
            String a = args[i];
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            boolean inline = a.contains("=");
            if (a.equals("--debug")) {
                continue;
            }
            if (!name.equals("--broker") && !name.equals("--data")) {
                break;
            }
            if (!inline && i + 1 >= args.length) {
                return null;
            }
            String value = inline ? a.substring(a.indexOf('=') + 1) : args[++i];
            if (name.equals("--broker")) {
                if (broker != null) {
                    return null;
                }
                broker = value;
            } else {
                if (data != null) {
                    return null;
                }
                data = value;
            }
        }
        if (i >= args.length || !CONNECTING.contains(args[i])) {
            return null;
        }
        for (int j = i + 1; j < args.length; j++) {
            String a = args[j];
            if (LATE_OPTIONS.stream().anyMatch(o -> a.equals(o) || a.startsWith(o + "="))) {
                return null;
            }
        }
        try {
            Path dataDir = GridLocation.dataDir(data == null ? null : Path.of(data), surroundings);
            return GridLocation.broker(broker, dataDir, surroundings);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The early connection when {@code broker} is its address and it is not taken yet; otherwise a new one. */
    @Override
    public GridClient connect(BrokerAddress broker) {
        if (client == null || taken || !sameAddress(broker, address)) {
            return connector.connect(broker);
        }
        taken = true;
        try {
            return client.join();
        } catch (CompletionException e) {
            // The connector's own exception, thrown now as if the command had connected itself.
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /**
     * Whether two addresses name the same URL, login (user and password) and CA file, compared
     * field by field: a record's own equals is linked on its first call through
     * {@code ObjectMethods}, which spins about forty method-handle classes for BrokerAddress and
     * its Login and Endpoint, 0.02 s on the main thread of every command that connects
     * (benchmarks/README.md, "Starting a command", fourth pass). The endpoints are the URL's.
     */
    static boolean sameAddress(BrokerAddress a, BrokerAddress b) {
        BrokerAddress.Login x = a.login();
        BrokerAddress.Login y = b.login();
        boolean sameLogin = x == null ? y == null
                : y != null && x.user().equals(y.user()) && x.password().equals(y.password());
        return a.url().equals(b.url()) && sameLogin && Objects.equals(a.caFile(), b.caFile());
    }

    /**
     * Closes the early connection if the command did not take it: now if it is up, else as soon as
     * it is, on the connecting thread. It is not waited for (a usage error does not sit out the
     * probe's timeout at an unreachable broker); the process is about to exit, which ends the
     * thread and any connection still on its way. A failure nobody asked for is not reported.
     */
    @Override
    public void close() {
        if (client == null || taken) {
            return;
        }
        taken = true;
        client.thenAccept(GridClient::close);
    }
}
