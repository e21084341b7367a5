package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.harrier.broker.SecurityDirectory;
import org.harrier.console.Run;
import org.harrier.console.grid.PersonalGrid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user let into a root personal grid (harrier user add) whose name is a local account: the job
 * it submits is its own, whatever the submit file says, and runs with its uid, not root's. Needs
 * root to make the account (CI runs as root); elsewhere the test is skipped, and the decision
 * itself is GridOwnerAccountsTest's and StartdRunAsTest's.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class JobAccountsTest {
    private static final String ACCOUNT = "hjobacct1";

    @TempDir
    Path dir;

    @BeforeEach
    void makeTheAccount() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "making a local account needs root");
        run("userdel", "-r", "-f", ACCOUNT);
        assumeTrue(run("useradd", "-m", "-U", "-s", "/bin/sh", ACCOUNT) == 0, "useradd is not available here");
        // The job's account must reach its sandbox under the grid's data directory.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterEach
    void removeTheAccount() throws Exception {
        run("userdel", "-r", "-f", ACCOUNT);
    }

    @Test
    void aUsersJobRunsWithItsOwnUidAndIsItsOwn() throws Exception {
        try (PersonalGrid grid = PersonalGrid.start(new PersonalGrid.Settings(dir.resolve("data"), 0, Duration.ofSeconds(1)))) {
            String password = SecurityDirectory.newPassword();
            SecurityDirectory.at(dir.resolve("data/security")).addUser(ACCOUNT, List.of(SecurityDirectory.Role.CONSOLE), password);
            Path home = Files.createDirectories(dir.resolve("home"));
            run("chown", ACCOUNT + ":" + ACCOUNT, home.toString());
            String url = grid.url().replace("amqp://", "amqp://" + ACCOUNT + ":" + password + "@");
            GridUser user = new GridUser(url, home);

            long cluster = user.submit("id.sub", "executable = /usr/bin/id\narguments = -u\noutput = id.out\n"
                    + "queue\n");
            Run waited = user.harrier("wait", cluster + ".0", "--timeout", "90");
            assertEquals(0, waited.status(), waited.err());

            String uid = new String(new ProcessBuilder("id", "-u", ACCOUNT).start().getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8).strip();
            assertEquals(uid, user.read("id.out").strip(), "the job's uid");
            Run owner = user.harrier("history", Long.toString(cluster), "-af", "Owner");
            assertEquals(ACCOUNT, owner.out().strip(), owner.err());
        }
    }

    private static int run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
