package org.harrier.exec.claim;

import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * What a claimed slot advertises about its claim, so the negotiator can account usage, count
 * concurrency limits and decide preemption (docs/protocols.md, "Fair share, limits and
 * preemption"). Claim-wide: RemoteUser (the submitter: AccountingGroup if the job has one, else
 * its Owner) and AccountingGroup, from the claim's request ad. While a job runs: its {@link Job}
 * attributes. While the claim is being preempted: the {@link Eviction} stage.
 *
 * <p>A claim runs one autocluster's jobs one after another, and the scheduler's autoclusters
 * keep Owner and AccountingGroup apart, so the claim-wide values hold for every job it runs.
 */
public record ClaimAttributes(String remoteUser, String accountingGroup, Job job, Eviction eviction,
        boolean suspended) {
    /**
     * Where a preempted claim is: running on (none), retiring (the job may still finish),
     * vacating (SIGTERM, SIGKILL after the grace) or killing (SIGKILL at once: the owner's KILL,
     * or PREEMPT with WANT_VACATE false).
     */
    public enum Eviction {
        NONE, RETIRING, VACATING, KILLING
    }

    /** Claim attributes of a job that is not suspended. */
    public ClaimAttributes(String remoteUser, String accountingGroup, Job job, Eviction eviction) {
        this(remoteUser, accountingGroup, job, eviction, false);
    }

    /**
     * The running job's attributes: JobStart (epoch s), CurrentRank (the slot's Rank of it),
     * ConcurrencyLimits (or null), the machine's MaxJobRetirementTime for it, and the job's own
     * MaxJobRetirementTime (null when it has none).
     */
    public record Job(long jobStart, double currentRank, String concurrencyLimits, long machineRetirement,
            Long jobRetirement) {
        public Job {
            if (machineRetirement < 0 || (jobRetirement != null && jobRetirement < 0)) {
                throw new IllegalArgumentException("retirement times are not negative: machine " + machineRetirement
                        + ", job " + jobRetirement);
            }
        }

        /**
         * Seconds the job may run on after its claim is preempted, counted from JobStart: the
         * machine's MaxJobRetirementTime, cut down by the job's own if it has a smaller one
         * (HTCondor: a job can only shorten its retirement).
         */
        public long retirement() {
            return jobRetirement == null ? machineRetirement : Math.min(machineRetirement, jobRetirement);
        }

        /** When retirement ends and the job is killed (epoch s); at or before now means at once. */
        public long retiresAt() {
            return jobStart + retirement();
        }
    }

    public ClaimAttributes {
        Objects.requireNonNull(remoteUser, "remoteUser");
        Objects.requireNonNull(eviction, "eviction");
        if (eviction != Eviction.NONE && job == null) {
            throw new IllegalArgumentException("only a claim running a job is retiring or vacating");
        }
        if (suspended && job == null) {
            throw new IllegalArgumentException("only a claim running a job has it suspended");
        }
    }

    /** The claim attributes of a claim made for {@code request}; {@code owner} its Owner ("" if none). */
    public static ClaimAttributes claimedFor(ClassAd request, String owner) {
        String group = string(request, "AccountingGroup");
        return new ClaimAttributes(group != null ? group : owner, group, null, Eviction.NONE);
    }

    public ClaimAttributes running(Job started) {
        return new ClaimAttributes(remoteUser, accountingGroup, Objects.requireNonNull(started, "started"), Eviction.NONE);
    }

    /** The job ended: its attributes go, and so does any eviction (the claim ends with it then). */
    public ClaimAttributes jobEnded() {
        return new ClaimAttributes(remoteUser, accountingGroup, null, Eviction.NONE);
    }

    public ClaimAttributes evicting(Eviction stage) {
        return new ClaimAttributes(remoteUser, accountingGroup, job, stage, suspended && stage == Eviction.NONE);
    }

    /** The running job stopped (SIGSTOP) or running again: HTCondor's Suspended activity. */
    public ClaimAttributes suspending(boolean stopped) {
        return new ClaimAttributes(remoteUser, accountingGroup, job, eviction, stopped);
    }

    static String string(ClassAd ad, String name) {
        Value v = ad.evaluate(name);
        return v instanceof StringValue s && !s.value().isEmpty() ? s.value() : null;
    }
}
