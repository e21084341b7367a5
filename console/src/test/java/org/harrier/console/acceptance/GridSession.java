package org.harrier.console.acceptance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.harrier.console.grid.PersonalGrid;
import org.harrier.bus.Bus;

/**
 * What most acceptance test classes share for all their tests: a personal grid (data under
 * {@code dir/data}, a free port, ads every second), a bus to listen on, and a user working in
 * {@code dir/work}. Closing it closes the bus, then the grid.
 */
final class GridSession implements AutoCloseable {
    private final PersonalGrid grid;
    private final Bus bus;
    private final GridUser user;

    private GridSession(PersonalGrid grid, Bus bus, GridUser user) {
        this.grid = grid;
        this.bus = bus;
        this.user = user;
    }

    static GridSession start(Path dir) throws IOException {
        PersonalGrid grid = PersonalGrid.start(new PersonalGrid.Settings(dir.resolve("data"), 0, Duration.ofSeconds(1)));
        try {
            Bus bus = Bus.connect(grid.clientUrl());
            return new GridSession(grid, bus, new GridUser(grid.clientUrl(), Files.createDirectories(dir.resolve("work"))));
        } catch (IOException | RuntimeException e) {
            grid.close();
            throw e;
        }
    }

    String url() {
        return grid.url();
    }

    /** The URL with the grid owner's password in it, as this process's clients log in. */
    String clientUrl() {
        return grid.clientUrl();
    }

    Bus bus() {
        return bus;
    }

    GridUser user() {
        return user;
    }

    @Override
    public void close() {
        bus.close();
        grid.close();
    }
}
