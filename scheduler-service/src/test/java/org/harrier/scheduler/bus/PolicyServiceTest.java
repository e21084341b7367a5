package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Predicate;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service runs the periodic policy every PERIODIC_EXPR_INTERVAL (1 s here) and writes user
 * logs: a job submitted over the bus with a periodic_hold is held without anyone asking, and its
 * log says so.
 */
@Timeout(60)
class PolicyServiceTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final AgentName AGENT = AgentName.harrier("scheduler", "policy");

    @TempDir
    Path dir;

    @Test
    void aPeriodicHoldFiresOnTheServicesOwnScheduleAndTheUserLogTellsIt() throws Exception {
        Path log = dir.resolve("job.log");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus serviceBus = Bus.connect(broker.clientUrl());
             Bus consoleBus = Bus.connect(broker.clientUrl());
             SchedulerService service = SchedulerService.start(serviceBus, "policy", SchedulerSettings.defaults()
                     .withUpdateInterval(Duration.ofSeconds(1)).withCallTimeout(WAIT)
                     .withPeriodicExprInterval(Duration.ofSeconds(1)), dir.resolve("spool"))) {
            Console console = consoleBus.console();
            Map<String, Object> ad = new LinkedHashMap<>(SchedulerServiceTest.seedAd());
            ad.put("PeriodicHold", SchedulerServiceTest.typed("EXPR", "JobStatus == 1"));
            ad.put("PeriodicHoldReason", SchedulerServiceTest.typed("STRING", "held by policy"));
            ad.put("UserLog", SchedulerServiceTest.typed("STRING", log.toString()));
            String id = (String) Console.join(console.invoke(AGENT, ObjectId.grid("scheduler", "policy"), "Submit",
                    Map.of("Ad", ad), WAIT)).get("Id");
            SchedulerServiceTest.await(() -> held(console, id), WAIT, "job " + id + " to be held by its periodic_hold");
            SchedulerServiceTest.await(() -> codes(log).equals(List.of(0, 12)), WAIT, "the log to show submit and hold");
            UserLogEvent hold = UserLogReader.read(log).events().get(1);
            assertEquals("Job was held.\n\theld by policy\n\tCode 3 Subcode 0", hold.text());
        }
    }

    static boolean held(Console console, String id) {
        List<ObjectData> jobs = console.query(AGENT, "job", Predicate.eq("CustomId", id), WAIT);
        return !jobs.isEmpty() && Long.valueOf(5).equals(jobs.get(0).get("JobStatus"));
    }

    static List<Integer> codes(Path log) {
        try {
            return Files.exists(log) ? UserLogReader.read(log).events().stream().map(UserLogEvent::code).toList() : List.of();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
