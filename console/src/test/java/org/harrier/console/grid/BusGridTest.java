package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** harrier against a real broker on which no service runs. */
@Timeout(60)
class BusGridTest {
    @TempDir
    Path dir;

    @Test
    void brokerWithoutAGridSaysWhichServiceIsMissing() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0))) {
            Surroundings here = new Surroundings(Map.of(), dir, dir, "alice", Clock.systemUTC());
            for (String command : new String[] {"q", "status"}) {
                Run r = Run.of(here, Harrier.defaultConnector(), "--broker", broker.clientUrl(), command);
                String service = command.equals("q") ? "scheduler" : "collector";
                assertEquals(new Run(1, "", "harrier: no " + service + " answers on the bus at " + broker.url()
                        + "; is the grid running ('harrier up')?\n"), r);
            }
        }
    }
}
