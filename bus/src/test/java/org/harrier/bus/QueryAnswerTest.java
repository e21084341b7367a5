package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Queries answered off the request thread, in pages, and cut at a limit, through a real broker. */
@Timeout(60)
class QueryAnswerTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final AgentName AGENT = AgentName.harrier("scheduler", "queries1");
    private static final int JOBS = Agent.PAGE * 5 + 3;

    @TempDir
    Path dir;
    private GridBroker broker;
    private Bus agentSide;
    private Bus consoleSide;
    private Agent agent;
    private Console console;
    private Calculator calc;

    @BeforeEach
    void start() throws Exception {
        broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
        agentSide = Bus.connect(broker.clientUrl());
        consoleSide = Bus.connect(broker.clientUrl());
        agent = agentSide.agent(AGENT, Duration.ofMillis(200));
        calc = new Calculator("queries1");
        agent.add(calc);
        console = consoleSide.console();
    }

    @AfterEach
    void stop() throws Exception {
        consoleSide.close();
        agentSide.close();
        broker.close();
    }

    /** {@link #JOBS} objects of class job; before the one numbered {@code pauseAt} the walk waits for {@code resume}. */
    private static final class Jobs implements ObjectSource {
        final AtomicInteger walked = new AtomicInteger();
        final CountDownLatch paused = new CountDownLatch(1);
        final CompletableFuture<Void> resume = new CompletableFuture<>();
        final int pauseAt;

        Jobs(int pauseAt) {
            this.pauseAt = pauseAt;
        }

        @Override
        public ManagedObject find(ObjectId id) {
            return null;
        }

        @Override
        public void forEach(Consumer<ManagedObject> each) {
            for (int i = 0; i < JOBS; i++) {
                if (i == pauseAt) {
                    paused.countDown();
                    resume.join();
                }
                walked.incrementAndGet();
                each.accept(new Calculator("job" + i, "job", false));
            }
        }
    }

    @Test
    void aMethodCallIsAnsweredWhileABigQueryIsStillStreaming() throws Exception {
        Jobs jobs = new Jobs(Agent.PAGE * 2 + 1);
        agent.serve("job", jobs);
        CompletableFuture<List<ObjectData>> query = CompletableFuture.supplyAsync(() -> console.query(AGENT, "job", null, WAIT));
        assertTrue(jobs.paused.await(WAIT.toSeconds(), TimeUnit.SECONDS), "the query is under way, two pages sent");

        // Answered on the request thread while the query's walk is held in the middle.
        Map<String, Object> submitted = Console.join(console.invoke(AGENT, calc.id(), "Submit", Map.of("Ad", Map.of("Cluster", 4L)), WAIT));
        assertEquals(Map.of("Id", "4.0"), submitted);
        assertFalse(query.isDone(), "the query had not finished when the method was answered");

        jobs.resume.complete(null);
        assertEquals(JOBS, query.get(WAIT.toSeconds(), TimeUnit.SECONDS).size(), "and then streamed every object");
    }

    @Test
    void aLimitEndsTheAnswerAfterThatManyObjectsAndTheWalkStopsThere() {
        Jobs jobs = new Jobs(-1);
        agent.serve("job", jobs);
        long limit = Agent.PAGE + 7;
        List<ObjectData> some = console.query(AGENT, ObjectQuery.of("job").limit(limit), WAIT);
        assertEquals(limit, some.size(), "the last page was not partial, so the console stopped waiting");
        assertEquals("job0", some.get(0).id().key());
        assertEquals(limit, jobs.walked.get(), "the source was not walked past the limit");

        assertEquals(Agent.PAGE, console.query(AGENT, ObjectQuery.of("job").limit((long) Agent.PAGE), WAIT).size(),
                "a limit of exactly one page ends with that page");
        assertEquals(JOBS, console.query(AGENT, ObjectQuery.of("job").limit(JOBS + 100L), WAIT).size());
    }

    @Test
    void aLimitThatIsNotAPositiveWholeNumberIsABadParameter() {
        agent.serve("job", new Jobs(-1));
        Map<String, Object> q = new java.util.LinkedHashMap<>(ObjectQuery.of("job").toWire());
        for (Object bad : List.of(0L, -3L, 2.5, "ten")) {
            q.put(Qmf.LIMIT, bad);
            QmfException e = assertThrows(QmfException.class, () -> Console.join(console.request(AGENT, Qmf.QUERY_REQUEST, q, WAIT, "a query")));
            assertEquals(QmfException.BAD_PARAMETER, e.code(), bad.toString());
            assertTrue(e.getMessage().contains(Qmf.LIMIT), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> ObjectQuery.of("job").limit(0L));
    }
}
