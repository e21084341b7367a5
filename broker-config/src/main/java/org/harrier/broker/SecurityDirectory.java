package org.harrier.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The broker's users and roles on disk, in the two files Artemis's properties login reads
 * ({@code artemis-users.properties}, {@code artemis-roles.properties}), and one
 * {@code USER.password} file per user this directory made a password for. The directory and
 * every file in it are readable only by the account that owns them: on a personal grid that
 * account's own commands find their password here, and no other local account can.
 *
 * <p>Passwords are stored as a one-way hash (PBKDF2, for PLAIN) and as SCRAM-SHA-512 and
 * SCRAM-SHA-256 keys ({@link StoredPasswords}); the {@code .password} files hold the clear
 * password for the clients that use it.
 *
 * <p>Thread safety: none; one command or one broker start changes a directory at a time.
 */
public final class SecurityDirectory {
    /** The personal grid's daemons: one principal holding every daemon's role. */
    public static final String SERVICE_USER = "harrier-service";
    public static final Set<String> ROLES = Set.of(Role.ADMIN, Role.CONSOLE, Role.SERVICE,
            Role.SCHEDD, Role.STARTD, Role.COLLECTOR, Role.NEGOTIATOR);
    public static final List<String> SERVICE_ROLES = List.of(Role.SERVICE, Role.SCHEDD, Role.STARTD,
            Role.COLLECTOR, Role.NEGOTIATOR);

    private static final Pattern USER_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.@-]{0,63}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Broker roles (broker.xml's security-settings) and what the daemons let each do. */
    public static final class Role {
        public static final String ADMIN = "admin";
        public static final String CONSOLE = "console";
        public static final String SERVICE = "service";
        public static final String SCHEDD = "schedd";
        public static final String STARTD = "startd";
        public static final String COLLECTOR = "collector";
        public static final String NEGOTIATOR = "negotiator";

        private Role() {
        }
    }

    private final Path dir;

    private SecurityDirectory(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    public static SecurityDirectory at(Path dir) {
        return new SecurityDirectory(dir);
    }

    /**
     * A personal grid's security: made on first use with two users and their passwords,
     * {@code owner} (the account that runs the grid, an administrator) and {@link #SERVICE_USER}
     * (its daemons). A directory that already has a users file is left as it is.
     */
    public static SecurityDirectory personal(Path dir, String owner) {
        SecurityDirectory security = new SecurityDirectory(dir);
        if (!Files.exists(security.usersFile())) {
            security.create();
            security.addUser(owner, List.of(Role.ADMIN), newPassword());
            security.addUser(SERVICE_USER, SERVICE_ROLES, newPassword());
        }
        return security;
    }

    public Path path() {
        return dir;
    }

    public Path usersFile() {
        return dir.resolve(PropertiesFileLogin.USERS);
    }

    public Path rolesFile() {
        return dir.resolve(PropertiesFileLogin.ROLES);
    }

    public Path passwordFile(String user) {
        return dir.resolve(checkUserName(user) + ".password");
    }

    /** Makes the directory (owner-only) with empty users and roles files, if they are missing. */
    public SecurityDirectory create() {
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir.getParent());
                try {
                    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } catch (FileAlreadyExistsException e) {
                    // made at the same time by another start; its permissions are checked below
                }
            }
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            if (!Files.exists(usersFile())) {
                writePrivately(usersFile(), "");
            }
            if (!Files.exists(rolesFile())) {
                writePrivately(rolesFile(), "");
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the security directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Adds {@code user} with {@code roles}, or replaces its password and roles, and writes its
     * password to {@link #passwordFile}: for the users this directory logs in as (a personal
     * grid's owner and daemons, tests). Returns the password.
     */
    public String addUser(String user, Collection<String> roles, String password) {
        putUser(user, roles, password);
        writePrivately(passwordFile(user), password + "\n");
        return password;
    }

    /**
     * Adds {@code user} with {@code roles}, or replaces its password and roles, keeping the
     * password only as the users file's hashes and SCRAM keys ({@link StoredPasswords}). A
     * {@link #passwordFile} this directory already holds for the user is rewritten, so it stays
     * the password the broker accepts. Returns whether the user is new.
     */
    public boolean putUser(String user, Collection<String> roles, String password) {
        checkUserName(user);
        for (String role : roles) {
            if (!ROLES.contains(role)) {
                throw new IllegalArgumentException("unknown role \"" + role + "\"; roles are " + new TreeSet<>(ROLES));
            }
        }
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("a password must not be empty");
        }
        create();
        Map<String, String> users = readUsers();
        boolean added = !users.containsKey(user);
        users.keySet().removeIf(key -> StoredPasswords.userOf(key).equals(user));
        users.putAll(StoredPasswords.entries(user, password));
        Map<String, Set<String>> members = readRoles();
        members.values().forEach(names -> names.remove(user));
        for (String role : roles) {
            members.computeIfAbsent(role, r -> new TreeSet<>()).add(user);
        }
        writeUsers(users);
        writeRoles(members);
        if (Files.exists(passwordFile(user))) {
            writePrivately(passwordFile(user), password + "\n");
        }
        return added;
    }

    /**
     * Removes {@code user} from the users and roles files and deletes its {@link #passwordFile}.
     * Returns false when there was no such user. Connections it already has stay open.
     */
    public boolean removeUser(String user) {
        checkUserName(user);
        if (!Files.exists(usersFile())) {
            return false;
        }
        Map<String, String> users = readUsers();
        boolean removed = users.keySet().removeIf(key -> StoredPasswords.userOf(key).equals(user));
        Map<String, Set<String>> members = readRoles();
        boolean hadRoles = members.values().stream().anyMatch(names -> names.contains(user));
        members.values().forEach(names -> names.remove(user));
        if (removed || hadRoles) {
            writeUsers(users);
            writeRoles(members);
        }
        try {
            return Files.deleteIfExists(passwordFile(user)) || removed || hadRoles;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + passwordFile(user) + ": " + e.getMessage(), e);
        }
    }

    /** One user of the users file: its roles in name order, and whether it can log in with SCRAM. */
    public record User(String name, List<String> roles, boolean scram) {
        public User {
            Objects.requireNonNull(name, "name");
            roles = List.copyOf(new TreeSet<>(roles));
        }
    }

    /** The users of the users file in name order, with the roles the roles file gives them. */
    public List<User> users() {
        if (!Files.exists(usersFile())) {
            return List.of();
        }
        Map<String, Boolean> scram = new TreeMap<>();
        for (String key : readUsers().keySet()) {
            scram.merge(StoredPasswords.userOf(key), StoredPasswords.isScramKey(key), Boolean::logicalOr);
        }
        Map<String, Set<String>> members = Files.exists(rolesFile()) ? readRoles() : Map.of();
        List<User> users = new ArrayList<>();
        scram.forEach((name, hasScram) -> {
            List<String> roles = new ArrayList<>();
            members.forEach((role, names) -> {
                if (names.contains(name)) {
                    roles.add(role);
                }
            });
            users.add(new User(name, roles, hasScram));
        });
        return users;
    }

    /** The password this directory holds for {@code user}, from its {@code .password} file. */
    public String password(String user) {
        Path file = passwordFile(user);
        try {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the password of " + user + " in " + file + ": " + e.getMessage(), e);
        }
    }

    /** 32 random bytes, URL-safe Base64: safe in a URL's user info and a properties file. */
    public static String newPassword() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static String checkUserName(String user) {
        if (user == null || !USER_NAME.matcher(user).matches()) {
            throw new IllegalArgumentException("a user name is 1-64 letters, digits, '_', '.', '@' or '-' and starts with a letter, digit or '_', got \"" + user + "\"");
        }
        return user;
    }

    private Map<String, String> readUsers() {
        Map<String, String> users = new LinkedHashMap<>();
        for (String[] entry : entries(usersFile())) {
            users.put(entry[0], entry[1]);
        }
        return users;
    }

    /** Role to users, with spaces around names ignored (Artemis's own reader keeps them). */
    private Map<String, Set<String>> readRoles() {
        Map<String, Set<String>> roles = new TreeMap<>();
        for (String[] entry : entries(rolesFile())) {
            Set<String> names = roles.computeIfAbsent(entry[0], r -> new TreeSet<>());
            for (String name : entry[1].split(",")) {
                if (!name.isBlank()) {
                    names.add(name.strip());
                }
            }
        }
        return roles;
    }

    private static List<String[]> entries(Path file) {
        List<String[]> entries = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String text = line.strip();
                int eq = text.indexOf('=');
                if (text.isEmpty() || text.startsWith("#") || text.startsWith("!") || eq <= 0) {
                    continue;
                }
                entries.add(new String[] {text.substring(0, eq).strip(), text.substring(eq + 1).strip()});
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return entries;
    }

    private void writeUsers(Map<String, String> users) {
        StringBuilder text = new StringBuilder("# Harrier broker users (harrier user add). NAME = ENC(one-way hash), NAME|SHA512 and NAME|SHA256 = ENC(SCRAM keys)\n");
        users.forEach((name, value) -> text.append(name).append(" = ").append(value).append('\n'));
        writePrivately(usersFile(), text.toString());
    }

    private void writeRoles(Map<String, Set<String>> roles) {
        StringBuilder text = new StringBuilder("# Harrier broker roles (harrier user add). ROLE = USER,USER\n");
        roles.forEach((role, names) -> {
            if (!names.isEmpty()) {
                text.append(role).append(" = ").append(String.join(",", names)).append('\n');
            }
        });
        writePrivately(rolesFile(), text.toString());
    }

    /** Writes through a temporary file made owner-only before any byte is in it, then renames. */
    static void writePrivately(Path file, String text) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
