package org.harrier.scheduler.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.harrier.scheduler.userlog.LogAppender;
import org.harrier.scheduler.userlog.UserLogEntry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A root scheduler hands the files it creates in a submitter's directories to the job's Owner:
 * who counts (a table), and with a real account made by useradd, the user log and a transferred
 * output with its new directory. The real part runs only as root (as CI does).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OwnerFilesTest {
    static final String NAME = "hrunas5";
    static final Map<String, OwnerFiles.Owner> HOST = Map.of(
            "alice", new OwnerFiles.Owner("alice", 1001, 1001),
            "root", new OwnerFiles.Owner("root", 0, 0),
            "daemon", new OwnerFiles.Owner("daemon", 1, 1),
            "wheelie", new OwnerFiles.Owner("wheelie", 1002, 0));
    static OwnerFiles.Owner account;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "root {0}, Owner {1}: handed to {2}")
    @CsvSource(delimiter = '|', textBlock = """
            true  | alice   | alice
            false | alice   | ''
            true  | root    | ''
            true  | daemon  | ''
            true  | wheelie | ''
            true  | mallory | ''
            true  | -rf     | ''
            true  | ''      | ''
            """)
    void filesGoToAnOwnerWithANormalAccountAndOnlyFromARootScheduler(boolean root, String owner, String to) {
        OwnerFiles files = new OwnerFiles(root, name -> Optional.ofNullable(HOST.get(name)));
        assertEquals(to, files.accountOf(owner).map(OwnerFiles.Owner::name).orElse(""));
    }

    @BeforeAll
    static void makeAccount() throws Exception {
        if (!root()) {
            return;
        }
        run("userdel", "-r", "-f", NAME);
        assertEquals(0, run("useradd", "-m", "-U", "-s", "/bin/sh", NAME));
        account = OwnerFiles.detect().accountOf(NAME).orElseThrow();
    }

    @AfterAll
    static void removeAccount() throws Exception {
        if (account != null) {
            run("userdel", "-r", "-f", NAME);
        }
    }

    static boolean root() throws IOException {
        return Files.readString(Path.of("/proc/self/status")).lines().filter(l -> l.startsWith("Uid:"))
                .anyMatch(l -> l.substring(4).trim().split("\\s+")[1].equals("0"));
    }

    static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor();
    }

    Path ownersDir() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        Path iwd = Files.createDirectory(dir.resolve("iwd"));
        Files.setAttribute(iwd, "unix:uid", account.uid());
        Files.setAttribute(iwd, "unix:gid", account.gid());
        return iwd;
    }

    static int owner(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void aUserLogTheSchedulerCreatesInTheOwnersDirectoryIsTheOwners() throws IOException {
        assumeTrue(account != null, "only root hands files over");
        Path iwd = ownersDir();
        LogAppender appender = new LogAppender(Runnable::run);
        appender.append(new UserLogEntry(iwd.resolve("job.log"), "000 (001.000.000) submitted\n...\n", NAME));
        assertEquals(account.uid(), owner(iwd.resolve("job.log")));
        assertEquals(account.gid(), (Integer) Files.getAttribute(iwd.resolve("job.log"), "unix:gid"));
        appender.append(new UserLogEntry(dir.resolve("root.log"), "000\n...\n", NAME));
        assertEquals(0, owner(dir.resolve("root.log")), "not in the Owner's directory: stays root's");
        appender.append(new UserLogEntry(iwd.resolve("root-job.log"), "000\n...\n", "root"));
        assertEquals(0, owner(iwd.resolve("root-job.log")), "root's job: as created");
    }

    @Test
    void anOutputAndTheDirectoryMadeForItAreTheOwnersOnceMovedIntoPlace() throws IOException {
        assumeTrue(account != null, "only root hands files over");
        Path iwd = ownersDir();
        java.util.function.Consumer<Path> made = p -> OwnerFiles.hand(p, account);
        Path target = DirectoryTree.forWriting(new TransferNames.Target(iwd, "results/r.csv"), made);
        OpenFile f = OpenFile.output(target, "t1", made);
        byte[] data = "1,2\n".getBytes(StandardCharsets.UTF_8);
        f.write(0, data);
        f.finish(new Sha256Of(data).hex());
        assertEquals(account.uid(), owner(iwd.resolve("results")));
        assertEquals(account.uid(), owner(iwd.resolve("results/r.csv")));
    }

    @Test
    void aDirectoryReachedThroughALinkToSomeoneElsesGetsNothing() throws IOException {
        assumeTrue(account != null, "only root hands files over");
        Path iwd = ownersDir();
        Path rootsDir = Files.createDirectory(dir.resolve("roots"));
        Files.createSymbolicLink(iwd.resolve("elsewhere"), rootsDir);
        Path file = Files.writeString(iwd.resolve("elsewhere").resolve("x"), "x");
        OwnerFiles.hand(file, account);
        assertEquals(0, owner(rootsDir.resolve("x")));
    }

    /** The hex SHA-256 the starter would send. */
    record Sha256Of(byte[] data) {
        String hex() {
            try {
                return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(data));
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
