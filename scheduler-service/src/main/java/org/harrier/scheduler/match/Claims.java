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

    /** The claim running (or activating) {@code job}, or null. */
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

    /** Forgets the claim (released or lost), detaching its job. */
    public void remove(Claim c) {
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
