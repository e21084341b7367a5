package org.harrier.exec;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A claim and its job as the scheduler's calls find them: which claims can still be used (not
 * being released), which job runs on one, and taking a job off or giving a claim up. Errors are
 * StartdFailure.UnknownClaim for a claim gone or going, WrongState for another job.
 *
 * <p>Threads: the startd's owner thread calls every method; the maps and sets are the startd's.
 */
final class ClaimJobs {
    private static final Logger log = LoggerFactory.getLogger(Startd.class);

    private final ClaimBook book;
    private final Map<String, ClaimRun> running;
    private final Set<String> releasing;
    private final StagedStarts staged;
    private final Runnable publish;

    ClaimJobs(ClaimBook book, Map<String, ClaimRun> running, Set<String> releasing, StagedStarts staged, Runnable publish) {
        this.book = book;
        this.running = running;
        this.releasing = releasing;
        this.staged = staged;
        this.publish = publish;
    }

    /** The claim's dynamic slot; UnknownClaim when it is unknown or being released. */
    DynamicSlot usable(String claimId) {
        if (releasing.contains(claimId)) {
            throw new StartdFailure.UnknownClaim("claim is being released");
        }
        return book.claimed(claimId);
    }

    /**
     * The claim's dynamic slot for an Activate of {@code jobId}: WrongState when the
     * claim runs a job, or when its last run was this same activation ({@link ClaimBook#ranLast}),
     * which a scheduler restarted in its activation window sends again.
     */
    DynamicSlot activatable(String claimId, String jobId, org.harrier.classad.ClassAd job) {
        DynamicSlot d = usable(claimId);
        if (d.busy()) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " is running job " + d.jobId());
        }
        if (book.ranLast(claimId, jobId, job)) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " already ran job " + jobId
                    + " for this activation (its exit report is on its way)");
        }
        return d;
    }

    /** The job running on the claim, which must be {@code jobId}. */
    ClaimRun runOf(String claimId, String jobId) {
        DynamicSlot d = usable(claimId);
        ClaimRun run = running.get(claimId);
        if (run == null) {
            throw new StartdFailure.WrongState("no job runs on the claim on " + d.name()
                    + " (job " + jobId + " has ended; its exit report is on its way)");
        }
        return same(d, run, jobId);
    }

    /** Kills job {@code jobId}'s tree if it runs on the claim (or stops its files being staged in). */
    void deactivate(String claimId, String jobId) {
        DynamicSlot d = usable(claimId);
        ClaimRun run = running.get(claimId);
        if (run != null) {
            same(d, run, jobId).process().kill();
        } else {
            staged.cancel(claimId);
        }
    }

    private static ClaimRun same(DynamicSlot d, ClaimRun run, String jobId) {
        if (!run.jobId().equals(jobId)) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " runs job " + run.jobId()
                    + ", not " + jobId);
        }
        return run;
    }

    /** Gives the claim up: a running job is killed first, and the resources return once its tree is dead. */
    void release(String claimId) {
        ClaimRun run = running.get(claimId);
        if (run != null) {
            releasing.add(claimId);
            run.process().kill();
        } else {
            staged.cancel(claimId);
            book.release(claimId);
            publish.run();
        }
    }

    /** Releases every claim of {@code expired} (nobody renewed it within its lease). */
    void expired(List<String> expired) {
        for (String claimId : expired) {
            log.warn("claim on {} not renewed within its lease: releasing it", book.claimed(claimId).name());
            release(claimId);
        }
    }
}
