package org.harrier.scheduler.bus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.AgentName;
import org.harrier.bus.QmfException;
import org.harrier.bus.Console;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.SlotRef;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;

/**
 * The startd calls of docs/protocols.md as console method invocations. Every call goes to the
 * matched (partitionable) slot object: it surely exists, and startds take Activate, Deactivate
 * and Release on any of their slot objects by ClaimId, whereas the dynamic slot Claim answers
 * with may not be hosted yet when Activate arrives.
 */
final class BusStartds implements Startds {
    private final Console console;
    private final AgentName scheduler;
    private final Duration timeout;
    private final Path spool;

    BusStartds(Console console, AgentName scheduler, Duration timeout) {
        this(console, scheduler, timeout, null);
    }

    /**
     * With {@code spool} (null: none), the Activate ad carries {@code SpoolDir}, the absolute
     * spool directory, where a startd sharing this file system saves checkpoints
     * (docs/protocols.md, "Checkpoints and vacate"); the queued ad does not.
     */
    BusStartds(Console console, AgentName scheduler, Duration timeout, Path spool) {
        this.console = console;
        this.scheduler = scheduler;
        this.timeout = timeout;
        this.spool = spool == null ? null : spool.toAbsolutePath();
    }

    @Override
    public CompletableFuture<ClaimGrant> claim(SlotRef slot, ClassAd request, boolean preempt) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("Request", AdMaps.toNative(request));
        args.put("Scheduler", scheduler.name());
        if (preempt) {
            args.put("Preempt", true);
        }
        return console.invoke(slot.agent(), slot.slot(), "Claim", args, timeout).thenApply(out -> grant(slot, out));
    }

    private static ClaimGrant grant(SlotRef matched, Map<String, Object> out) {
        if (!(out.get("ClaimId") instanceof String claimId) || claimId.isEmpty()) {
            throw new QmfException(QmfException.EXCEPTION, "startd " + matched.agent() + " answered Claim without a ClaimId");
        }
        String carved = out.get("Slot") instanceof String s && !s.isEmpty() ? org.harrier.protocol.scheduler.Matched.slotId(s).key() : matched.slot().key();
        return new ClaimGrant(claimId, matched, carved);
    }

    @Override
    public CompletableFuture<Boolean> activate(ClaimGrant claim, JobId id, ClassAd job) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("ClaimId", claim.claimId());
        args.put("Id", id.toString());
        args.put("Job", AdMaps.toNative(spool == null ? job
                : job.with("SpoolDir", new org.harrier.classad.StringValue(spool.toString()))));
        return console.invoke(claim.slot().agent(), claim.slot().slot(), "Activate", args, timeout)
                .thenApply(out -> Boolean.TRUE.equals(out.get("Started")));
    }

    @Override
    public CompletableFuture<Void> deactivate(ClaimGrant claim, JobId id) {
        return call(claim, "Deactivate", Map.of("ClaimId", claim.claimId(), "Id", id.toString()));
    }

    @Override
    public CompletableFuture<Void> suspend(ClaimGrant claim, JobId id) {
        return call(claim, "Suspend", Map.of("ClaimId", claim.claimId(), "Id", id.toString()));
    }

    @Override
    public CompletableFuture<Void> resume(ClaimGrant claim, JobId id) {
        return call(claim, "Continue", Map.of("ClaimId", claim.claimId(), "Id", id.toString()));
    }

    @Override
    public CompletableFuture<Void> release(ClaimGrant claim) {
        return call(claim, "Release", Map.of("ClaimId", claim.claimId()));
    }

    @Override
    public CompletableFuture<Void> vacate(ClaimGrant claim, JobId id) {
        return call(claim, "Vacate", Map.of("ClaimId", claim.claimId(), "Id", id.toString()));
    }

    @Override
    public CompletableFuture<Void> alive(ClaimGrant claim) {
        return call(claim, "Alive", Map.of("ClaimId", claim.claimId()));
    }

    private CompletableFuture<Void> call(ClaimGrant claim, String method, Map<String, Object> args) {
        return console.invoke(claim.slot().agent(), claim.slot().slot(), method, args, timeout).thenApply(out -> null);
    }
}
