package org.harrier.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Value;
import org.harrier.scheduler.queue.ExitReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HTCondor's job policy rules and precedence as tables: a job ad (old ClassAd syntax, one
 * attribute a line), and what the policy decides, written "none", "hold CODE/SUBCODE: reason",
 * "release: reason", "remove: reason", "complete" or "requeue: reason". A reason quotes the
 * expression as the unparser writes it ({@code is} as {@code =?=}, as HTCondor's does).
 */
class JobPolicyTest {
    static final long NOW = 1_800_000_000L;
    static final String IDLE = "JobStatus = 1\nQDate = " + (NOW - 100) + "\nEnteredCurrentStatus = " + (NOW - 100) + "\n";
    static final String RUNNING = "JobStatus = 2\nQDate = " + (NOW - 7200) + "\nEnteredCurrentStatus = " + (NOW - 3601) + "\n";
    static final String SUSPENDED = "JobStatus = 7\nQDate = " + (NOW - 100) + "\n";

    static String heldBy(int code, int subCode) {
        return "JobStatus = 5\nHoldReasonCode = " + code + "\nHoldReasonSubCode = " + subCode + "\nQDate = " + (NOW - 100) + "\n";
    }

    static Stream<Arguments> periodic() {
        return Stream.of(
                Arguments.of("a job without policy", IDLE, "none"),
                Arguments.of("condor_submit's defaults never fire", IDLE
                        + "PeriodicHold = false\nPeriodicRelease = false\nPeriodicRemove = false\nOnExitHold = false\n", "none"),
                Arguments.of("periodic_hold true", IDLE + "PeriodicHold = true",
                        "hold 3/0: The job attribute PeriodicHold expression 'true' evaluated to TRUE"),
                Arguments.of("periodic_hold with its reason and subcode", RUNNING
                        + "PeriodicHold = JobStatus == 2 && time() - EnteredCurrentStatus > 3600\n"
                        + "PeriodicHoldReason = \"Job ran for more than an hour\"\nPeriodicHoldSubCode = 42",
                        "hold 3/42: Job ran for more than an hour"),
                Arguments.of("periodic_hold reads CurrentTime as time()", RUNNING
                        + "PeriodicHold = (CurrentTime - EnteredCurrentStatus) > 3602", "none"),
                Arguments.of("periodic_hold not yet true", IDLE + "PeriodicHold = (time() - QDate) > 3600", "none"),
                Arguments.of("a held job is not held again", heldBy(3, 0) + "PeriodicHold = true", "none"),
                Arguments.of("periodic_hold holds a suspended job", SUSPENDED + "PeriodicHold = true",
                        "hold 3/0: The job attribute PeriodicHold expression 'true' evaluated to TRUE"),
                Arguments.of("periodic_release of a policy hold", heldBy(3, 42) + "PeriodicRelease = HoldReasonSubCode == 42",
                        "release: The job attribute PeriodicRelease expression 'HoldReasonSubCode == 42' evaluated to TRUE"),
                Arguments.of("periodic_release with its own reason", heldBy(6, 2)
                        + "PeriodicRelease = true\nPeriodicReleaseReason = \"try again\"", "release: try again"),
                Arguments.of("periodic_release not for this subcode", heldBy(3, 7) + "PeriodicRelease = HoldReasonSubCode == 42",
                        "none"),
                Arguments.of("periodic_release ignores a user hold (code 1)", heldBy(1, 0) + "PeriodicRelease = true", "none"),
                Arguments.of("periodic_release ignores hold = true at submit (code 15)", heldBy(15, 0) + "PeriodicRelease = true",
                        "none"),
                Arguments.of("periodic_release is not evaluated unless held", IDLE + "PeriodicRelease = true", "none"),
                Arguments.of("periodic_remove true", IDLE + "PeriodicRemove = true",
                        "remove: The job attribute PeriodicRemove expression 'true' evaluated to TRUE"),
                Arguments.of("periodic_remove of a running job", RUNNING + "PeriodicRemove = JobStatus == 2",
                        "remove: The job attribute PeriodicRemove expression 'JobStatus == 2' evaluated to TRUE"),
                Arguments.of("periodic_remove of an old job", IDLE.replace("QDate = " + (NOW - 100), "QDate = " + (NOW - 400_000))
                        + "PeriodicRemove = (time() - QDate) > (100 * 3600)",
                        "remove: The job attribute PeriodicRemove expression '(time() - QDate) > (100 * 3600)' evaluated to TRUE"),
                Arguments.of("periodic_remove removes a job the user held", heldBy(1, 0) + "PeriodicRemove = true",
                        "remove: The job attribute PeriodicRemove expression 'true' evaluated to TRUE"),
                Arguments.of("periodic_remove with its own reason", IDLE
                        + "PeriodicRemove = true\nPeriodicRemoveReason = strcat(\"queued since \", QDate)",
                        "remove: queued since " + (NOW - 100)),
                Arguments.of("hold beats remove", IDLE + "PeriodicHold = true\nPeriodicRemove = true",
                        "hold 3/0: The job attribute PeriodicHold expression 'true' evaluated to TRUE"),
                Arguments.of("a held job's release comes before its removal", heldBy(3, 0)
                        + "PeriodicRelease = true\nPeriodicRemove = true",
                        "release: The job attribute PeriodicRelease expression 'true' evaluated to TRUE"),
                Arguments.of("an undefined periodic_remove holds (code 5)", IDLE + "PeriodicRemove = NoSuchAttribute > 0",
                        "hold 5/0: The job attribute PeriodicRemove expression 'NoSuchAttribute > 0' evaluated to UNDEFINED"),
                Arguments.of("an error is undefined too", IDLE + "PeriodicHold = 1 / 0",
                        "hold 5/0: The job attribute PeriodicHold expression '1 / 0' evaluated to UNDEFINED"),
                Arguments.of("a string is not a truth value", IDLE + "PeriodicHold = \"yes\"",
                        "hold 5/0: The job attribute PeriodicHold expression '\"yes\"' evaluated to UNDEFINED"),
                Arguments.of("an undefined hold stops the walk before remove", IDLE + "PeriodicHold = Nope\nPeriodicRemove = true",
                        "hold 5/0: The job attribute PeriodicHold expression 'Nope' evaluated to UNDEFINED"),
                Arguments.of("the literal undefined is false", IDLE + "PeriodicRemove = undefined", "none"),
                Arguments.of("a real is truncated: 0.5 does not fire", IDLE + "PeriodicRemove = 0.5", "none"),
                Arguments.of("a non-zero number fires", IDLE + "PeriodicRemove = 2",
                        "remove: The job attribute PeriodicRemove expression '2' evaluated to TRUE"),
                Arguments.of("a held job stays held when its remove is undefined", heldBy(3, 0) + "PeriodicRemove = Nope", "none"),
                Arguments.of("an undefined release ends the walk (HTCondor's order)", heldBy(3, 0)
                        + "PeriodicRelease = Nope\nPeriodicRemove = true", "none"),
                Arguments.of("TimerRemove passed", IDLE + "TimerRemove = " + (NOW - 1),
                        "remove: The job attribute TimerRemove expression '" + (NOW - 1) + "' evaluated to TRUE"),
                Arguments.of("TimerRemove still ahead", IDLE + "TimerRemove = " + (NOW + 100), "none"),
                Arguments.of("TimerRemove beats periodic_hold", IDLE + "TimerRemove = 1\nPeriodicHold = true",
                        "remove: The job attribute TimerRemove expression '1' evaluated to TRUE"),
                Arguments.of("a completed job is past policy", "JobStatus = 4\nPeriodicRemove = true", "none"),
                Arguments.of("a removed job is past policy", "JobStatus = 3\nPeriodicHold = true", "none"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("periodic")
    void periodicExpressions(String what, String ad, String expected) {
        assertEquals(expected, describe(JobPolicy.periodic(ClassAd.parse(ad), NOW)));
    }

    static final String RETRIES = "JobMaxRetries = 2\nOnExitRemove = NumJobCompletions > JobMaxRetries || ExitCode is 0\n";

    static Stream<Arguments> atExit() {
        ExitReport exit0 = ExitReport.code(0);
        ExitReport exit1 = ExitReport.code(1);
        ExitReport exit3 = ExitReport.code(3);
        ExitReport segv = new ExitReport(0, true, 11, 0, 0, 1);
        ExitReport kill = new ExitReport(0, true, 9, 0, 0, 1);
        return Stream.of(
                Arguments.of("no policy: exit 0 completes", RUNNING, exit0, "complete"),
                Arguments.of("no policy: the exit code does not decide", RUNNING, exit3, "complete"),
                Arguments.of("on_exit_remove true", RUNNING + "OnExitRemove = true", exit3, "complete"),
                Arguments.of("on_exit_remove false runs the job again", RUNNING + "OnExitRemove = false", exit0,
                        "requeue: The job attribute OnExitRemove expression 'false' evaluated to FALSE"),
                Arguments.of("on_exit_remove on the exit code, success", RUNNING
                        + "OnExitRemove = (ExitBySignal == false) && (ExitCode == 0)", exit0, "complete"),
                Arguments.of("on_exit_remove on the exit code, failure", RUNNING
                        + "OnExitRemove = (ExitBySignal == false) && (ExitCode == 0)", exit3,
                        "requeue: The job attribute OnExitRemove expression '(ExitBySignal == false) && (ExitCode == 0)'"
                                + " evaluated to FALSE"),
                Arguments.of("on_exit_remove: rerun after a segfault", RUNNING
                        + "OnExitRemove = (ExitBySignal == False) || (ExitSignal != 11)", segv,
                        "requeue: The job attribute OnExitRemove expression '(ExitBySignal == false) || (ExitSignal != 11)'"
                                + " evaluated to FALSE"),
                Arguments.of("on_exit_remove: other signals leave", RUNNING
                        + "OnExitRemove = (ExitBySignal == False) || (ExitSignal != 11)", kill, "complete"),
                Arguments.of("on_exit_remove undefined holds (code 5)", RUNNING + "OnExitRemove = NoSuchAttribute == 1", exit0,
                        "hold 5/0: The job attribute OnExitRemove expression 'NoSuchAttribute == 1' evaluated to UNDEFINED"),
                Arguments.of("on_exit_remove = undefined is false: the job runs again", RUNNING + "OnExitRemove = undefined", exit0,
                        "requeue: The job attribute OnExitRemove expression 'undefined' evaluated to FALSE"),
                Arguments.of("on_exit_hold", RUNNING + "OnExitHold = ExitCode != 0", exit3,
                        "hold 3/0: The job attribute OnExitHold expression 'ExitCode != 0' evaluated to TRUE"),
                Arguments.of("on_exit_hold with its reason and subcode", RUNNING + "OnExitHold = ExitCode != 0\n"
                        + "OnExitHoldReason = strcat(\"exit \", ExitCode)\nOnExitHoldSubCode = ExitCode", exit3, "hold 3/3: exit 3"),
                Arguments.of("on_exit_hold false lets on_exit_remove decide", RUNNING
                        + "OnExitHold = ExitCode != 0\nOnExitRemove = true", exit0, "complete"),
                Arguments.of("on_exit_hold on a signal", RUNNING + "OnExitHold = ExitBySignal == true", kill,
                        "hold 3/0: The job attribute OnExitHold expression 'ExitBySignal == true' evaluated to TRUE"),
                Arguments.of("hold beats remove at exit", RUNNING + "OnExitHold = true\nOnExitRemove = false", exit0,
                        "hold 3/0: The job attribute OnExitHold expression 'true' evaluated to TRUE"),
                Arguments.of("periodic_hold beats on_exit_remove", RUNNING + "PeriodicHold = true\nOnExitRemove = true", exit0,
                        "hold 3/0: The job attribute PeriodicHold expression 'true' evaluated to TRUE"),
                Arguments.of("periodic_remove beats on_exit_hold", RUNNING + "PeriodicRemove = true\nOnExitHold = true", exit0,
                        "remove: The job attribute PeriodicRemove expression 'true' evaluated to TRUE"),
                Arguments.of("periodic_hold beats periodic_remove at exit", RUNNING
                        + "PeriodicHold = true\nPeriodicRemove = true\nOnExitRemove = false", exit0,
                        "hold 3/0: The job attribute PeriodicHold expression 'true' evaluated to TRUE"),
                Arguments.of("periodic expressions see the exit", RUNNING + "PeriodicRemove = ExitCode == 3", exit3,
                        "remove: The job attribute PeriodicRemove expression 'ExitCode == 3' evaluated to TRUE"),
                Arguments.of("max_retries: first failure retries", RUNNING + RETRIES, exit1,
                        "requeue: The job attribute OnExitRemove expression 'NumJobCompletions > JobMaxRetries || ExitCode =?= 0'"
                                + " evaluated to FALSE"),
                Arguments.of("max_retries: second failure retries", RUNNING + RETRIES + "NumJobCompletions = 1", exit1,
                        "requeue: The job attribute OnExitRemove expression 'NumJobCompletions > JobMaxRetries || ExitCode =?= 0'"
                                + " evaluated to FALSE"),
                Arguments.of("max_retries: retries used up, the job leaves", RUNNING + RETRIES + "NumJobCompletions = 2", exit1,
                        "complete"),
                Arguments.of("max_retries: success leaves at once", RUNNING + RETRIES, exit0, "complete"),
                Arguments.of("max_retries: a signal is a failure too", RUNNING + RETRIES, kill,
                        "requeue: The job attribute OnExitRemove expression 'NumJobCompletions > JobMaxRetries || ExitCode =?= 0'"
                                + " evaluated to FALSE"),
                Arguments.of("retry_until = 3 stops retrying on exit 3", RUNNING
                        + RETRIES.replace("ExitCode is 0", "ExitCode is 0 || ExitCode is 3"), exit3, "complete"),
                Arguments.of("retry_until = 3 retries other failures", RUNNING
                        + RETRIES.replace("ExitCode is 0", "ExitCode is 0 || ExitCode is 3"), exit1,
                        "requeue: The job attribute OnExitRemove expression"
                                + " 'NumJobCompletions > JobMaxRetries || ExitCode =?= 0 || ExitCode =?= 3' evaluated to FALSE"),
                Arguments.of("retry_until expression: only some codes are retried", RUNNING
                        + RETRIES.replace("ExitCode is 0", "ExitCode is 0 || !member(ExitCode, { 17, 34, 81 })"), exit3,
                        "complete"),
                Arguments.of("retry_until expression: a listed code is retried", RUNNING
                        + RETRIES.replace("ExitCode is 0", "ExitCode is 0 || !member(ExitCode, { 17, 34, 81 })"),
                        ExitReport.code(34), "requeue: The job attribute OnExitRemove expression"
                                + " 'NumJobCompletions > JobMaxRetries || ExitCode =?= 0 || !member(ExitCode,{ 17,34,81 })'"
                                + " evaluated to FALSE"),
                Arguments.of("success_exit_code = 3: exit 3 succeeds", RUNNING + "JobSuccessExitCode = 3\n"
                        + RETRIES.replace("ExitCode is 0", "ExitCode is 3"), exit3, "complete"),
                Arguments.of("success_exit_code = 3: exit 0 is a failure", RUNNING + "JobSuccessExitCode = 3\n"
                        + RETRIES.replace("ExitCode is 0", "ExitCode is 3"), exit0,
                        "requeue: The job attribute OnExitRemove expression 'NumJobCompletions > JobMaxRetries || ExitCode =?= 3'"
                                + " evaluated to FALSE"),
                Arguments.of("a user's on_exit_remove OR'ed with the retries", RUNNING
                        + RETRIES.replace("OnExitRemove = ", "OnExitRemove = (ExitCode == 2) || "), ExitReport.code(2), "complete"),
                Arguments.of("JobMaxRetries without OnExitRemove: condor_submit's expression", RUNNING + "JobMaxRetries = 1", exit1,
                        "requeue: The job attribute OnExitRemove expression 'NumJobCompletions > JobMaxRetries || ExitCode =?= 0'"
                                + " evaluated to FALSE"),
                Arguments.of("JobMaxRetries without OnExitRemove: used up", RUNNING + "JobMaxRetries = 1\nNumJobCompletions = 1",
                        exit1, "complete"),
                Arguments.of("JobMaxRetries with JobSuccessExitCode", RUNNING + "JobMaxRetries = 1\nJobSuccessExitCode = 3",
                        exit3, "complete"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("atExit")
    void exitPolicy(String what, String ad, ExitReport report, String expected) {
        assertEquals(expected, describe(JobPolicy.onExit(ClassAd.parse(ad), report, NOW)));
    }

    @Test
    void theExitPolicySeesTheExitRecordedAndCounted() {
        ClassAd job = ClassAd.parse(RUNNING + "NumJobCompletions = 2\nExitCode = 1");
        ClassAd normal = JobPolicy.atExit(job, new ExitReport(7, false, 0, 1.5, 0.25, 3));
        assertEquals(Value.of(7), normal.evaluate("ExitCode"));
        assertEquals(Value.UNDEFINED, normal.evaluate("ExitSignal"));
        assertEquals(Value.of(false), normal.evaluate("ExitBySignal"));
        assertEquals(Value.of(3), normal.evaluate("NumJobCompletions"));
        assertEquals(Value.of(1.5), normal.evaluate("RemoteUserCpu"));
        assertEquals(Value.of(2), normal.evaluate("JobStatus"), "the policy sees the job still running");
        ClassAd signalled = JobPolicy.atExit(job, new ExitReport(0, true, 9, 0, 0, 3));
        assertEquals(Value.UNDEFINED, signalled.evaluate("ExitCode"), "HTCondor defines no ExitCode after a signal");
        assertEquals(Value.of(9), signalled.evaluate("ExitSignal"));
    }

    static Stream<Arguments> policyJobs() {
        return Stream.of(
                Arguments.of("", false),
                Arguments.of("PeriodicHold = false\nPeriodicRelease = false\nPeriodicRemove = false", false),
                Arguments.of("PeriodicRemove = 0\nPeriodicHold = undefined", false),
                Arguments.of("OnExitRemove = false\nOnExitHold = true", false),
                Arguments.of("PeriodicRemove = JobStatus == 5", true),
                Arguments.of("PeriodicHold = true", true),
                Arguments.of("PeriodicRelease = HoldReasonSubCode == 42", true),
                Arguments.of("TimerRemove = 12", true));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("policyJobs")
    void onlyJobsWithAPeriodicExpressionThatCanFireAreEvaluatedEveryInterval(String attributes, boolean evaluated) {
        assertEquals(evaluated, JobPolicy.hasPeriodicPolicy(ClassAd.parse(IDLE + attributes)));
    }

    @Test
    void periodicReleaseLeavesUserHoldsAlone() {
        assertEquals(true, JobPolicy.releaseIgnores(1));
        assertEquals(true, JobPolicy.releaseIgnores(15));
        assertEquals(false, JobPolicy.releaseIgnores(3));
        assertEquals(false, JobPolicy.releaseIgnores(6));
    }

    @Test
    void theRetryExpressionIsCondorSubmits() {
        assertEquals(Expr.parse("NumJobCompletions > JobMaxRetries || ExitCode is 4"),
                JobPolicy.onExitRemove(ClassAd.parse("JobMaxRetries = 3\nJobSuccessExitCode = 4")));
    }

    static String describe(Object action) {
        if (action instanceof PolicyAction.Hold h) {
            return "hold " + h.code() + "/" + h.subCode() + ": " + h.reason();
        }
        if (action instanceof PolicyAction.Release r) {
            return "release: " + r.reason();
        }
        if (action instanceof PolicyAction.Remove r) {
            return "remove: " + r.reason();
        }
        if (action instanceof ExitAction.Requeue r) {
            return "requeue: " + r.reason();
        }
        if (action instanceof ExitAction.Complete) {
            return "complete";
        }
        return "none";
    }
}
