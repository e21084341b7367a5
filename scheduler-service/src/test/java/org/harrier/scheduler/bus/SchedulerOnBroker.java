package org.harrier.scheduler.bus;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.harrier.bus.Console;
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

    /** The negotiator's part: the first idle request matched with {@code startd}'s slot. */
    void matchFirstRequestTo(TestStartd startd) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> requests = (List<Map<String, Object>>) call("GetRequests", Map.of()).get("Requests");
        call("Matched", Map.of("Matches", List.of(Map.of("RequestId", requests.get(0).get("RequestId"),
                "Slot", startd.slot.id().objectName(), "Agent", TestStartd.NAME.name()))));
    }
}
