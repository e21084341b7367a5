package org.harrier.scheduler.bus;

import java.nio.file.Path;
import java.util.Map;
import org.harrier.mgmt.bus.Console;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The life of a bus test's scheduler: a {@link ServiceOnBroker} in a fresh {@code dir} before
 * each test (calls waiting {@link SchedulerServiceTest#WAIT}), closed after it. JUnit runs these
 * before a subclass's own {@code @BeforeEach} and after its {@code @AfterEach}, so what a test
 * starts on top of the scheduler (a startd) comes up after it and goes down before it.
 */
abstract class SchedulerOnBroker {
    @TempDir
    Path dir;
    ServiceOnBroker running;
    Console console;

    @BeforeEach
    void startScheduler() {
        running = ServiceOnBroker.start(dir, SchedulerServiceTest.WAIT);
        console = running.console();
    }

    @AfterEach
    void stopScheduler() {
        running.close();
    }

    Map<String, Object> call(String method, Map<String, ?> args) {
        return running.call(method, args);
    }
}
