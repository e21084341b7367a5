package org.harrier.scheduler.match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.harrier.scheduler.queue.JobId;

/** The claims this scheduler holds, by claim id and by the job each runs. Owned by the owner thread. */
public final class Claims {
    private final Map<String, Claim> byId = new HashMap<>();
    private final Map<JobId, Claim> byJob = new HashMap<>();

    /** Records a granted claim, matched for autocluster {@code key}. */
    public Claim add(ClaimGrant grant, AutoclusterKey key) {
        Claim c = new Claim(grant, key);
        if (byId.putIfAbsent(c.id(), c) != null) {
            throw new IllegalStateException("claim " + c.id() + " is already held");
        }
        return c;
    }

    public Claim get(String claimId) {
        return byId.get(claimId);
    }

    /** The claim running (or activating) {@code job}, or holding it queued, or null. */
    public Claim of(JobId job) {
        return byJob.get(job);
    }

    /** Hands {@code job} to the free claim {@code c}. */
    public void run(Claim c, JobId job) {
        if (byJob.containsKey(job)) {
            throw new IllegalStateException("job " + job + " is already on " + byJob.get(job));
        }
        c.run(job);
        byJob.put(job, c);
    }

    /** Queues {@code job} on claim {@code c} behind its running job and its other queued jobs. */
    public void queue(Claim c, JobId job) {
        queue(c, job, 0);
    }

    /** After a restart: queues {@code job} on claim {@code c} again, at the {@code order} its record gives. */
    public void queue(Claim c, JobId job, long order) {
        if (byJob.containsKey(job)) {
            throw new IllegalStateException("job " + job + " is already on " + byJob.get(job));
        }
        c.queue(job, order);
        byJob.put(job, c);
    }

    /** Takes queued job {@code job} off claim {@code c}; true if it was queued there. */
    public boolean unqueue(Claim c, JobId job) {
        boolean was = c.unqueue(job);
        if (was) {
            byJob.remove(job);
        }
        return was;
    }

    /** Takes every queued job off claim {@code c}; returns them, in their order. */
    public List<JobId> unqueueAll(Claim c) {
        List<JobId> jobs = c.queued();
        jobs.forEach(job -> unqueue(c, job));
        return jobs;
    }

    /** The claim's first queued job becomes its job (the running one's end was applied); returns it. */
    public JobId promote(Claim c) {
        return c.promote();
    }

    /** The claim's job is done with it (exited, killed, failed to start); returns that job, or null. */
    public JobId detach(Claim c) {
        JobId job = c.detach();
        if (job != null) {
            byJob.remove(job);
        }
        return job;
    }

    /** Detaches the claim's job for a Deactivate; the claim stays busy until {@link #stopped}. */
    public JobId stopping(Claim c) {
        JobId job = detach(c);
        c.deactivating(true);
        return job;
    }

    /** The Deactivate begun by {@link #stopping} was answered. */
    public void stopped(Claim c) {
        c.deactivating(false);
    }

    /** Forgets the claim (released or lost), detaching its job; its queued jobs must be taken off first. */
    public void remove(Claim c) {
        if (c.next() != null) {
            throw new IllegalStateException(c + ": take its queued jobs off before forgetting it");
        }
        detach(c);
        byId.remove(c.id());
    }

    public int size() {
        return byId.size();
    }

    public List<Claim> all() {
        return new ArrayList<>(byId.values());
    }
}
