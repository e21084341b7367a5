package org.harrier.exec.run.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which account a job runs as, every branch of the decision, over a table of accounts. */
class RunAsPolicyTest {
    static final Map<String, LocalAccount> HOST = Map.of(
            "alice", new LocalAccount("alice", 1001, 1001, Path.of("/home/alice")),
            "root", new LocalAccount("root", 0, 0, Path.of("/root")),
            "daemon", new LocalAccount("daemon", 1, 1, Path.of("/usr/sbin")),
            "wheelie", new LocalAccount("wheelie", 1002, 0, Path.of("/home/wheelie")),
            "nobody", new LocalAccount("nobody", 65534, 65534, Path.of("/nonexistent")),
            "slotuser", new LocalAccount("slotuser", 2000, 2000, Path.of("/home/slotuser")));
    static final Function<String, Optional<LocalAccount>> ACCOUNTS = name -> Optional.ofNullable(HOST.get(name));

    static ClassAd owned(String owner) {
        return ClassAd.builder().set("Owner", owner).build();
    }

    /** Who the job runs as: "startd", "refused", or the account's name. */
    static String who(RunAs as) {
        if (as instanceof RunAs.User u) {
            return u.account().name();
        }
        return as instanceof RunAs.Refused ? "refused" : "startd";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a node that is not root runs even root's job as itself              | false | root    | TRUE                    | nobody   | 1000 | startd
            a node that is not root runs an existing owner's job as itself      | false | alice   | TRUE                    | nobody   | 1000 | startd
            root runs a normal owner's job as the owner                         | true  | alice   | TRUE                    | nobody   | 1000 | alice
            root runs root's job as the slot user                               | true  | root    | TRUE                    | nobody   | 1000 | nobody
            root runs a system account's job (uid below MIN_UID) as the slot user | true | daemon | TRUE                    | nobody   | 1000 | nobody
            root runs the job of an owner whose group is root as the slot user  | true  | wheelie | TRUE                    | nobody   | 1000 | nobody
            root runs the job of an owner with no account here as the slot user | true  | mallory | TRUE                    | nobody   | 1000 | nobody
            root runs the job of an owner that is no account name as the slot user | true | ../etc | TRUE                   | nobody   | 1000 | nobody
            a higher MIN_UID sends a normal owner to the slot user              | true  | alice   | TRUE                    | nobody   | 1500 | nobody
            STARTER_ALLOW_RUNAS_OWNER false runs the job as the slot user       | true  | alice   | FALSE                   | nobody   | 1000 | nobody
            STARTER_ALLOW_RUNAS_OWNER is evaluated with the job as TARGET       | true  | alice   | TARGET.Owner != "alice" | nobody   | 1000 | nobody
            STARTER_ALLOW_RUNAS_OWNER true for this job lets it run as its owner | true | alice   | TARGET.Owner == "alice" | nobody   | 1000 | alice
            STARTER_ALLOW_RUNAS_OWNER undefined is not true                     | true  | alice   | TARGET.NoSuch           | nobody   | 1000 | nobody
            another SLOT_USER is used when the owner cannot be                  | true  | root    | TRUE                    | slotuser | 1000 | slotuser
            no owner and a slot user without an account: refused               | true  | root    | TRUE                    | ghost    | 1000 | refused
            a slot user that is root is refused too                             | true  | root    | TRUE                    | root     | 1000 | refused
            a slot user below MIN_UID is refused too                            | true  | mallory | TRUE                    | daemon   | 1000 | refused
            a slot user whose group is root is refused too                      | true  | mallory | TRUE                    | wheelie  | 1000 | refused
            a slot user below a raised MIN_UID is refused                       | true  | root    | TRUE                    | slotuser | 3000 | refused
            """)
    void theAccountAJobRunsAs(String rule, boolean root, String owner, String allow, String slotUser, int minUid,
            String expected) {
        RunAsPolicy policy = RunAsPolicy.of(allow, slotUser, minUid);
        assertEquals(expected, who(policy.decide(root, owned(owner), ACCOUNTS)), rule);
    }

    @Test
    void aJobWithoutAnOwnerRunsAsTheSlotUser() {
        RunAs as = RunAsPolicy.DEFAULT.decide(true, ClassAd.EMPTY, ACCOUNTS);
        assertEquals("nobody", who(as));
        assertTrue(as.why().contains("no Owner"), as.why());
    }

    @Test
    void theJobsOwnRunAsOwnerFalseKeepsItOffItsOwnersAccount() {
        ClassAd job = ClassAd.builder().set("Owner", "alice").set("RunAsOwner", false).build();
        assertEquals("nobody", who(RunAsPolicy.DEFAULT.decide(true, job, ACCOUNTS)));
        ClassAd yes = ClassAd.builder().set("Owner", "alice").set("RunAsOwner", true).build();
        assertEquals("alice", who(RunAsPolicy.DEFAULT.decide(true, yes, ACCOUNTS)));
    }

    @Test
    void aRefusalNamesWhyNeitherTheOwnerNorTheSlotUserWouldDo() {
        RunAs as = RunAsPolicy.of("TRUE", "ghost", 1000).decide(true, owned("root"), ACCOUNTS);
        RunAs.Refused r = assertInstanceOf(RunAs.Refused.class, as);
        assertEquals("the job may not run as its Owner (its Owner root is root) nor as SLOT_USER ghost has no account"
                + " here", r.why());
    }

    @Test
    void theSlotUserSaysWhyTheOwnerWasNotUsed() {
        RunAs as = RunAsPolicy.DEFAULT.decide(true, owned("daemon"), ACCOUNTS);
        assertEquals("SLOT_USER, since its Owner daemon has uid 1, below MIN_UID 1000", as.why());
    }

    @Test
    void aNameThatIsNoAccountNameIsNeverLookedUp() {
        List<String> asked = new ArrayList<>();
        RunAsPolicy.DEFAULT.decide(true, owned("-rf"), name -> {
            asked.add(name);
            return ACCOUNTS.apply(name);
        });
        assertEquals(List.of("nobody"), asked);
    }

    @Test
    void aNodeThatIsNotRootLooksNothingUp() {
        RunAsPolicy.DEFAULT.decide(false, owned("alice"), name -> {
            throw new AssertionError("looked up " + name);
        });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            alice      | true
            a.b_c-d    | true
            machine$   | true
            _svc       | true
            -rf        | false
            ../etc     | false
            a b        | false
            ''         | false
            thirty-three-characters-long-name | false
            """)
    void accountNames(String name, boolean valid) {
        assertEquals(valid, RunAsPolicy.validName(name));
    }

    @Test
    void theKnobsAreReadFromConfigurationTextAndABadOneIsNamed() {
        RunAsPolicy p = RunAsPolicy.DEFAULT.with("SLOT_USER", " slotuser ").with("min_uid", "500")
                .with("STARTER_ALLOW_RUNAS_OWNER", "FALSE");
        assertEquals("slotuser", p.slotUser());
        assertEquals(500, p.minUid());
        assertFalse(who(p.decide(true, owned("alice"), ACCOUNTS)).equals("alice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.with("MIN_UID", "lots")).getMessage()
                .startsWith("MIN_UID must be a whole number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.with("MIN_UID", "0")).getMessage()
                .startsWith("MIN_UID must be at least 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.with("SLOT_USER", "a b")).getMessage()
                .startsWith("SLOT_USER must be an account name"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.with("STARTER_ALLOW_RUNAS_OWNER", "(("))
                .getMessage().startsWith("STARTER_ALLOW_RUNAS_OWNER is not a ClassAd expression"));
        assertThrows(IllegalArgumentException.class, () -> p.with("SLOT1_USER", "x"));
    }
}
