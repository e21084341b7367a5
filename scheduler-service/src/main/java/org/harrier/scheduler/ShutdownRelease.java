package org.harrier.scheduler;

import java.util.ArrayList;
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
 * startds about claims released here; then each claim's queued jobs are dropped, its running job
 * deactivated, and the claim released. The queued jobs go first: a startd starts one the moment
 * the running job ends, and the Deactivate ends that job. Owner thread.
 */
final class ShutdownRelease {
    private ShutdownRelease() {
    }

    static CompletableFuture<Void> releaseAll(Claims claims, QueueKeeper keeper, Startds startds, Predicate<JobId> onClaim) {
        forgetRecords(claims, keeper, onClaim);
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (Claim c : claims.all()) {
            List<JobId> queued = claims.unqueueAll(c);
            JobId job = claims.detach(c);
            claims.remove(c);
            CompletableFuture<Void> dropped = CompletableFuture.allOf(queued.stream()
                    .map(q -> startds.deactivate(c.grant(), q).exceptionally(f -> null)).toArray(CompletableFuture[]::new));
            CompletableFuture<Void> stopped = job == null ? dropped
                    : dropped.thenCompose(v -> startds.deactivate(c.grant(), job)).exceptionally(f -> null);
            pending.add(stopped.thenCompose(v -> startds.release(c.grant())).exceptionally(f -> null));
        }
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
    }

    private static void forgetRecords(Claims claims, QueueKeeper keeper, Predicate<JobId> onClaim) {
        Transaction.Builder tx = Transaction.builder();
        for (Claim c : claims.all()) {
            List<JobId> jobs = new ArrayList<>(c.queued());
            jobs.add(c.job());
            for (JobId job : jobs) {
                if (job != null && keeper.queue().contains(job)) {
                    ClaimRecord.forget(tx, job, keeper.queue().ad(job));
                }
            }
        }
        if (!tx.isEmpty()) {
            keeper.commit(tx.build(), onClaim);
        }
    }
}
