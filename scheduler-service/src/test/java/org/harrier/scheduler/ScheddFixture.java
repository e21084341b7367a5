package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.Completions;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.queue.JobId;
import org.harrier.testing.SettableClock;

/** A scheduler on a manual owner thread, with a recording startd side, events and clock. */
class ScheddFixture {
    final ManualExecutor owner = new ManualExecutor();
    final SettableClock clock = new SettableClock(Instant.parse("2026-11-21T12:00:00Z"));
    final RecordingStartds startds = new RecordingStartds();
    final RecordingEvents events = new RecordingEvents();
    final Schedd schedd = new Schedd("sched1",
            new SchedulerSettings(java.time.Duration.ofSeconds(5), 100, java.time.Duration.ofSeconds(5), "host1",
                    java.time.Duration.ofSeconds(1)),
            startds, events, owner, clock);

    /** Runs the owner thread until it is idle and returns the future's value (which must be there by then). */
    <T> T await(CompletableFuture<T> f) {
        owner.runAll();
        if (!f.isDone()) {
            fail("the scheduler did not answer");
        }
        return f.join();
    }

    /** Runs the owner thread until it is idle and returns the domain failure the future failed with. */
    ScheddFailure failure(CompletableFuture<?> f) {
        owner.runAll();
        try {
            f.join();
        } catch (CompletionException e) {
            if (Completions.cause(e) instanceof ScheddFailure s) {
                return s;
            }
            throw e;
        }
        return fail("expected a ScheddFailure");
    }

    JobId submit(ClassAd ad) {
        return await(schedd.submit(ad));
    }

    List<AutoclusterRequest> requests() {
        return await(schedd.requests());
    }

    /** Offers the first request to slot {@code slotName} and grants the claim; returns the grant. */
    ClaimGrant matchAndGrant(String slotName) {
        AutoclusterRequest r = requests().get(0);
        assertEquals(1, (int) await(schedd.matched(List.of(new SlotMatch(r.requestId(), RecordingStartds.slot(slotName))))));
        ClaimGrant g = startds.grantNext();
        owner.runAll();
        return g;
    }

    /** The job of the newest Activate call. */
    JobId lastActivated() {
        List<RecordingStartds.Call> a = startds.all("Activate");
        assertTrue(!a.isEmpty(), "nothing was activated");
        return a.get(a.size() - 1).job();
    }

    /** Submits one job and runs it to Running on a fresh claim; returns the claim. */
    ClaimGrant running(JobId expected) {
        ClaimGrant g = matchAndGrant("slot1@host1");
        assertEquals(expected, lastActivated());
        startds.answerAll("Activate");
        assertTrue(await(schedd.reports().jobStarted(expected, g.claimId(), "slot1_1@host1")));
        return g;
    }
}
