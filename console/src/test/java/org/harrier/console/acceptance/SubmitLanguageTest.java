package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.harrier.console.Run;
import org.harrier.bus.Bus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTCondor's submit language on a real personal grid: one file with several forms of the queue
 * statement becomes one cluster whose procs each run with their own item, seen in the files
 * the jobs write; a job submitted with {@code hold = true} waits Held with condor_submit's
 * hold code.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class SubmitLanguageTest {
    private GridSession grid;
    private Bus bus;
    private GridUser user;

    @BeforeAll
    void startGrid(@TempDir Path dir) throws IOException {
        grid = GridSession.start(dir);
        bus = grid.bus();
        user = grid.user();
    }

    @AfterAll
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    @Test
    void everyQueueFormOfOneFileRunsItsOwnJobs() throws Exception {
        user.write("red.dat", "red\n");
        user.write("blue.dat", "blue\n");
        user.write("notes.txt", "not matched\n");
        try (JobIndications jobs = new JobIndications(bus.console())) {
            long cluster = user.submit("forms.sub", """
                    executable = /bin/sh
                    output     = out.$(Process)
                    arguments  = "-c 'echo in $(Item) $(ItemIndex) $(Step)'"
                    queue 2 in (alpha, beta)
                    arguments  = "-c 'echo from $(word) $(n)'"
                    queue word, n from (
                      one 1
                      two 2
                    )
                    arguments  = "-c 'echo matching $(Item): $(DOLLAR)(cat $(Item))'"
                    queue matching files *.dat
                    """);
            List<String> outputs = new ArrayList<>();
            for (int proc = 0; proc < 8; proc++) {
                jobs.awaitLeft(cluster + "." + proc);
                outputs.add(user.read("out." + proc).strip());
            }
            assertEquals(List.of("in alpha 0 0", "in alpha 0 1", "in beta 1 0", "in beta 1 1", "from one 1",
                    "from two 2", "matching blue.dat: blue", "matching red.dat: red"), outputs);
        }
    }

    @Test
    void holdTrueQueuesTheJobHeldWithCondorSubmitsHoldCode() {
        long cluster = user.submit("held.sub", "executable = /bin/true\nhold = true\nqueue\n");
        Run q = user.harrier("q", "--json", Long.toString(cluster));
        assertEquals(0, q.status(), q.err());
        JsonNode job = GridUser.json(q).get(0);
        assertEquals(5, job.get("JobStatus").asInt(), job::toString);
        assertEquals(15, job.get("HoldReasonCode").asInt(), job::toString);
        assertEquals("submitted on hold at user's request", job.get("HoldReason").asText(), job::toString);
    }
}
