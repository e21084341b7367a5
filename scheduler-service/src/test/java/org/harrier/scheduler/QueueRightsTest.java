package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.config.Configuration;
import org.harrier.config.ConfigurationException;
import org.harrier.rules.Caller;
import org.harrier.rules.Permission;
import org.harrier.testing.StampSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Who may submit as whom, who is a queue super user, and the two knobs. */
class QueueRightsTest {
    /** "alice:console+service" as a caller; "-" is nobody. */
    static Caller caller(String spec) {
        StampSpec s = StampSpec.parse(spec);
        return s.nobody() ? Caller.NOBODY : new Caller(s.user(), s.roles());
    }

    /** A job ad whose Owner is {@code owner}: "" for none, a leading '=' for an expression rather than a string. */
    static ClassAd ownedBy(String owner) {
        ClassAd.Builder b = ClassAd.builder().set("Cmd", "/bin/true");
        if (owner.startsWith("=")) {
            b.setExpr("Owner", owner.substring(1));
        } else if (!owner.isEmpty()) {
            b.set("Owner", owner);
        }
        return b.build();
    }

    private static final QueueRights RIGHTS = new QueueRights(List.of("root", "condor"), "alice|bob|svc_.*");

    @ParameterizedTest(name = "{0} submits Owner {1}: {2}")
    @CsvSource({
        "-,                   alice,   refused",
        "-,                   '',      refused",
        "alice:console,       '',      granted",
        "alice:console,       alice,   granted",
        "alice:console,       bob,     refused",
        "alice:console,       Alice,   refused",
        "alice:console,       alice2,  refused",
        "alice:console,       '=5',    granted",
        "svc:service+schedd+startd+collector+negotiator, bob, refused",
        "root,                bob,     granted",
        "condor:service,      svc_web, granted",
        "root,                carol,   refused",
        "root,                bobby,   refused",
        "admin:admin,         bob,     granted",
        "admin:admin,         carol,   refused",
        "admin:admin,         admin,   granted",
        "carol,               carol,   granted",
    })
    void onlyQueueSuperUsersSubmitAsSomeoneElseAndOnlyAsTheOwnersTheKnobAllows(String who, String owner, String verdict) {
        Permission p = RIGHTS.maySubmit(caller(who), ownedBy(owner), "Submit");
        assertEquals(verdict.equals("granted"), p.granted(), String.valueOf(p.refusal()));
    }

    @Test
    void aRefusedSubmissionSaysWhoMayNotSubmitAsWhomAndWhichRuleSaysSo() {
        assertEquals("Submit refused: alice may not submit a job whose Owner is bob; only queue super users"
                        + " (QUEUE_SUPER_USERS, or broker role admin) may submit as someone else",
                RIGHTS.maySubmit(caller("alice:console"), ownedBy("bob"), "Submit").refusal());
        assertEquals("SubmitCluster refused: queue super user root may not submit as carol, which"
                        + " QUEUE_SUPER_USER_MAY_IMPERSONATE (alice|bob|svc_.*) does not match",
                RIGHTS.maySubmit(caller("root"), ownedBy("carol"), "SubmitCluster").refusal());
        assertEquals("Submit refused: no authenticated caller", RIGHTS.maySubmit(Caller.NOBODY, ownedBy(""), "Submit").refusal());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "-,              false",
        "alice,          false",
        "alice:console,  false",
        "root,           true",
        "condor:service, true",
        "Root,           false",
        "admin:admin,    true",
        "svc:service+schedd+startd+collector+negotiator, false",
    })
    void queueSuperUsersAreTheUsersTheKnobNamesAndEveryAdministrator(String who, boolean superUser) {
        assertEquals(superUser, RIGHTS.superUser(caller(who)));
        if (caller(who).authenticated()) {
            assertEquals(new QueueUser(caller(who).user(), superUser), RIGHTS.user(caller(who)));
        }
    }

    @Test
    void nobodyActsOnTheQueue() {
        assertThrows(IllegalArgumentException.class, () -> RIGHTS.user(Caller.NOBODY));
    }

    @Test
    void aJobWithoutOwnerIsItsSubmittersAndOneWithAnOwnerKeepsIt() {
        assertEquals(Expr.parse("\"alice\""), QueueRights.ownedBy(caller("alice:console"), ownedBy("")).lookup("Owner"));
        ClassAd bobs = ownedBy("bob");
        assertSame(bobs, QueueRights.ownedBy(caller("root"), bobs));
        ClassAd none = ownedBy("");
        assertSame(none, QueueRights.ownedBy(Caller.NOBODY, none));
    }

    @Test
    void theDefaultsAreHTCondorsRootAndCondorMayImpersonateAnyone() {
        QueueRights d = QueueRights.from(Configuration.EMPTY);
        assertEquals(Set.of("root", "condor"), d.superUsers());
        assertEquals(".*", d.mayImpersonate());
        assertEquals(QueueRights.DEFAULT.superUsers(), d.superUsers());
        assertTrue(d.maySubmit(caller("condor"), ownedBy("anyone"), "Submit").granted());
    }

    @Test
    void theKnobsAreReadFromAConfigurationWithCommasOrSpaces() {
        QueueRights r = QueueRights.from(Configuration.parse("QUEUE_SUPER_USERS = root,  ops admin2\n"
                + "QUEUE_SUPER_USER_MAY_IMPERSONATE = svc_[a-z]+\n", "test", Path.of(".")));
        assertEquals(Set.of("root", "ops", "admin2"), r.superUsers());
        assertTrue(r.maySubmit(caller("ops"), ownedBy("svc_web"), "Submit").granted());
        assertFalse(r.maySubmit(caller("ops"), ownedBy("alice"), "Submit").granted());
        assertEquals(Set.of(), QueueRights.from(Configuration.parse("QUEUE_SUPER_USERS =\n", "test", Path.of("."))).superUsers());
    }

    @Test
    void aBadKnobIsRefusedNamingItAndWhereItWasDefined() {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> QueueRights.from(
                Configuration.parse("QUEUE_SUPER_USER_MAY_IMPERSONATE = (unclosed\n", "harrier.conf", Path.of("."))));
        assertTrue(e.getMessage().startsWith("QUEUE_SUPER_USER_MAY_IMPERSONATE must be a regular expression, got '(unclosed'"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("(harrier.conf:1)"), e.getMessage());
        assertEquals("QUEUE_SUPER_USERS lists user names without commas or spaces, got 'a b'",
                assertThrows(IllegalArgumentException.class, () -> new QueueRights(List.of("a b"), ".*")).getMessage());
    }
}
