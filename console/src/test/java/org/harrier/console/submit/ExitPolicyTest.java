package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Syntax;
import org.harrier.classad.Value;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * What the OnExitRemove condor_submit builds from the retry commands decides, evaluated as the
 * schedd evaluates it after an exit: with the job's ExitCode, ExitBySignal and
 * NumJobCompletions (exits so far, this one included). True: the job leaves the queue; false:
 * it runs again.
 */
class ExitPolicyTest {
    @ParameterizedTest(name = "max_retries={0} success_exit_code={1} retry_until={2} on_exit_remove={3}:"
            + " exit {4} after {5} exits -> leaves {6}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        // no retry commands: the user's on_exit_remove (default true) alone decides
        "-  | -  | -                | -                     | 1  | 1 | true",
        "-  | -  | -                | ExitCode == 0         | 1  | 1 | false",
        // max_retries = 2: a failure reruns until the third exit
        "2  | -  | -                | -                     | 0  | 1 | true",
        "2  | -  | -                | -                     | 1  | 1 | false",
        "2  | -  | -                | -                     | 1  | 2 | false",
        "2  | -  | -                | -                     | 1  | 3 | true",
        // success_exit_code alone: success is that code, DEFAULT_JOB_MAX_RETRIES (2) retries
        "-  | 3  | -                | -                     | 3  | 1 | true",
        "-  | 3  | -                | -                     | 0  | 1 | false",
        "-  | 3  | -                | -                     | 0  | 3 | true",
        // retry_until: an exit code or an expression that stops retrying
        "5  | -  | 17               | -                     | 17 | 1 | true",
        "5  | -  | 17               | -                     | 16 | 1 | false",
        "5  | -  | ExitCode > 100   | -                     | 101| 1 | true",
        // the user's on_exit_remove is OR-ed in
        "5  | -  | -                | ExitCode == 9         | 9  | 1 | true",
        "5  | -  | -                | ExitCode == 9         | 8  | 1 | false",
    })
    void onExitRemoveDecidesWhetherAFailedJobRunsAgain(Long maxRetries, Long success, String retryUntil,
                                                      String onExitRemove, long exitCode, long completions,
                                                      boolean leaves) {
        ExitPolicy p = ExitPolicy.of(expr(onExitRemove), null, maxRetries, success, expr(retryUntil));
        ClassAd.Builder job = ClassAd.builder().set("OnExitRemove", p.onExitRemove()).set("ExitCode", exitCode)
                .set("ExitBySignal", false).set("NumJobCompletions", completions);
        if (p.maxRetries() != null) {
            job.set("JobMaxRetries", p.maxRetries());
        }
        if (p.successExitCode() != null) {
            job.set("JobSuccessExitCode", p.successExitCode());
        }
        assertEquals(Value.of(leaves), job.build().evaluate("OnExitRemove"));
    }

    @Test
    void withoutRetryCommandsTheDefaultsAreTrueAndFalse() {
        ExitPolicy p = ExitPolicy.of(null, null, null, null, null);
        assertEquals("true", p.onExitRemove().unparse());
        assertEquals("false", p.onExitHold().unparse());
        assertEquals(null, p.maxRetries());
    }

    @Test
    void negativeMaxRetriesIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExitPolicy.of(null, null, -1L, null, null));
        assertEquals("max_retries = -1 must not be negative", e.getMessage());
    }

    private static Expr expr(String text) {
        return text == null ? null : Expr.parse(text, Syntax.OLD);
    }
}
