package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.harrier.console.Run;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.bus.QmfException;
import org.harrier.bus.RawAmqp;
import org.harrier.scheduler.SchedulerSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 3's "Bad input" at grid level: calls over the bus to the services of a running personal
 * grid that are wrong in every way the issue lists get an {@code _exception} naming the
 * problem, queue nothing, and leave the grid running jobs. (A broker that is not running is
 * HarrierCommandLineTest's: one line, exit status 1.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class BadInputTest {
    private static final Duration CALL = Duration.ofSeconds(30);
    private static final String HOST = SchedulerSettings.defaults().machine();
    private static final Target SCHEDULER = new Target(AgentName.harrier("scheduler", HOST), ObjectId.grid("scheduler", HOST));
    private static final Target COLLECTOR = new Target(AgentName.harrier("collector", HOST), ObjectId.grid("collector", HOST));
    private static final Target SLOT = new Target(AgentName.harrier("startd", HOST), ObjectId.grid("slot", "slot1@" + HOST));

    private GridSession grid;
    private Bus bus;
    private Console console;
    private GridUser user;

    /** A managed object of the grid and the agent hosting it. */
    record Target(AgentName agent, ObjectId object) {
    }

    /** A call that must fail with {@code code} and a message containing {@code names}. */
    record Bad(String what, Target target, String method, Map<String, ?> args, int code, String names) {
        @Override
        public String toString() {
            return what;
        }
    }

    @BeforeAll
    void startGrid(@TempDir Path dir) throws IOException {
        grid = GridSession.start(dir);
        bus = grid.bus();
        console = bus.console();
        user = grid.user();
    }

    @AfterAll
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    /** The MRG QMF submission example's ad (typed {TYPE, VALUE} form), complete: the grid runs it. */
    private static Map<String, Object> seedAd() {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", typed("STRING", "/bin/echo"));
        ad.put("Args", typed("STRING", "still serving"));
        ad.put("Requirements", typed("EXPR", "TRUE"));
        ad.put("JobUniverse", typed("INTEGER", "5"));
        ad.put("Iwd", typed("STRING", "/tmp"));
        ad.put("Owner", typed("STRING", System.getProperty("user.name")));
        return ad;
    }

    private static Map<String, Object> typed(String type, Object value) {
        return Map.of("TYPE", type, "VALUE", value);
    }

    private static Map<String, Object> seedAdWithout(String attribute) {
        Map<String, Object> ad = seedAd();
        ad.remove(attribute);
        return ad;
    }

    private static Map<String, Object> seedAdWith(String attribute, Object value) {
        Map<String, Object> ad = seedAd();
        ad.put(attribute, value);
        return ad;
    }

    private static List<Bad> badCalls() {
        List<Bad> table = new ArrayList<>();
        // An ad without Owner is not refused: it is the caller's (docs/protocols.md, "Authorisation").
        for (String attribute : List.of("Cmd", "Requirements", "Iwd")) {
            table.add(new Bad("Submit of an ad without " + attribute, SCHEDULER, "Submit",
                    Map.of("Ad", seedAdWithout(attribute)), QmfException.BAD_PARAMETER, "has no " + attribute + " attribute"));
        }
        table.addAll(List.of(
                new Bad("Submit of an ad whose Owner is not a string", SCHEDULER, "Submit",
                        Map.of("Ad", seedAdWith("Owner", typed("INTEGER", "42"))), QmfException.BAD_PARAMETER, "Owner = 42"),
                new Bad("an unknown method", SCHEDULER, "Frobnicate", Map.of(), QmfException.UNKNOWN_METHOD, "Frobnicate"),
                new Bad("an ad given as text", SCHEDULER, "Submit", Map.of("Ad", "Cmd = \"/bin/echo\""),
                        QmfException.BAD_PARAMETER, "'Ad'"),
                new Bad("a count given as text", SCHEDULER, "SubmitCluster", Map.of("Ad", seedAd(), "Count", "ten"),
                        QmfException.BAD_PARAMETER, "'Count'"),
                new Bad("a malformed ClassAd expression", SCHEDULER, "Submit",
                        Map.of("Ad", seedAdWith("Requirements", typed("EXPR", "TARGET.Memory >= (("))),
                        QmfException.BAD_PARAMETER, "Requirements"),
                new Bad("an unknown object", new Target(SCHEDULER.agent(), ObjectId.grid("scheduler", "nobody")), "Submit",
                        Map.of("Ad", seedAd()), QmfException.UNKNOWN_OBJECT, "nobody"),
                new Bad("a collector query with a malformed constraint", COLLECTOR, "Query",
                        Map.of("AdType", "slot", "Constraint", "Memory >"), QmfException.BAD_PARAMETER, "Constraint"),
                new Bad("a collector query for an unknown ad type", COLLECTOR, "Query", Map.of("AdType", "toaster"),
                        QmfException.BAD_PARAMETER, "toaster"),
                new Bad("a claim whose request is not a map", SLOT, "Claim",
                        Map.of("Request", List.of(1L), "Scheduler", SCHEDULER.agent().name()), QmfException.BAD_PARAMETER,
                        "Request"),
                new Bad("activation on a claim the slot never gave", SLOT, "Activate",
                        Map.of("ClaimId", "no-such-claim", "Id", "1.0", "Job", seedAd()), QmfException.UNKNOWN_CLAIM,
                        "claim")));
        return table;
    }

    private QmfException failing(Bad bad) {
        try {
            Map<String, Object> out = console.invoke(bad.target().agent(), bad.target().object(), bad.method(), bad.args(), CALL)
                    .join();
            return fail(bad + " was accepted: " + out);
        } catch (CompletionException e) {
            return assertInstanceOf(QmfException.class, e.getCause(), bad::toString);
        }
    }

    @Test
    void everyKindOfBadCallIsRefusedByNameAndTheGridStillRunsAJob() throws Exception {
        for (Bad bad : badCalls()) {
            QmfException e = failing(bad);
            assertEquals(bad.code(), e.code(), () -> bad + ": " + e.getMessage());
            assertTrue(e.getMessage().contains(bad.names()), () -> bad + " must name '" + bad.names() + "': " + e.getMessage());
        }
        for (Map.Entry<String, Serializable> body : Map.<String, Serializable>of(
                "text", "Submit /bin/echo", "list", new ArrayList<>(List.of("Submit", seedAd().toString()))).entrySet()) {
            Map<String, Object> error = rawMethodRequest(body.getValue());
            assertEquals((long) QmfException.BAD_PARAMETER, error.get("error_code"), body.getKey() + ": " + error);
            assertTrue(String.valueOf(error.get("error_text")).contains("map"), body.getKey() + ": " + error);
        }

        Run q = user.harrier("q");
        assertTrue(q.out().contains("\n0 jobs;"), "nothing was queued:\n" + q.out() + q.err());

        try (JobIndications jobs = new JobIndications(console)) {
            Object id = console.invoke(SCHEDULER.agent(), SCHEDULER.object(), "Submit", Map.of("Ad", seedAd()), CALL)
                    .join().get("Id");
            jobs.awaitLeft(String.valueOf(id));
            assertEquals(List.of(1L, 2L, 4L), jobs.statusPath(String.valueOf(id)), () -> jobs.of(String.valueOf(id)).toString());
        }
    }

    /**
     * Sends a method request whose body is not a map straight to the scheduler's queue, as a
     * foreign client might (the bus's own Console only sends maps); returns the _exception's values.
     */
    private Map<String, Object> rawMethodRequest(Serializable body) throws Exception {
        try (RawAmqp raw = RawAmqp.connect(grid.clientUrl())) {
            RawAmqp.Reply reply = raw.request(SCHEDULER.agent().requestAddress(), body,
                    Map.of("x-amqp-0-10.app-id", "qmf2", "qmf.opcode", "_method_request"), "bad-body", CALL);
            assertTrue(reply != null, "no reply to a method request with a " + body.getClass().getSimpleName() + " body");
            assertEquals("_exception", reply.properties().get("qmf.opcode"));
            assertEquals("bad-body", reply.correlationId());
            @SuppressWarnings("unchecked")
            Map<String, Object> values = (Map<String, Object>) ((Map<String, Object>) reply.body()).get("_values");
            return values;
        }
    }
}
