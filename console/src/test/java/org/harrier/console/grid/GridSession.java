package org.harrier.console.grid;

import java.time.Instant;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;

/**
 * A user at a personal grid in a test: harrier commands run as {@code who}, against the grid
 * {@code url} names now (a grid started again gets a new port), and waiting for one to show
 * something, as the user would by running it again.
 */
record GridSession(Surroundings who, Supplier<String> url) {
    Run harrier(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--broker";
        all[1] = url.get();
        System.arraycopy(args, 0, all, 2, args.length);
        return Run.of(who, Harrier.defaultConnector(), all);
    }

    /** Runs {@code args} until it succeeds with output {@code ok} accepts (90 s at most); the grid decides when. */
    Run until(String what, Predicate<String> ok, String... args) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(90);
        Run r;
        do {
            r = harrier(args);
            if (r.status() == 0 && ok.test(r.out())) {
                return r;
            }
            Thread.sleep(200);
        } while (Instant.now().isBefore(deadline));
        throw new AssertionError("harrier " + String.join(" ", args) + " never showed " + what + "; last:\n" + r.out() + r.err());
    }
}
