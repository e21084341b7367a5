package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;

/**
 * The steps that say how the schedd treats the job (submit_utils.cpp {@code SetJobStatus},
 * {@code SetPriority}, {@code SetNotification}, {@code SetPeriodicHoldCheck},
 * {@code SetPeriodicRemoveCheck}, {@code SetJobRetries}, {@code SetConcurrencyLimits}):
 * <ul>
 *   <li>{@code hold = true}: JobStatus 5, HoldReasonCode 15 (SubmittedOnHold), HoldReason
 *       "submitted on hold at user's request"; otherwise JobStatus 1;
 *   <li>{@code priority}: JobPrio, an integer, 0 by default;
 *   <li>{@code notification}: JobNotification, Never 0 (default), Always 1, Complete 2, Error 3;
 *   <li>{@code periodic_hold|release|remove}: PeriodicHold/Release/Remove, false by default;
 *       their {@code _reason} and the holds' {@code _subcode} as PeriodicHoldReason,
 *       PeriodicHoldSubCode, PeriodicReleaseReason, PeriodicRemoveReason, OnExitHoldReason,
 *       OnExitHoldSubCode, OnExitRemoveReason;
 *   <li>{@code on_exit_hold}, {@code on_exit_remove}, {@code max_retries},
 *       {@code success_exit_code}, {@code retry_until}: see {@link ExitPolicy};
 *   <li>{@code concurrency_limits}: ConcurrencyLimits, the names lower-cased and sorted, each
 *       {@code name} or {@code name:amount}; or {@code concurrency_limits_expr} as an expression.
 * </ul>
 */
final class PolicySteps {
    /** HTCondor's CONDOR_HOLD_CODE_SubmittedOnHold. */
    static final long SUBMITTED_ON_HOLD = 15;
    static final String SUBMITTED_ON_HOLD_REASON = "submitted on hold at user's request";

    private static final List<String> NOTIFICATIONS = List.of("never", "always", "complete", "error");
    private static final String[][] POLICY_EXPRESSIONS = {
        {"periodic_hold_reason", "PeriodicHoldReason"},
        {"periodic_hold_subcode", "PeriodicHoldSubCode"},
        {"periodic_release_reason", "PeriodicReleaseReason"},
        {"periodic_remove_reason", "PeriodicRemoveReason"},
        {"on_exit_hold_reason", "OnExitHoldReason"},
        {"on_exit_hold_subcode", "OnExitHoldSubCode"},
        {"on_exit_remove_reason", "OnExitRemoveReason"},
    };

    private PolicySteps() {
    }

    static void status(ProcCommands c, ClassAd.Builder ad) {
        if (c.bool("hold", false)) {
            ad.set("JobStatus", 5);
            ad.set("HoldReasonCode", SUBMITTED_ON_HOLD);
            ad.set("HoldReason", SUBMITTED_ON_HOLD_REASON);
        } else {
            ad.set("JobStatus", 1);
        }
    }

    static void priority(ProcCommands c, ClassAd.Builder ad) {
        ad.set("JobPrio", c.integer("priority", 0));
    }

    static void notification(ProcCommands c, ClassAd.Builder ad) {
        String how = c.text("notification");
        int code = how == null ? 0 : NOTIFICATIONS.indexOf(how.toLowerCase(Locale.ROOT));
        if (code < 0) {
            throw c.error("notification", "notification = " + how + " is not Never, Always, Complete or Error");
        }
        ad.set("JobNotification", code);
    }

    static void periodic(ProcCommands c, ClassAd.Builder ad) {
        ad.set("PeriodicHold", orFalse(c, "periodic_hold"));
        ad.set("PeriodicRelease", orFalse(c, "periodic_release"));
        ad.set("PeriodicRemove", orFalse(c, "periodic_remove"));
        for (String[] pair : POLICY_EXPRESSIONS) {
            Expr e = c.expression(pair[0]);
            if (e != null) {
                ad.set(pair[1], e);
            }
        }
    }

    private static Expr orFalse(ProcCommands c, String command) {
        Expr e = c.expression(command);
        return e != null ? e : Expr.parse("false");
    }

    static void exit(ProcCommands c, ClassAd.Builder ad) {
        Long maxRetries = c.text("max_retries") == null ? null : c.integer("max_retries", 0);
        Long success = c.text("success_exit_code") == null ? null : c.integer("success_exit_code", 0);
        ExitPolicy p;
        try {
            p = ExitPolicy.of(c.expression("on_exit_remove"), c.expression("on_exit_hold"), maxRetries, success,
                    c.expression("retry_until"));
        } catch (IllegalArgumentException e) {
            throw c.error("max_retries", e.getMessage());
        }
        if (p.maxRetries() != null) {
            ad.set("JobMaxRetries", p.maxRetries());
        }
        if (p.successExitCode() != null) {
            ad.set("JobSuccessExitCode", p.successExitCode());
        }
        ad.set("OnExitRemove", p.onExitRemove());
        ad.set("OnExitHold", p.onExitHold());
    }

    static void concurrencyLimits(ProcCommands c, ClassAd.Builder ad) {
        String limits = c.text("concurrency_limits");
        Expr expr = c.expression("concurrency_limits_expr");
        if (limits != null && expr != null) {
            throw c.error("concurrency_limits_expr", "concurrency_limits and concurrency_limits_expr can't be used"
                    + " together");
        }
        if (expr != null) {
            ad.set("ConcurrencyLimits", expr);
        } else if (limits != null) {
            List<String> out = new ArrayList<>();
            for (String limit : limits.toLowerCase(Locale.ROOT).split("[\\s,]+")) {
                if (!limit.isEmpty()) {
                    if (!limit.matches("[a-z_][a-z0-9_.]*(:([0-9]+(\\.[0-9]*)?|\\.[0-9]+))?")
                            || limit.matches(".*:0*(\\.0*)?")) {
                        throw c.error("concurrency_limits", "invalid concurrency limit '" + limit + "': expected a"
                                + " name, optionally ':' and a positive amount");
                    }
                    out.add(limit);
                }
            }
            out.sort(null);
            ad.set("ConcurrencyLimits", String.join(",", out));
        }
    }
}
