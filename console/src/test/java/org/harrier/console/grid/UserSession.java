package org.harrier.console.grid;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.harrier.testing.Await;

/**
 * A user at a personal grid in a test: harrier commands run as {@code who}, against the grid
 * {@code url} names now (a grid started again gets a new port), and waiting for one to show
 * something, as the user would by running it again.
 */
record UserSession(Surroundings who, Supplier<String> url) {
    /**
     * A session in which {@code who} logs in to {@code grid} as itself, a broker user of that name
     * (an administrator, so it may also set priorities and limits) made on first use: a job's
     * Owner is whoever logs in.
     */
    static UserSession loggedIn(Surroundings who, Supplier<PersonalGrid> grid) {
        return new UserSession(who, () -> {
            PersonalGrid g = grid.get();
            org.harrier.broker.SecurityDirectory security = org.harrier.broker.SecurityDirectory.at(g.dataDir().resolve("security"));
            if (!java.nio.file.Files.exists(security.passwordFile(who.user()))) {
                security.addUser(who.user(), java.util.List.of(org.harrier.broker.SecurityDirectory.Role.ADMIN),
                        org.harrier.broker.SecurityDirectory.newPassword());
            }
            return g.url().replace("amqp://", "amqp://" + who.user() + ":" + security.password(who.user()) + "@");
        });
    }

    Run harrier(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--broker";
        all[1] = url.get();
        System.arraycopy(args, 0, all, 2, args.length);
        return Run.of(who, Harrier.defaultConnector(), all);
    }

    /** Runs {@code args} until it succeeds with output {@code ok} accepts (90 s at most); the grid decides when. */
    Run until(String what, Predicate<String> ok, String... args) {
        Run[] last = new Run[1];
        return Await.value("harrier " + String.join(" ", args) + " to show " + what, Duration.ofSeconds(90), () -> {
            last[0] = harrier(args);
            return last[0].status() == 0 && ok.test(last[0].out()) ? last[0] : null;
        }, () -> last[0] == null ? "" : "\n" + last[0].out() + last[0].err());
    }
}
