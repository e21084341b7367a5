package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.console.GridClient;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.grid.BrokerAddress;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkpointing test on a personal grid: a self-checkpointing shell job (it counts
 * steps in a file, exits with checkpoint_exit_code every third step, and resumes from the file)
 * is vacated twice, once by {@code harrier vacate_job} and once by {@code harrier vacate} of its
 * slot, and finishes with the right result, having resumed from its checkpoint every time.
 *
 * <p>The job waits at each step that is not a checkpoint for a file {@code go.N} from the test,
 * so the test decides where it is when it is vacated: one step past its last checkpoint, so that
 * a restart from the working directory's count (not the checkpoint) would show.
 */
@Timeout(120)
class CheckpointTest {
    static final String JOB = """
            #!/bin/sh
            n=0; [ -f count ] && n=$(cat count)
            echo "start $n" >> progress.log
            while [ $n -lt 9 ]; do
              n=$((n+1)); echo $n > count
              [ $((n % 3)) -eq 0 ] && exit 85
              while [ ! -e go.$n ]; do sleep 0.05; done
            done
            echo $n > result
            exit 0
            """;

    GridSession grid;
    Path dir;
    GridUser user;
    GridClient control;

    @BeforeEach
    void start(@TempDir Path dir) throws IOException {
        this.dir = dir;
        grid = GridSession.start(dir);
        user = grid.user();
        control = Harrier.defaultConnector().connect(BrokerAddress.parse(grid.clientUrl()));
    }

    @AfterEach
    void stop() {
        if (control != null) {
            control.close();
        }
        if (grid != null) {
            grid.close();
        }
    }

    long number(ClassAd ad, String name) {
        Value v = ad.evaluate(name);
        return v instanceof IntegerValue i ? i.value() : -1;
    }

    /** Waits until job {@code id} runs (the n-th start) and waits at step {@code step} (one past a checkpoint). */
    void awaitWaitingAt(String id, long starts, long checkpoints, int step) {
        Eventually.await("job " + id + " running start " + starts + " after checkpoint " + checkpoints
                + ", waiting at step " + step, Eventually.PATIENCE, () -> {
                    ClassAd ad = control.jobAd(id);
                    return number(ad, "JobStatus") == 2 && number(ad, "NumJobStarts") == starts
                            && number(ad, "NumCkpts") == checkpoints && count() == step;
                }, () -> control.jobAd(id).toString() + " count " + count());
    }

    int count() {
        try {
            return Integer.parseInt(Files.readString(user.workDir().resolve("count")).strip());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    void go(int... steps) {
        for (int s : steps) {
            user.write("go." + s, "");
        }
    }

    @Test
    void aCheckpointingJobVacatedTwiceFinishesWithTheRightResultHavingResumedFromItsCheckpoints() throws Exception {
        Path exe = user.write("steps.sh", JOB);
        assertTrue(exe.toFile().setExecutable(true));
        go(1, 2);
        String id = user.submit("steps.sub", """
                executable = steps.sh
                checkpoint_exit_code = 85
                transfer_checkpoint_files = count
                output = steps.out
                log = steps.log
                queue
                """) + ".0";

        awaitWaitingAt(id, 1, 1, 4);
        Run first = user.harrier("vacate_job", id);
        assertEquals(0, first.status(), first.err());
        assertEquals("Job " + id + " vacated\n", first.out());

        awaitWaitingAt(id, 2, 1, 4);
        Path spooled = dir.resolve("data/spool/" + id.replace('.', '/'));
        assertEquals("3", Files.readString(spooled.resolve("checkpoint/count")).strip(), "the checkpoint in the spool");
        go(4, 5);
        awaitWaitingAt(id, 2, 2, 7);
        String slot = ((StringValue) control.jobAd(id).evaluate("RemoteHost")).value();
        Run second = user.harrier("vacate", slot);
        assertEquals(0, second.status(), second.err());
        assertEquals("Sent vacate to " + slot + ": job " + id + " vacated\n", second.out());

        awaitWaitingAt(id, 3, 2, 7);
        go(7, 8);
        ClassAd done = control.awaitFinished(id, Eventually.PATIENCE);

        assertEquals("9", user.read("result").strip());
        assertEquals(List.of("start 0", "start 3", "start 3", "start 6", "start 6", "start 9"),
                user.read("progress.log").lines().toList(),
                "after each eviction it resumed from its checkpoint (3, 6), not from 0 nor its unsaved step (4, 7)");
        assertEquals(4, number(done, "JobStatus"));
        assertEquals(0, number(done, "ExitCode"));
        assertEquals(3, number(done, "NumJobStarts"));
        assertEquals(3, number(done, "NumCkpts"));
        assertEquals(2, number(done, "LastCheckpointSize"), "\"9\\n\"");
        assertEquals(6, number(done, "TotalCheckpointBytes"));
        assertTrue(done.evaluate("LastCheckpointDuration") instanceof org.harrier.classad.RealValue);
        Eventually.await("the job's checkpoints to leave the spool with it", () -> !Files.exists(spooled));
    }
}
