package org.harrier.bus;

import org.harrier.protocol.AgentInfo;
import org.harrier.protocol.ObjectData;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** An agent and a console talking QMF through a real embedded Artemis broker over AMQP 1.0. */
@Timeout(60)
class BusTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final AgentName AGENT = AgentName.harrier("scheduler", "test1");

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
        calc = new Calculator("test1");
        agent.add(calc);
        console = consoleSide.console();
    }

    @AfterEach
    void stop() throws Exception {
        consoleSide.close();
        agentSide.close();
        broker.close();
    }

    private Map<String, Object> call(String method, Map<String, ?> args) {
        return Console.join(console.invoke(AGENT, calc.id(), method, args, WAIT));
    }

    private QmfException failing(String method, Map<String, ?> args) {
        return assertThrows(QmfException.class, () -> call(method, args));
    }

    @Test
    void aMethodCallReturnsItsOutputArguments() {
        Map<String, Object> ad = Map.of("Cluster", 7L, "Cmd", "/bin/true");
        assertEquals(Map.of("Id", "7.0"), call("Submit", Map.of("Ad", ad)));
        assertEquals(Map.of("Id", "7.1"), call("SubmitJob", Map.of("Ad", ad)), "an alias reaches the same method");
    }

    @Test
    void badCallsGetExceptionsNamingTheProblemAndTheAgentKeepsServing() {
        assertEquals(QmfException.UNKNOWN_METHOD, failing("Frobnicate", Map.of()).code());
        QmfException missing = failing("Submit", Map.of());
        assertEquals(QmfException.BAD_PARAMETER, missing.code());
        assertEquals("Submit needs argument 'Ad' (map)", missing.getMessage());
        QmfException wrongType = failing("Submit", Map.of("Ad", "not a map"));
        assertEquals("argument 'Ad' of Submit must be map, got string", wrongType.getMessage());
        assertEquals(QmfException.BAD_PARAMETER, failing("Submit", Map.of("Ad", Map.of("x", 1L), "Extra", 1L)).code());
        QmfException badAd = failing("Submit", Map.of("Ad", Map.of("Cluster", "1 +", "!!descriptors",
                Map.of("Cluster", "com.redhat.grid.Expression"))));
        assertEquals(QmfException.BAD_PARAMETER, badAd.code());
        assertTrue(badAd.getMessage().contains("line 1, column 4"), badAd.getMessage());
        assertEquals(QmfException.UNKNOWN_OBJECT, failing("GetAd", Map.of("Id", "9.9")).code());
        QmfException boom = failing("GetAd", Map.of("Id", "boom"));
        assertEquals(QmfException.EXCEPTION, boom.code());
        QmfException noObject = assertThrows(QmfException.class, () -> Console.join(
                console.invoke(AGENT, ObjectId.grid("scheduler", "nobody"), "Submit", Map.of(), WAIT)));
        assertEquals(QmfException.UNKNOWN_OBJECT, noObject.code());
        assertEquals(Map.of("Id", "1.0"), call("Submit", Map.of("Ad", Map.of("Cluster", 1L))));
    }

    @Test
    void binaryValuesTravelBothWaysAsByteArrays() {
        byte[] chunk = new byte[(1 << 20) + 3];
        for (int i = 0; i < chunk.length; i++) {
            chunk[i] = (byte) (i * 31);
        }
        call("WriteFile", Map.of("TransferId", "t", "Offset", 0L, "Data", chunk));
        Object back = call("ReadFile", Map.of("TransferId", "t", "Offset", 0L, "Length", 1L)).get("Data");
        assertTrue(back instanceof byte[], "Data arrives as byte[], got " + (back == null ? null : back.getClass()));
        byte[] b = (byte[]) back;
        assertEquals(chunk.length, b.length);
        assertEquals(chunk[0], b[b.length - 1]);
        assertEquals(chunk[chunk.length - 1], b[0]);
        assertEquals(QmfException.BAD_PARAMETER, failing("WriteFile", Map.of("TransferId", "t", "Offset", 0L,
                "Data", "not binary")).code());
    }

    @Test
    void aMethodMayCompleteLaterOnAnotherThread() {
        assertEquals(Map.of(), call("Hold", Map.of("Id", "1.0", "Reason", "test")));
    }

    @Test
    void aCallToAnAgentThatNeverAnswersTimesOutWithABusException() {
        BusException e = assertThrows(BusException.class, () -> Console.join(console.invoke(
                AgentName.harrier("scheduler", "absent"), calc.id(), "Submit", Map.of(), Duration.ofMillis(300))));
        assertTrue(e.getMessage().startsWith("no reply from harrier:scheduler:absent to Submit"), e.getMessage());
    }

    @Test
    void queriesReturnEveryMatchingObjectAcrossPartialReplies() {
        List<Calculator> more = new ArrayList<>();
        for (int i = 0; i < Agent.PAGE * 2 + 17; i++) {
            Calculator c = new Calculator("extra" + i);
            c.set("Parity", (long) (i % 2));
            more.add(c);
            agent.add(c);
        }
        assertEquals(more.size() + 1, console.query(AGENT, "scheduler", null, WAIT).size());
        List<ObjectData> odd = console.query(AGENT, "scheduler", Predicate.eq("Parity", 1L), WAIT);
        assertEquals((more.size()) / 2, odd.size());
        assertTrue(odd.stream().allMatch(d -> Long.valueOf(1).equals(d.get("Parity"))));
        assertEquals(0, console.query(AGENT, "job", null, WAIT).size());
    }

    @Test
    void objectsWhoseBatchesPassTheBrokersMessageLimitAreQueriedAndPublishedInPagesThatFit() throws Exception {
        // 30 objects of 1 MB: one page of them would be 30 MB, over the broker's 16 MiB limit.
        String big = "y".repeat(1_000_000);
        BlockingQueue<ObjectData> seen = new LinkedBlockingQueue<>();
        try (AutoCloseable sub = console.subscribe("scheduler", seen::add)) {
            awaitSubscribed(seen);
            for (int i = 0; i < 30; i++) {
                Calculator c = new Calculator("big" + i);
                c.set("Blob", big);
                agent.add(c);
            }
            List<ObjectData> all = console.query(AGENT, "scheduler", Predicate.eq("Blob", big), WAIT);
            assertEquals(30, all.size());
            assertTrue(all.stream().allMatch(d -> big.equals(d.get("Blob"))));

            java.util.Set<String> heard = new java.util.HashSet<>();
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (heard.size() < 30 && System.nanoTime() < deadline) {
                ObjectData d = seen.poll(100, TimeUnit.MILLISECONDS);
                if (d != null && big.equals(d.get("Blob"))) {
                    heard.add(d.id().key());
                }
            }
            assertEquals(30, heard.size(), "every big object's indication arrived");
        }
    }

    @Test
    void aQueryWithAProjectionAnswersOnlyThePropertiesNamedWhateverTheirCase() {
        calc.set("Parity", 1L);
        List<ObjectData> all = console.query(AGENT, "scheduler", null, WAIT);
        assertTrue(all.get(0).values().containsKey("JobsSubmitted"), all.toString());
        List<ObjectData> some = console.query(AGENT, "scheduler", Predicate.eq("Parity", 1L), List.of("name"), WAIT);
        assertEquals(1, some.size());
        assertEquals(Map.of("Name", calc.values().get("Name")), some.get(0).values(),
                "the _where still saw Parity; the answer carries Name only");
    }

    @Test
    void consolesLocateAgentsAndHearTheirHeartbeats() throws Exception {
        List<AgentInfo> found = console.locate(Duration.ofMillis(500));
        assertTrue(found.stream().anyMatch(a -> a.name().equals(AGENT)), found.toString());
        BlockingQueue<AgentInfo> beats = new LinkedBlockingQueue<>();
        try (AutoCloseable sub = console.heartbeats(beats::add)) {
            AgentInfo beat = beats.poll(10, TimeUnit.SECONDS);
            assertEquals(AGENT, beat.name());
        }
        assertEquals(1, console.objects("scheduler", Duration.ofMillis(500)).size());
    }

    @Test
    void aDaemonObjectsChangesArriveInOrderEndingWithTheLatestAndARemovalIsADeleteIndication() throws Exception {
        BlockingQueue<ObjectData> seen = new LinkedBlockingQueue<>();
        try (AutoCloseable sub = console.subscribe("scheduler", seen::add)) {
            awaitSubscribed(seen);
            for (long i = 1; i <= 20; i++) {
                calc.set("TotalIdleJobs", i);
                agent.changed(calc);
            }
            // Superseded snapshots of a daemon object may be dropped; the order and the last one may not.
            long last = 0;
            while (last < 20) {
                ObjectData d = next(seen, "TotalIdleJobs");
                assertEquals(calc.id(), d.id());
                long v = (Long) d.get("TotalIdleJobs");
                assertTrue(v > last, "in order: " + v + " after " + last);
                last = v;
            }
            agent.remove(calc.id());
            ObjectData gone = seen.poll(10, TimeUnit.SECONDS);
            assertTrue(gone.deleted());
            assertEquals(20L, gone.get("TotalIdleJobs"));
        }
    }

    @Test
    void everyChangeOfAnObjectThatKeepsThemAllArrivesInOrder() throws Exception {
        Calculator job = new Calculator("1.0", "job", true);
        agent.add(job);
        BlockingQueue<ObjectData> seen = new LinkedBlockingQueue<>();
        try (AutoCloseable sub = console.subscribe("job", seen::add)) {
            awaitSubscribed(seen, job);
            for (long i = 1; i <= 20; i++) {
                job.set("JobStatus", i);
                agent.changed(job);
            }
            for (long i = 1; i <= 20; i++) {
                assertEquals(i, next(seen, "JobStatus").get("JobStatus"));
            }
            agent.remove(job.id());
            ObjectData gone = seen.poll(10, TimeUnit.SECONDS);
            assertTrue(gone.deleted());
            assertEquals(20L, gone.get("JobStatus"));
        }
    }

    /** The next indication that has {@code property}: one from awaitSubscribed may still be on its way. */
    private static ObjectData next(BlockingQueue<ObjectData> seen, String property) throws InterruptedException {
        while (true) {
            ObjectData d = seen.poll(10, TimeUnit.SECONDS);
            if (d == null || d.get(property) != null) {
                return d;
            }
        }
    }

    /** A subscription attaches asynchronously: publish until the first indication arrives. */
    @Test
    void anIndicationArrivesWithTheUserAndRolesTheBrokerStampedOnItsPublisher() throws Exception {
        BlockingQueue<RequestContext> publishers = new LinkedBlockingQueue<>();
        BlockingQueue<ObjectData> seen = new LinkedBlockingQueue<>();
        try (AutoCloseable sub = console.subscribeWithPublisher("scheduler", (d, who) -> {
            publishers.add(who);
            seen.add(d);
        })) {
            awaitSubscribed(seen);
            RequestContext owner = publishers.poll(10, TimeUnit.SECONDS);
            assertEquals(GridBroker.owner(), owner.userId());
            assertTrue(owner.hasRole("admin"), owner.roles().toString());
            assertEquals(null, owner.replyTo());
        }
        broker.security().addUser("exec1", List.of("service", "startd"), "exec1-pw");
        publishers.clear();
        try (Bus exec = Bus.connect(broker.clientUrl("exec1"));
                AutoCloseable sub = console.subscribeWithPublisher("slot", (d, who) -> publishers.add(who))) {
            Agent startd = exec.agent(AgentName.harrier("startd", "h1"), Duration.ofMillis(200));
            Calculator slot = new Calculator("slot1@h1", "slot", false);
            startd.add(slot);
            RequestContext who = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (who == null && System.nanoTime() < deadline) {
                startd.changed(slot);
                who = publishers.poll(100, TimeUnit.MILLISECONDS);
            }
            assertEquals("exec1", who.userId());
            assertEquals(java.util.Set.of("service", "startd"), who.roles());
        }
    }

    private void awaitSubscribed(BlockingQueue<ObjectData> seen) throws InterruptedException {
        awaitSubscribed(seen, calc);
    }

    private void awaitSubscribed(BlockingQueue<ObjectData> seen, Calculator object) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            agent.changed(object);
            if (seen.poll(100, TimeUnit.MILLISECONDS) != null) {
                seen.clear();
                return;
            }
        }
        throw new AssertionError("the subscription never received anything");
    }

    @Test
    void agentAndConsoleCarryOnAfterTheBrokerRestarts() throws Exception {
        assertEquals(Map.of("Id", "1.0"), call("Submit", Map.of("Ad", Map.of("Cluster", 1L))));
        BrokerSettings same = broker.settings().withPort(broker.port());
        broker.stop();
        broker = GridBroker.start(same);
        // While the bus reconnects a call may fail, or (its reply lost) succeed unseen: the console
        // never retries by itself, since Submit is not idempotent. Once reconnected, calls work.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String id;
        while (true) {
            try {
                id = (String) call("Submit", Map.of("Ad", Map.of("Cluster", 1L))).get("Id");
                break;
            } catch (BusException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
        }
        assertTrue(id.startsWith("1.") && !id.equals("1.0"), id);
        assertEquals(Map.of("Id", "1." + (Integer.parseInt(id.substring(2)) + 1)),
                call("Submit", Map.of("Ad", Map.of("Cluster", 1L))), "the next call goes straight through");
    }

    @Test
    void connectingWhereNoBrokerListensFailsWithAOneLineReason() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        BusException e = assertThrows(BusException.class, () -> Bus.connect("amqp://127.0.0.1:" + port));
        assertTrue(e.getMessage().startsWith("cannot reach the broker at amqp://127.0.0.1:" + port + " ("), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aRequestThatIsNotAQmfMapGetsAnExceptionAndTheAgentKeepsServing() throws Exception {
        jakarta.jms.Connection raw = new org.apache.qpid.jms.JmsConnectionFactory(
                broker.url() + "?jms.validatePropertyNames=false").createConnection(org.harrier.broker.GridBroker.owner(), broker.security().password(org.harrier.broker.GridBroker.owner()));
        try {
            raw.start();
            jakarta.jms.Session s = raw.createSession(false, jakarta.jms.Session.AUTO_ACKNOWLEDGE);
            jakarta.jms.TemporaryQueue replies = s.createTemporaryQueue();
            jakarta.jms.MessageConsumer in = s.createConsumer(replies);
            jakarta.jms.TextMessage bad = s.createTextMessage("not a map");
            bad.setStringProperty("qmf.opcode", "_method_request");
            bad.setStringProperty("x-amqp-0-10.app-id", "qmf2");
            bad.setJMSReplyTo(replies);
            bad.setJMSCorrelationID("bad-1");
            s.createProducer(s.createQueue(AGENT.requestAddress())).send(bad);
            jakarta.jms.Message reply = in.receive(10_000);
            assertEquals("_exception", reply.getStringProperty("qmf.opcode"));
            assertEquals("bad-1", reply.getJMSCorrelationID());
            @SuppressWarnings("unchecked")
            Map<String, Object> values = (Map<String, Object>) ((Map<String, Object>) ((jakarta.jms.ObjectMessage) reply).getObject()).get("_values");
            assertEquals((long) QmfException.BAD_PARAMETER, values.get("error_code"));
            assertTrue(((String) values.get("error_text")).startsWith("message body must be an AMQP map or list"), values.toString());
        } finally {
            raw.close();
        }
        assertEquals(Map.of("Id", "1.0"), call("Submit", Map.of("Ad", Map.of("Cluster", 1L))));
    }
}
