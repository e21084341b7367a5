package org.harrier.exec.run.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Looking accounts up on this host (real getent) and reading passwd lines. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AccountsTest {
    @Test
    void aPasswdLineIsTheAccountItNames() {
        assertEquals(Optional.of(new LocalAccount("alice", 1001, 100, Path.of("/home/alice"))),
                Accounts.parse("alice:x:1001:100:Alice,,,:/home/alice:/bin/bash", "alice"));
        assertEquals(Optional.of(new LocalAccount("bob", 1002, 1002, Path.of("/"))),
                Accounts.parse("bob:x:1002:1002:::/bin/sh", "bob"), "no home: /");
    }

    @Test
    void anEntryFoundByItsUidInsteadOfItsNameIsNotTheAccountAskedFor() {
        assertEquals(Optional.empty(), Accounts.parse("root:x:0:0:root:/root:/bin/bash", "0"));
    }

    @Test
    void aBrokenLineIsNoAccount() {
        assertEquals(Optional.empty(), Accounts.parse("alice:x:lots:100::/home/alice:/bin/sh", "alice"));
        assertEquals(Optional.empty(), Accounts.parse("alice:x:1001", "alice"));
        assertEquals(Optional.empty(), Accounts.parse("", "alice"));
    }

    @Test
    void theHostsAccountsAreFoundByName() {
        assertEquals(0, Accounts.named("root").orElseThrow().uid());
        assertEquals(Optional.empty(), Accounts.named("hrunas-no-such-account"));
        assertEquals(Optional.empty(), Accounts.named("0"), "a uid is not a name");
        assertEquals(Optional.empty(), Accounts.named("-x"), "never passed to getent");
    }

    @Test
    void rootIsWhatIdSays() throws Exception {
        Process id = new ProcessBuilder("id", "-u").start();
        String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        id.waitFor();
        assertEquals(uid.equals("0"), Accounts.root());
    }

    @Test
    void anAccountIsValidatedAtConstruction() {
        assertThrows(IllegalArgumentException.class, () -> new LocalAccount("a b", 1, 1, Path.of("/")));
        assertThrows(IllegalArgumentException.class, () -> new LocalAccount("a", -1, 1, Path.of("/")));
    }
}
