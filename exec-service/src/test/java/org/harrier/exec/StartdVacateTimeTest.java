package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * condor_vacate_job at a startd with real processes: the job gets its KillSig and then the
 * vacate time MAXVACATETIME and its own JobMaxVacateTime expression grant it, so a job that
 * traps the signal and needs a moment to save its work either finishes that or is killed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StartdVacateTimeTest {
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));
    /** On SIGTERM: a second's work, then the marker; until then it says it is ready and waits. */
    static final String TRAPS_ITS_KILL_SIG =
            "-c 'trap \"sleep 1; touch marker; exit 0\" TERM; touch ready; while :; do sleep 0.05; done'";

    @TempDir
    Path iwd;
    final LinkedBlockingQueue<RunExited> exits = new LinkedBlockingQueue<>();
    Startd startd;

    @AfterEach
    void close() {
        if (startd != null) {
            startd.close();
        }
    }

    @ParameterizedTest(name = "job_max_vacate_time = {0}: marker {1}")
    @CsvSource(delimiter = '|', value = {
            "ifThenElse(TARGET.Cpus >= 1, 45, 0)   | true",
            "ifThenElse(TARGET.Cpus >= 1, 0, 45)   | false",
            // Evaluates to undefined: 0, as HTCondor's startd takes it (and logs it).
            "TARGET.NoSuchAttribute                | false"})
    void aVacatedJobGetsTheTimeItsExpressionAsksFor(String jobMaxVacateTime, boolean marker) throws Exception {
        // The machine grants 512 s to this job (its memory times two): the job's time is the smaller.
        ExecSettings settings = ExecSettings.builder().maxVacateTime("TARGET.RequestMemory * 2")
                .usageInterval(Duration.ofMillis(50)).build();
        startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(3),
                settings.timings())
                .withPolicy(settings.policy()),
                new StartdListener() {
                    @Override
                    public void slotsChanged(PartitionableSlot slot) {
                    }

                    @Override
                    public void jobExited(RunExited exited) {
                        exits.add(exited);
                    }
                });
        ClassAd job = ClassAd.builder().set("Cmd", "/bin/sh").set("Arguments", TRAPS_ITS_KILL_SIG)
                .set("Iwd", iwd.toString()).set("Owner", "alice").set("RequestMemory", 256)
                .set("JobMaxVacateTime", Expr.parse(jobMaxVacateTime)).build();
        ClaimBook.Grant g = startd.claim(job, "harrier:scheduler:test").get();
        assertNotNull(startd.activate(g.claimId(), "7.0", job).get(), "started");
        Await.until("the job traps its kill signal", Duration.ofSeconds(20), () -> Files.exists(iwd.resolve("ready")));

        startd.vacate(g.claimId(), "7.0").get(20, TimeUnit.SECONDS);

        RunExited exited = assertInstanceOf(RunExited.class, exits.poll(40, TimeUnit.SECONDS), "an exit report");
        assertEquals("7.0", exited.jobId());
        assertEquals(marker, Files.exists(iwd.resolve("marker")),
                marker ? "the job had the time to finish its trap" : "the job was killed before it could");
    }
}
