package org.harrier.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.harrier.testing.StampSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CallerTest {
    /** "alice:console+service" as a caller; "-" is nobody. */
    private static Caller caller(String spec) {
        StampSpec s = StampSpec.parse(spec);
        return s.nobody() ? Caller.NOBODY : new Caller(s.user(), s.roles());
    }

    @ParameterizedTest(name = "{0} may change: {1}")
    @CsvSource({
        "-,                          false",
        "alice,                      true",
        "alice:console,              true",
        "root:admin,                 true",
    })
    void anyAuthenticatedCallerMayAskForAChangeAndNobodyMayNot(String who, boolean granted) {
        Permission p = caller(who).mayChange("Hold");
        assertEquals(granted, p.granted());
        if (!granted) {
            assertEquals("Hold refused: no authenticated caller", p.refusal());
        }
    }

    @ParameterizedTest(name = "{0} as {1}: {2}")
    @CsvSource({
        "-,                                      negotiator, false",
        "alice:console,                          negotiator, false",
        "svc:service,                            negotiator, false",
        "svc:service+startd,                     negotiator, false",
        "svc:service+negotiator,                 negotiator, true",
        "harrier-service:service+schedd+startd+collector+negotiator, startd, true",
        "root:admin,                             negotiator, true",
        "root:admin,                             startd,     true",
        "sched:schedd,                           startd,     false",
        "exec:startd,                            schedd,     false",
    })
    void aDaemonsCallNeedsThatDaemonsRoleOrAnAdministrator(String who, String role, boolean granted) {
        assertEquals(granted, caller(who).mayActAs(role, "Matched").granted());
    }

    @ParameterizedTest(name = "{0} administers: {1}")
    @CsvSource({
        "-,                                      false",
        "alice:console,                          false",
        "harrier-service:service+schedd+startd+collector+negotiator, false",
        "root:admin,                             true",
        "root:admin+console,                     true",
    })
    void poolWideSettingsAreForAdministratorsOnly(String who, boolean granted) {
        assertEquals(granted, caller(who).mayAdminister("SetPriority").granted());
    }

    @Test
    void aRefusalNamesWhatWasRefusedTheRoleItNeedsAndTheCaller() {
        assertEquals("Matched refused: only the negotiator daemon (broker role negotiator) or an administrator may do it,"
                + " and alice (roles: console) is neither", caller("alice:console").mayActAs("negotiator", "Matched").refusal());
        assertEquals("SetPriority refused: only an administrator (broker role admin) may do it, and bob (roles: none) is not one",
                caller("bob").mayAdminister("SetPriority").refusal());
        assertEquals("Matched refused: no authenticated caller", Caller.NOBODY.mayActAs("negotiator", "Matched").refusal());
        assertEquals("SetLimit refused: no authenticated caller", Caller.NOBODY.mayAdminister("SetLimit").refusal());
    }

    @Test
    void aStampWithoutAUserIsNobodyWhateverElseItCarries() {
        assertEquals(Caller.NOBODY, Caller.of(null, null));
        assertEquals(Caller.NOBODY, Caller.of("", Set.of("admin")));
        assertEquals(Caller.NOBODY, Caller.of(" ", Set.of()));
        Caller alice = Caller.of("alice", null);
        assertTrue(alice.authenticated());
        assertFalse(alice.isAdmin());
        assertEquals(Set.of(), alice.roles());
    }

    @Test
    void aCallerIsValidatedAtConstruction() {
        assertEquals("a caller's user name is not blank; NOBODY is the caller without one",
                assertThrows(IllegalArgumentException.class, () -> new Caller(" ", Set.of())).getMessage());
        assertEquals("roles belong to an authenticated user; got [admin] without one",
                assertThrows(IllegalArgumentException.class, () -> new Caller(null, Set.of("admin"))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Permission.refused(null));
        assertThrows(IllegalArgumentException.class, () -> new Permission(""));
        assertTrue(Permission.GRANTED.granted());
    }
}
