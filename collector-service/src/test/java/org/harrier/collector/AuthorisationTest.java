package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.harrier.bus.QmfException;
import org.harrier.bus.RequestContext;
import org.harrier.classad.ClassAd;
import org.harrier.collector.bus.CollectorObject;
import org.harrier.collector.bus.NegotiatorObject;
import org.harrier.protocol.collector.Query;
import org.harrier.protocol.method.Request;
import org.harrier.protocol.negotiator.GetLimits;
import org.harrier.protocol.negotiator.GetPriorities;
import org.harrier.protocol.negotiator.Reschedule;
import org.harrier.protocol.negotiator.SetLimit;
import org.harrier.protocol.negotiator.SetPriority;
import org.harrier.protocol.negotiator.SetPriorityFactor;
import org.harrier.protocol.negotiator.SetUsage;
import org.harrier.rules.Caller;
import org.harrier.testing.SettableClock;
import org.harrier.testing.StampSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/protocols.md, "Authorisation", on the central manager's side without a bus: an ad is
 * kept only from a publisher with its daemon's role (the others are counted in UpdatesRefused),
 * the pool-wide settings are an administrator's, and reading is anyone's.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AuthorisationTest {
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-21T10:00:00Z"));
    private CentralManager manager;
    private CollectorObject collector;
    private NegotiatorObject negotiator;

    @BeforeEach
    void start() {
        CollectorSettings settings = CollectorSettings.defaults().withMachine("cm.example.org");
        manager = new CentralManager(settings, NegotiatorSettings.defaults(), clock, new RecordingGrid().peers());
        collector = new CollectorObject("cm", settings, manager);
        negotiator = new NegotiatorObject("cm", settings, NegotiatorSettings.defaults(), manager);
        manager.start();
    }

    @AfterEach
    void stop() {
        manager.close();
    }

    /** "alice:console+service" as a broker stamp; "-" is none. */
    static RequestContext stamp(String spec) {
        StampSpec s = StampSpec.parse(spec);
        return s.nobody() ? RequestContext.LOCAL : new RequestContext(s.user(), s.roles(), "reply");
    }

    static Caller publisher(String spec) {
        RequestContext c = stamp(spec);
        return Caller.of(c.userId(), c.roles());
    }

    /** The ads of {@code type} the collector holds, read on its owner thread (after every indication accepted before). */
    List<ClassAd> held(String type) throws Exception {
        return collector.methods().invoke(Query.METHOD.name(), Query.METHOD.writeRequest(Query.all(type)), stamp("-"))
                .thenApply(out -> Query.METHOD.readAnswer(out).ads()).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    static DataIndication ad(String type) {
        return switch (type) {
            case "slot" -> DataIndication.slot("slot1@exec1").with("State", "Unclaimed");
            case "scheduler" -> DataIndication.scheduler("submit1");
            default -> DataIndication.submitter("alice@submit1").with("IdleJobs", 1L);
        };
    }

    @ParameterizedTest(name = "{0} publishes a {1} ad: kept {2}")
    @CsvSource({
        "-,                    slot,      false",
        "alice:console,        slot,      false",
        "svc:service,          slot,      false",
        "sched:service+schedd, slot,      false",
        "neg:negotiator+collector, slot,  false",
        "exec:service+startd,  slot,      true",
        "exec:startd,          slot,      true",
        "root:admin,           slot,      true",
        "harrier-service:service+schedd+startd+collector+negotiator, slot, true",
        "exec:service+startd,  scheduler, false",
        "alice:console,        scheduler, false",
        "sched:service+schedd, scheduler, true",
        "root:admin,           scheduler, true",
        "exec:service+startd,  submitter, false",
        "-,                    submitter, false",
        "sched:service+schedd, submitter, true",
    })
    void anAdIsKeptOnlyFromAPublisherWithItsDaemonsRoleAndTheOthersAreCounted(String who, String type, boolean kept)
            throws Exception {
        manager.accept(ad(type).data(), publisher(who));
        assertEquals(kept ? 1 : 0, held(type).size());
        assertEquals(kept ? 0L : 1L, collector.values().get("UpdatesRefused"));
        assertEquals(kept ? 1L : 0L, collector.values().get("UpdatesReceived"));
    }

    @Test
    void aRefusedDeleteLeavesTheAdWhereItWas() throws Exception {
        manager.accept(ad("slot").data(), publisher("exec:startd"));
        manager.accept(ad("slot").deleted().data(), publisher("alice:console"));
        assertEquals(1, held("slot").size());
        assertEquals(1L, collector.values().get("UpdatesRefused"));
    }

    <R> Object invoke(Request<R> request, String who) throws Exception {
        try {
            return negotiator.methods().invoke(request.method().name(), request.method().writeRequest(request), stamp(who))
                    .toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"alice:console", "harrier-service:service+schedd+startd+collector+negotiator", "-"})
    void poolWideSettingsAreRefusedToAnyoneButAnAdministrator(String who) throws Exception {
        for (Request<?> setting : List.<Request<?>>of(new SetPriority("bob@x", 5), new SetPriorityFactor("bob@x", 10),
                new SetUsage("bob@x", 0), new SetLimit("licence", 2))) {
            QmfException e = assertInstanceOf(QmfException.class, invoke(setting, who), setting.toString());
            assertEquals(QmfException.FORBIDDEN, e.code());
            assertTrue(e.getMessage().startsWith(setting.method().name() + " refused: "), e.getMessage());
        }
        assertTrue(manager.limits().toCompletableFuture().get(10, TimeUnit.SECONDS).byName().isEmpty(), "SetLimit changed nothing");
    }

    @Test
    void anAdministratorSetsThemAndAnyoneReadsThem() throws Exception {
        assertInstanceOf(Map.class, invoke(new SetPriorityFactor("bob@x", 10), "root:admin"));
        assertInstanceOf(Map.class, invoke(new SetLimit("licence", 2), "root:admin"));
        assertInstanceOf(Map.class, invoke(new GetPriorities(), "alice:console"));
        assertInstanceOf(Map.class, invoke(new GetPriorities(), "-"));
        assertTrue(invoke(new GetLimits(), "alice:console").toString().contains("licence"));
        assertEquals(2.0, manager.limits().toCompletableFuture().get(10, TimeUnit.SECONDS).byName().get("licence").max());
    }

    @Test
    void rescheduleNeedsAnAuthenticatedCaller() throws Exception {
        QmfException e = assertInstanceOf(QmfException.class, invoke(new Reschedule(), "-"));
        assertEquals(QmfException.FORBIDDEN, e.code());
        assertEquals("Reschedule refused: no authenticated caller", e.getMessage());
        assertInstanceOf(Map.class, invoke(new Reschedule(), "alice:console"));
    }
}
