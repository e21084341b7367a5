package org.harrier.collector.negotiation;

/**
 * Why a slot did not take a job, and so why a request stayed idle: the answer to "why is my
 * job idle?" (HTCondor's {@code condor_q -analyze} counts slots the same way). In order of
 * precedence when two slots' counts tie.
 */
public enum Reason {
    /** The pool offered no slot at all (none Unclaimed, no partitionable slot with a core left). */
    NO_CANDIDATE_SLOTS,
    /** The job's Requirements are not true for the slot (false, undefined, error or missing). */
    REJECTED_BY_JOB,
    /** The slot's Requirements are not true for the job. */
    REJECTED_BY_SLOT,
    /** A partitionable slot has too few Cpus, Memory, Disk or other resources left for the job's requests. */
    INSUFFICIENT_RESOURCES,
    /** RequestCpus, RequestMemory or RequestDisk is negative, an error or not a number. */
    BAD_RESOURCE_REQUEST,
    /** The slot, or a partitionable slot's last core, went to another job earlier in this cycle. */
    SLOT_TAKEN,
    /** The submitter holds its fair share of the pool (HTCondor: "submitter limit reached"). */
    SUBMITTER_LIMIT,
    /** The submitter's accounting group holds its quota and may not take surplus. */
    GROUP_QUOTA,
    /** A concurrency limit the job names is used up. */
    CONCURRENCY_LIMIT,
    /** The job's ConcurrencyLimits is not a list of name[:amount]. */
    BAD_CONCURRENCY_LIMITS
}
