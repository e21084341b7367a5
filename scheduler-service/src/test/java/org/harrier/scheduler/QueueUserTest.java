package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which queued jobs a user may act on: their own, or any for a queue super user. */
class QueueUserTest {
    static final JobId A0 = new JobId(1, 0);
    static final JobId A1 = new JobId(1, 1);
    static final JobId B0 = new JobId(2, 0);
    static final Map<JobId, ClassAd> ADS = Map.of(
            A0, JobAds.valid("alice").build(), A1, JobAds.valid("alice").build(), B0, JobAds.valid("bob").build());
    static final List<JobId> ALL = List.of(A0, A1, B0);

    static QueueUser user(String spec) {
        return switch (spec) {
            case "scheduler" -> QueueUser.SCHEDULER;
            case "root" -> QueueUser.superUser("root");
            default -> QueueUser.owner(spec);
        };
    }

    @ParameterizedTest(name = "{0} on {1}''s job: {2}")
    @CsvSource({
        "alice,     alice, true",
        "alice,     bob,   false",
        "Alice,     alice, false",
        "bob,       bob,   true",
        "root,      bob,   true",
        "scheduler, bob,   true",
    })
    void aUserActsOnTheirOwnJobsAndASuperUserOnAny(String who, String owner, boolean granted) {
        assertEquals(granted, user(who).mayActOn(B0, JobAds.valid(owner).build(), "Hold").granted());
    }

    @Test
    void aRefusalNamesTheJobItsOwnerAndTheRule() {
        assertEquals("Hold refused: job 2.0 belongs to bob; alice may act only on jobs whose Owner is alice"
                + " (or be a queue super user)", QueueUser.owner("alice").mayActOn(B0, ADS.get(B0), "Hold").refusal());
    }

    @Test
    void aUsersConstraintSelectsOnlyTheirOwnJobs() {
        JobSelection everything = JobSelection.of(null, "true");
        assertEquals(List.of(A0, A1), QueueUser.owner("alice").mine(everything, ALL, ADS::get, "Remove"));
        assertEquals(List.of(B0), QueueUser.owner("bob").mine(everything, ALL, ADS::get, "Remove"));
        assertEquals(List.of(), QueueUser.owner("carol").mine(everything, ALL, ADS::get, "Remove"));
        assertEquals(ALL, QueueUser.superUser("root").mine(everything, ALL, ADS::get, "Remove"));
        assertEquals(ALL, QueueUser.SCHEDULER.mine(everything, ALL, ADS::get, "Remove"));
    }

    @Test
    void aJobOrClusterOfSomeoneElsesIsRefusedWhole() {
        ScheddFailure.Refused job = assertThrows(ScheddFailure.Refused.class,
                () -> QueueUser.owner("alice").mine(JobSelection.of("2.0", null), List.of(B0), ADS::get, "Remove"));
        assertTrue(job.getMessage().startsWith("Remove refused: job 2.0 belongs to bob"), job.getMessage());
        // A cluster that is partly someone else's (a super user submitted it so) is refused whole.
        ScheddFailure.Refused mixed = assertThrows(ScheddFailure.Refused.class,
                () -> QueueUser.owner("alice").mine(JobSelection.of("1", null), ALL, ADS::get, "SetAttribute"));
        assertTrue(mixed.getMessage().startsWith("SetAttribute refused: job 2.0"), mixed.getMessage());
        assertEquals(List.of(A0, A1), QueueUser.owner("alice").mine(JobSelection.of("1", null), List.of(A0, A1), ADS::get, "Hold"));
    }

    @Test
    void onlyTheSchedulerItselfActsWithoutAName() {
        assertThrows(IllegalArgumentException.class, () -> new QueueUser(null, false));
        assertThrows(IllegalArgumentException.class, () -> QueueUser.owner(" "));
        assertFalse(QueueUser.SCHEDULER.owns(ADS.get(A0)));
        assertTrue(QueueUser.owner("alice").owns(ADS.get(A0)));
        assertFalse(QueueUser.owner("alice").owns(ClassAd.builder().setExpr("Owner", "strcat(\"ali\", \"ce\")").build()));
    }
}
