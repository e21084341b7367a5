package org.harrier.scheduler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.match.Claims;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.Transaction;

/**
 * A closing scheduler gives every claim back, as HTCondor's schedd does at shutdown: its jobs'
 * claim records go first, so that a restart runs those jobs again at once instead of asking
 * startds about claims released here; then each claim's queued job is dropped, its running job
 * deactivated, and the claim released. The queued job goes first: a startd starts it the moment
 * the running job ends, and the Deactivate ends that job. Owner thread.
 */
final class ShutdownRelease {
    private ShutdownRelease() {
    }

    static CompletableFuture<Void> releaseAll(Claims claims, QueueKeeper keeper, Startds startds, Predicate<JobId> onClaim) {
        forgetRecords(claims, keeper, onClaim);
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (Claim c : claims.all()) {
            JobId queued = claims.unqueue(c);
            JobId job = claims.detach(c);
            claims.remove(c);
            CompletableFuture<Void> dropped = queued == null ? CompletableFuture.completedFuture(null)
                    : startds.deactivate(c.grant(), queued).exceptionally(f -> null);
            CompletableFuture<Void> stopped = job == null ? dropped
                    : dropped.thenCompose(v -> startds.deactivate(c.grant(), job)).exceptionally(f -> null);
            pending.add(stopped.thenCompose(v -> startds.release(c.grant())).exceptionally(f -> null));
        }
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
    }

    private static void forgetRecords(Claims claims, QueueKeeper keeper, Predicate<JobId> onClaim) {
        Transaction.Builder tx = Transaction.builder();
        for (Claim c : claims.all()) {
            for (JobId job : Arrays.asList(c.job(), c.next())) {
                if (job != null && keeper.queue().contains(job)) {
                    ClaimRecord.forget(tx, job);
                    if (ClaimRecord.isPending(keeper.queue().ad(job))) {
                        tx.delete(job, ClaimRecord.PENDING_ACTIVATION);
                    }
                }
            }
        }
        if (!tx.isEmpty()) {
            keeper.commit(tx.build(), onClaim);
        }
    }
}
