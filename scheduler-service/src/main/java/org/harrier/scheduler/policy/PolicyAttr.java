package org.harrier.scheduler.policy;

import org.harrier.scheduler.queue.Attr;

/**
 * Job ad attributes the job policy reads and writes (HTCondor's spellings; condor_submit(1)
 * "POLICY COMMANDS" names the submit commands they come from).
 */
public final class PolicyAttr {
    /** {@code periodic_hold}; with {@code periodic_hold_reason}, {@code periodic_hold_subcode}. */
    public static final String PERIODIC_HOLD = "PeriodicHold";
    public static final String PERIODIC_RELEASE = "PeriodicRelease";
    public static final String PERIODIC_REMOVE = "PeriodicRemove";
    /** An absolute time (seconds since the epoch) after which the job is removed. */
    public static final String TIMER_REMOVE = "TimerRemove";
    public static final String ON_EXIT_HOLD = "OnExitHold";
    public static final String ON_EXIT_REMOVE = "OnExitRemove";
    /** {@code max_retries}; condor_submit also compiles it into OnExitRemove. */
    public static final String JOB_MAX_RETRIES = "JobMaxRetries";
    /** {@code success_exit_code}, default 0. */
    public static final String JOB_SUCCESS_EXIT_CODE = "JobSuccessExitCode";
    /** How many times the job has exited (each exit counts before the policy sees it). */
    public static final String NUM_JOB_COMPLETIONS = Attr.NUM_JOB_COMPLETIONS;
    /** A policy expression's own reason and subcode: {@code PeriodicHoldReason}, {@code OnExitHoldSubCode}, ... */
    public static final String REASON_SUFFIX = "Reason";
    public static final String SUB_CODE_SUFFIX = "SubCode";
    public static final String HOLD_REASON_SUB_CODE = "HoldReasonSubCode";
    public static final String RELEASE_REASON = "ReleaseReason";
    /** Why the job last left a machine without finishing (here: requeued by on_exit_remove). */
    public static final String VACATE_REASON = Attr.VACATE_REASON;

    private PolicyAttr() {
    }
}
