package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python examples (python3-qpid-proton, run with /usr/bin/python3 as CI does) speak the same
 * QMF as the Java runtime: submit.py against a stand-in scheduler that queues the ad it is given.
 * CI installs python3-qpid-proton (.ci/run); without it this test fails and says so.
 */
@Timeout(120)
class PythonConsoleTest {
    @TempDir
    Path dir;

    /** A scheduler that accepts Submit and hosts a job object for each ad. */
    private static final class StandInScheduler implements ManagedObject {
        private final Agent agent;
        private final AtomicInteger procs = new AtomicInteger();

        StandInScheduler(Agent agent) {
            this.agent = agent;
        }

        @Override
        public ObjectId id() {
            return ObjectId.grid("scheduler", "stand-in");
        }

        @Override
        public Map<String, Object> values() {
            return Map.of("Name", "stand-in");
        }

        @Override
        public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
            @SuppressWarnings("unchecked")
            ClassAd ad = AdMaps.toAd((Map<String, Object>) arguments.get("Ad"));
            String id = "1." + procs.getAndIncrement();
            ClassAd job = ad.toBuilder().set("JobStatus", 1).set("ClusterId", 1).set("CustomId", id).build();
            Map<String, Object> values = new LinkedHashMap<>(AdMaps.toNative(job));
            agent.add(new ManagedObject() {
                @Override
                public ObjectId id() {
                    return ObjectId.grid("job", id);
                }

                @Override
                public Map<String, Object> values() {
                    return values;
                }
            });
            return CompletableFuture.completedFuture(Map.of("Id", id));
        }
    }

    @Test
    void theSeedsSubmissionExampleRunsAgainstHarriersQmf() throws Exception {
        Path python = Path.of("/usr/bin/python3");
        assertTrue(Files.isExecutable(python), "/usr/bin/python3 is needed (Debian's python3-qpid-proton)");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
                Bus bus = Bus.connect(broker.clientUrl())) {
            Agent agent = bus.agent(AgentName.harrier("scheduler", "stand-in"), Duration.ofSeconds(5));
            agent.add(new StandInScheduler(agent));
            Path script = examples().resolve("submit.py");
            Process p = new ProcessBuilder(python.toString(), script.toString(), "--broker", broker.clientUrl(), "--args", "1",
                    "--owner", "alice").redirectErrorStream(true).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "submit.py did not finish");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("Submitted job: 1.0"), out);
            assertTrue(out.contains("Job status: Idle"), out);
            assertTrue(out.contains("  Owner = alice"), out);
            assertTrue(out.contains("  Cmd = /bin/sleep"), out);
        }
    }

    private static Path examples() throws IOException {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("python-examples"))) {
                return p.resolve("python-examples");
            }
        }
        throw new IOException("python-examples not found above " + here);
    }
}
