package org.harrier.console.submit;

import org.harrier.classad.Conditional;
import org.harrier.classad.Elvis;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Syntax;

/**
 * The exit policy condor_submit writes (submit_utils.cpp {@code SetJobRetries}), a pure
 * function of on_exit_remove, on_exit_hold, max_retries, success_exit_code and retry_until.
 * Without any of the last three: {@code OnExitRemove} is the user's expression or true and
 * {@code OnExitHold} the user's or false. With any of them retries are on:
 * <pre>
 *   JobMaxRetries      = max_retries, else DEFAULT_JOB_MAX_RETRIES (2)
 *   JobSuccessExitCode = success_exit_code            (only when given)
 *   OnExitRemove       = NumJobCompletions &gt; JobMaxRetries || ExitCode == &lt;success&gt;
 *                        [|| &lt;retry_until&gt;] [|| &lt;on_exit_remove&gt;]
 * </pre>
 * where {@code <success>} is {@code JobSuccessExitCode} when success_exit_code is given and
 * {@code 0} otherwise, an integer retry_until {@code N} becomes {@code ExitCode == N}, and an
 * expression that binds looser than {@code ||} is parenthesised. {@code NumJobCompletions} is
 * the schedd's count of the job's exits; the job leaves the queue when OnExitRemove is true
 * after an exit, and runs again when it is false.
 */
record ExitPolicy(Expr onExitRemove, Expr onExitHold, Long maxRetries, Long successExitCode) {
    /** HTCondor's DEFAULT_JOB_MAX_RETRIES. */
    static final long DEFAULT_MAX_RETRIES = 2;

    /**
     * The policy for the given commands, each null when not given. IllegalArgumentException
     * (message naming the command) for a negative max_retries.
     */
    static ExitPolicy of(Expr onExitRemove, Expr onExitHold, Long maxRetries, Long successExitCode, Expr retryUntil) {
        Expr hold = onExitHold != null ? onExitHold : Expr.parse("false");
        if (maxRetries == null && successExitCode == null && retryUntil == null) {
            return new ExitPolicy(onExitRemove != null ? onExitRemove : Expr.parse("true"), hold, null, null);
        }
        if (maxRetries != null && maxRetries < 0) {
            throw new IllegalArgumentException("max_retries = " + maxRetries + " must not be negative");
        }
        StringBuilder remove = new StringBuilder("NumJobCompletions > JobMaxRetries || ExitCode == ")
                .append(successExitCode != null ? "JobSuccessExitCode" : "0");
        if (retryUntil != null) {
            remove.append(" || ").append(retryUntil.references().isEmpty()
                    && retryUntil.evaluate() instanceof IntegerValue code ? "ExitCode == " + code.value()
                    : orOperand(retryUntil));
        }
        if (onExitRemove != null) {
            remove.append(" || ").append(orOperand(onExitRemove));
        }
        return new ExitPolicy(Expr.parse(remove.toString(), Syntax.OLD), hold,
                maxRetries != null ? maxRetries : DEFAULT_MAX_RETRIES, successExitCode);
    }

    /** The expression as an operand of {@code ||}: parenthesised if it binds looser (?: and ?:). */
    private static String orOperand(Expr e) {
        String text = e.unparse(Syntax.OLD);
        return e instanceof Conditional || e instanceof Elvis ? "(" + text + ")" : text;
    }
}
