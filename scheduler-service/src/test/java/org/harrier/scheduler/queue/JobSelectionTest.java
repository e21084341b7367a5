package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.harrier.classad.EvalContext;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JobSelectionTest {
    static final long NOW = 1_000_000;
    final EvalContext context = EvalContext.create(Clock.fixed(Instant.ofEpochSecond(NOW + 100), ZoneOffset.UTC), 0);
    final JobQueue queue = new JobQueue();

    @BeforeEach
    void threeClusters() {
        queue.apply(SubmissionTest.SUBMISSION.decide(SubmissionTest.valid().build(), 3, null, 1, NOW));
        queue.apply(SubmissionTest.SUBMISSION.decide(SubmissionTest.valid().set("Owner", "bob").build(), 2, null, 2, NOW));
        queue.apply(SubmissionTest.SUBMISSION.decide(SubmissionTest.valid().set("JobStatus", 5).build(), 1, null, 3, NOW));
    }

    static List<String> ids(List<JobId> ids) {
        return ids.stream().map(JobId::toString).toList();
    }

    @ParameterizedTest(name = "Id {0} / Constraint {1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            "1.1 | - | 1.1",
            "2   | - | 2.0 2.1",
            "9.0 | - | ''",
            "9   | - | ''",
            "-   | Owner == \"bob\" | 2.0 2.1",
            "-   | JobStatus == 5 | 3.0",
            "-   | ProcId > 0 && Owner == \"alice\" | 1.1 1.2",
            "-   | time() - QDate == 100 | 1.0 1.1 1.2 2.0 2.1 3.0",
            "-   | 1 | 1.0 1.1 1.2 2.0 2.1 3.0",
            "-   | NoSuchAttribute == 3 | ''",
            "-   | \"text\" | ''"})
    void aSelectionNamesTheQueuedJobsItsIdOrConstraintSelects(String id, String constraint, String expected) {
        List<String> want = expected.isEmpty() ? List.of() : List.of(expected.split(" "));
        assertEquals(want, ids(JobSelection.of(id, constraint).in(queue, context)));
    }

    @ParameterizedTest(name = "Id {0} / Constraint {1}: {2}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            "1.0 | true | give Id or Constraint, not both",
            "-   | -    | give Id (a job cluster.proc or a cluster) or Constraint (a ClassAd expression)",
            "x.y | -    | job id must be cluster.proc, got 'x.y'",
            "0   | -    | job id '0' is out of range",
            "-   | Owner == | Constraint is not a valid ClassAd expression",
            "-   | '  ' | Constraint is empty"})
    void aBadSelectionIsABadParameter(String id, String constraint, String message) {
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> JobSelection.of(id, constraint));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void selectionsDescribeThemselvesForMessages() {
        assertEquals("job 1.0", JobSelection.of("1.0", null).describe());
        assertEquals("cluster 12", JobSelection.of("12", null).describe());
        assertEquals("Owner == \"bob\"", JobSelection.of(null, "Owner==\"bob\"").describe());
    }
}
