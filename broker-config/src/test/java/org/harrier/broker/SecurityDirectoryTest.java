package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.harrier.broker.SecurityDirectory.Role;
import org.harrier.broker.SecurityDirectory.User;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The users and roles files as harrier user add, list and remove change them. */
class SecurityDirectoryTest {
    private static final Pattern SCRAM_LINE = Pattern.compile("alice\\|SHA(512|256) = ENC\\([A-Za-z0-9+/=]+:4096:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+\\)");

    @TempDir
    Path dir;

    @Test
    void aUserIsStoredAsAOneWayHashAndScramKeysNeverAsItsPassword() throws Exception {
        SecurityDirectory security = SecurityDirectory.at(dir);
        assertTrue(security.putUser("alice", List.of(Role.CONSOLE), "alice-secret-pw"));
        List<String> lines = Files.readAllLines(security.usersFile()).stream().filter(l -> !l.startsWith("#")).toList();
        assertAll(() -> assertEquals(3, lines.size(), lines.toString()),
                () -> assertTrue(lines.get(0).matches("alice = ENC\\(.+\\)"), lines.get(0)),
                () -> assertTrue(SCRAM_LINE.matcher(lines.get(1)).matches(), lines.get(1)),
                () -> assertTrue(SCRAM_LINE.matcher(lines.get(2)).matches(), lines.get(2)),
                () -> assertTrue(lines.stream().noneMatch(l -> l.contains("alice-secret-pw"))),
                () -> assertFalse(Files.exists(security.passwordFile("alice")), "putUser keeps no password file"));
    }

    @Test
    void addingAUserAgainReplacesItsPasswordAndRolesAndAPasswordFileKeptHere() throws Exception {
        SecurityDirectory security = SecurityDirectory.at(dir);
        security.addUser("harrier-service", SecurityDirectory.SERVICE_ROLES, "old-pw");
        assertFalse(security.putUser("harrier-service", List.of(Role.SERVICE), "new-pw"));
        assertAll(() -> assertEquals("new-pw", security.password("harrier-service")),
                () -> assertEquals(List.of(new User("harrier-service", List.of("service"), true)), security.users()),
                () -> assertEquals(3, Files.readAllLines(security.usersFile()).stream().filter(l -> l.startsWith("harrier-service")).count()));
    }

    @Test
    void usersAreListedInNameOrderWithTheirRolesAndWhetherTheyHaveScramKeys() throws Exception {
        SecurityDirectory security = SecurityDirectory.at(dir);
        security.putUser("zed", List.of(Role.SERVICE, Role.SCHEDD), "z");
        security.putUser("alice", List.of(Role.CONSOLE), "a");
        Files.writeString(security.usersFile(), "old = ENC(a-hash-from-before-scram)\n", java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(security.rolesFile(), "admin = old , alice\n", java.nio.file.StandardOpenOption.APPEND);
        assertEquals(List.of(new User("alice", List.of("admin", "console"), true), new User("old", List.of("admin"), false),
                new User("zed", List.of("schedd", "service"), true)), security.users());
    }

    @Test
    void removingAUserTakesAllItsLinesRolesAndPasswordFile() throws Exception {
        SecurityDirectory security = SecurityDirectory.at(dir);
        security.addUser("alice", List.of(Role.CONSOLE, Role.ADMIN), "a");
        security.putUser("bob", List.of(Role.CONSOLE), "b");
        assertTrue(security.removeUser("alice"));
        assertAll(() -> assertEquals(List.of(new User("bob", List.of("console"), true)), security.users()),
                () -> assertFalse(Files.readString(security.usersFile()).contains("alice")),
                () -> assertFalse(Files.readString(security.rolesFile()).contains("alice")),
                () -> assertFalse(Files.exists(security.passwordFile("alice"))),
                () -> assertFalse(security.removeUser("alice"), "nothing left to remove"));
    }

    @Test
    void unknownRolesAndBadNamesAreRefusedBeforeAnythingIsWritten() {
        SecurityDirectory security = SecurityDirectory.at(dir.resolve("security"));
        IllegalArgumentException role = assertThrows(IllegalArgumentException.class,
                () -> security.putUser("alice", List.of("root"), "pw"));
        IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
                () -> security.putUser("alice|SHA512", List.of(Role.CONSOLE), "pw"));
        assertAll(() -> assertEquals("unknown role \"root\"; roles are [admin, collector, console, negotiator, schedd, service, startd]",
                        role.getMessage()),
                () -> assertTrue(name.getMessage().startsWith("a user name is 1-64 letters"), name.getMessage()),
                () -> assertFalse(Files.exists(security.path())));
    }
}
