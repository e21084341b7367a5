package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.run.account.Accounts;
import org.harrier.exec.run.account.JobAccounts;
import org.harrier.exec.run.account.RunAsPolicy;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The twin of {@link StartdRunAsTest} for an execute node that is not root: whatever the Owner,
 * and with the accounts detected as the service does, every job runs as the startd's own
 * account, as before accounts were switched. Runs only when not root.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdOwnAccountTest {
    @org.junit.jupiter.api.io.TempDir
    Path iwd;
    Startd startd;
    final LinkedBlockingQueue<RunExited> exits = new LinkedBlockingQueue<>();

    @BeforeEach
    void start() {
        assumeFalse(Accounts.root(), "a root startd switches accounts (StartdRunAsTest)");
        startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", Machine.of("node", new Resources(2, 1024, 100000)),
                Expr.parse("TRUE"), 0), ClaimIds.seeded(7), ExecSettings.builder().build().timings())
                .withAccounts(JobAccounts.detect(RunAsPolicy.DEFAULT)), new StartdListener() {
                    @Override
                    public void slotsChanged(PartitionableSlot slot) {
                    }

                    @Override
                    public void jobExited(RunExited exited) {
                        exits.add(exited);
                    }
                });
    }

    @AfterEach
    void close() {
        if (startd != null) {
            startd.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"root", "nobody", "hrunas-ghost"})
    void everyJobRunsAsTheStartdsOwnAccount(String owner) throws Exception {
        ClassAd job = ClassAd.builder().set("Owner", owner).set("Iwd", iwd.toString()).set("Cmd", "/usr/bin/id")
                .set("Arguments", "-u").set("Out", "out").set("RequestMemory", 128).build();
        String claim = startd.claim(job, "harrier:scheduler:test").get(10, TimeUnit.SECONDS).claimId();
        startd.activate(claim, "1.0", job).get(10, TimeUnit.SECONDS);
        RunExited exit = assertInstanceOf(RunExited.class, exits.poll(20, TimeUnit.SECONDS));
        assertEquals(0, exit.exitCode(), exit.holdReason());
        Process id = new ProcessBuilder("id", "-u").start();
        String me = new String(id.getInputStream().readAllBytes()).strip();
        assertEquals(me, Files.readString(iwd.resolve("out")).strip());
    }
}
