package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Hostile and broken job ads through the scheduler: each refused with one clear sentence, nothing
 * queued or changed (no job, no event, no cluster id used up), and the scheduler serving the next
 * request as before.
 */
class HostileJobAdsTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "a 10 MiB attribute      | the ad has attribute Big of 10485763 bytes (name and value); an attribute may have at most 1048576 (MAX_JOB_ATTRIBUTE_SIZE)",
        "100,000 attributes      | the ad has 100000 attributes; a job may have at most 1000 (MAX_JOB_ATTRIBUTES)",
        "a relative Iwd          | the ad has Iwd = \"tmp\"; it must be an absolute path",
        "a newline in Cmd        | the ad has Cmd = \"/bin/true\\n/bin/rm\"; it must not contain control characters (U+000A at 9)",
        "an integer Requirements | the ad has Requirements = 1; it must be an expression that can be true or false, such as true or TARGET.Memory >= 1024",
        "JobUniverse 42          | the ad has JobUniverse = 42; HTCondor's universes are 1 to 13 (5 vanilla, 12 local)",
    })
    void aBrokenSubmissionIsRefusedAndQueuesNothing(String which, String refusal) {
        ClassAd ad = switch (which.trim()) {
            case "a 10 MiB attribute" -> JobAds.valid().set("Big", "x".repeat(10 << 20)).build();
            case "100,000 attributes" -> manyAttributes(100_000);
            case "a relative Iwd" -> JobAds.valid().set("Iwd", "tmp").build();
            case "a newline in Cmd" -> JobAds.valid().set("Cmd", "/bin/true\n/bin/rm").build();
            case "an integer Requirements" -> JobAds.valid().set("Requirements", 1).build();
            default -> JobAds.valid().set("JobUniverse", 42).build();
        };
        ScheddFailure refused = failure(schedd.submit(ad));
        assertAll(() -> assertInstanceOf(ScheddFailure.Invalid.class, refused),
                () -> assertEquals(refusal, refused.getMessage()),
                () -> assertEquals(List.of(), events.jobs, "nothing was queued"),
                () -> assertEquals(0, await(schedd.statistics()).totalJobAds()));
        assertEquals(J0, submit(JobAds.valid().build()), "the next submission is served, as cluster 1");
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "Iwd          | \"relative\" | SetAttribute of Iwd: job 1.0 then has Iwd = \"relative\"; it must be an absolute path",
        "Requirements | 42           | SetAttribute of Requirements: job 1.0 then has Requirements = 42; it must be an expression that can be true or false, such as true or TARGET.Memory >= 1024",
        "Cmd          | \"a\\tb\"    | SetAttribute of Cmd: job 1.0 then has Cmd = \"a\\tb\"; it must not contain control characters (U+0009 at 1)",
    })
    void aBrokenEditIsRefusedAndChangesNothing(String name, String value, String refusal) {
        submit(JobAds.valid().build());
        ClassAd before = await(schedd.ad(J0));
        int events = this.events.jobs.size();
        ScheddFailure refused = failure(schedd.setAttribute(JobSelection.of("1.0", null), name, value, QueueUser.SCHEDULER));
        assertAll(() -> assertEquals(refusal, refused.getMessage()),
                () -> assertEquals(before, await(schedd.ad(J0)), "the job is as it was"),
                () -> assertEquals(events, this.events.jobs.size(), "no change was published"));
        await(schedd.setAttribute(JobSelection.of("1.0", null), "Note", "\"fine\"", QueueUser.SCHEDULER));
        assertEquals(Expr.parse("\"fine\""), await(schedd.ad(J0)).lookup("Note"), "the next edit is served");
    }

    @Test
    void aHugeSetAttributeValueIsRefusedBeforeItIsParsed() {
        submit(JobAds.valid().build());
        ScheddFailure refused = failure(schedd.setAttribute(JobSelection.of("1.0", null), "Note",
                "\"" + "x".repeat(2 << 20) + "\"", QueueUser.SCHEDULER));
        assertTrue(refused.getMessage().startsWith("SetAttribute has attribute Note of 2097158 bytes"), refused.getMessage());
        assertEquals(null, await(schedd.ad(J0)).lookup("Note"));
    }

    private static ClassAd manyAttributes(int n) {
        ClassAd.Builder ad = JobAds.valid();
        for (int i = 0; ad.size() < n; i++) {
            ad.set("A" + i, i);
        }
        return ad.build();
    }
}
