package org.harrier.scheduler.match;

import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.Transaction;

/**
 * What a restarted scheduler needs to find a running job's claim again, kept in the job's ad
 * from its start (docs/protocols.md, "Claim leases", "Scheduler restart"): {@code ClaimId}
 * (HTCondor's name), {@code StartdAgent} (the startd's agent, where HTCondor keeps StartdIpAddr)
 * and {@code StartdSlot} (the slot object the claim's calls go to); {@code RemoteHost}, which
 * the start records anyway, is the carved slot's name. Pure.
 */
public record ClaimRecord(String claimId, String startdAgent, String startdSlot, String remoteHost) {
    public static final String CLAIM_ID = "ClaimId";
    public static final String STARTD_AGENT = "StartdAgent";
    public static final String STARTD_SLOT = "StartdSlot";
    /**
     * Set, to the carved slot's name, by the transaction that records a claim before its Activate
     * goes out, and deleted by the start (or by whatever ends the activation first): an Idle job
     * that has it may be running on the claim already (docs/protocols.md, "Scheduler restart").
     */
    public static final String PENDING_ACTIVATION = "PendingActivation";
    /**
     * Where a pending activation queued behind the claim's running job stands in the claim's
     * queue (docs/protocols.md, "Queued activations"): numbers that grow per claim in the order
     * the Activates went out, so a restarted scheduler queues the jobs again in the startd's order.
     */
    public static final String QUEUED_ORDER = "PendingActivationOrder";
    private static final String REMOTE_HOST = "RemoteHost";

    public ClaimRecord {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(startdAgent, "startdAgent");
        Objects.requireNonNull(startdSlot, "startdSlot");
        Objects.requireNonNull(remoteHost, "remoteHost");
        if (claimId.isEmpty()) {
            throw new IllegalArgumentException("a claim id is not empty");
        }
        AgentName.parse(startdAgent); // both must name something a call can reach
        ObjectId.parse(startdSlot);
    }

    /** The record of {@code grant}, run on slot {@code remoteHost}. */
    public static ClaimRecord of(ClaimGrant grant, String remoteHost) {
        return new ClaimRecord(grant.claimId(), grant.slot().agent().name(), grant.slot().slot().objectName(), remoteHost);
    }

    /**
     * The claim recorded in {@code job}, or null when it has none or one that does not read (a
     * job started before records were kept, or edited by hand): such a job cannot be reconnected.
     */
    public static ClaimRecord read(ClassAd job) {
        return read(job, REMOTE_HOST);
    }

    /**
     * The claim an Activate of {@code job} was recorded for and not yet confirmed (its
     * {@link #PENDING_ACTIVATION} names the carved slot), or null.
     */
    public static ClaimRecord readPending(ClassAd job) {
        return read(job, PENDING_ACTIVATION);
    }

    /** The record whose carved slot is named by {@code hostAttribute}, or null when it does not read. */
    private static ClaimRecord read(ClassAd job, String hostAttribute) {
        String claimId = string(job, CLAIM_ID);
        String agent = string(job, STARTD_AGENT);
        String slot = string(job, STARTD_SLOT);
        String host = string(job, hostAttribute);
        if (claimId == null || agent == null || slot == null || host == null) {
            return null;
        }
        try {
            return new ClaimRecord(claimId, agent, slot, host);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** True when {@code job}'s ad says an activation was recorded and not yet confirmed. */
    public static boolean isPending(ClassAd job) {
        return job != null && job.lookup(PENDING_ACTIVATION) != null;
    }

    private static String string(ClassAd job, String name) {
        Expr e = job.lookup(name);
        return e instanceof StringValue s ? s.value() : null;
    }

    /** The grant the scheduler calls the startd with. */
    public ClaimGrant grant() {
        return new ClaimGrant(claimId, new SlotRef(AgentName.parse(startdAgent), ObjectId.parse(startdSlot)), remoteHost);
    }

    /**
     * {@code tx} with this record written into job {@code id} (RemoteHost is the start's own).
     * When {@code ad} (the job before the start) has this claim recorded as a pending activation,
     * only the pending mark goes: the record is on disk already.
     */
    public Transaction addTo(Transaction tx, JobId id, ClassAd ad) {
        Transaction.Builder b = Transaction.builder();
        tx.ops().forEach(b::add);
        if (isPending(ad)) {
            deletePending(b, id, ad);
            if (equals(readPending(ad).withHost(remoteHost))) {
                return b.build();
            }
        }
        return b.set(id, CLAIM_ID, new StringValue(claimId)).set(id, STARTD_AGENT, new StringValue(startdAgent))
                .set(id, STARTD_SLOT, new StringValue(startdSlot)).build();
    }

    /** {@code tx} with this record written into job {@code id}, which has no pending record. */
    public Transaction addTo(Transaction tx, JobId id) {
        return addTo(tx, id, null);
    }

    private ClaimRecord withHost(String host) {
        return new ClaimRecord(claimId, startdAgent, startdSlot, host);
    }

    /**
     * Adds to {@code b} this record as a pending activation of job {@code id}: written (and on
     * disk) before the Activate goes out, so a scheduler that dies in between finds the claim.
     */
    public Transaction.Builder addPending(Transaction.Builder b, JobId id) {
        return b.set(id, CLAIM_ID, new StringValue(claimId)).set(id, STARTD_AGENT, new StringValue(startdAgent))
                .set(id, STARTD_SLOT, new StringValue(startdSlot)).set(id, PENDING_ACTIVATION, new StringValue(remoteHost));
    }

    /** As {@link #addPending}, for a job queued behind the claim's running job, {@code order}-th on the claim. */
    public Transaction.Builder addQueued(Transaction.Builder b, JobId id, long order) {
        return addPending(b, id).set(id, QUEUED_ORDER, IntegerValue.of(order));
    }

    /** Where job {@code ad}'s pending activation stands in its claim's queue; 0 when it is not queued behind a running job. */
    public static long queuedOrder(ClassAd ad) {
        return ad != null && ad.lookup(QUEUED_ORDER) instanceof IntegerValue n ? n.value() : 0;
    }

    /** Adds to {@code b} the deletion of job {@code id}'s pending mark (and its place in a queue, if {@code ad} has one). */
    private static Transaction.Builder deletePending(Transaction.Builder b, JobId id, ClassAd ad) {
        b.delete(id, PENDING_ACTIVATION);
        return ad != null && ad.lookup(QUEUED_ORDER) != null ? b.delete(id, QUEUED_ORDER) : b;
    }

    /**
     * Adds to {@code b} the deletion of a record from job {@code id}: its claim is given back,
     * with the pending mark and the place in a queue {@code ad} (the job now) has, if any.
     */
    public static Transaction.Builder forget(Transaction.Builder b, JobId id, ClassAd ad) {
        b.delete(id, CLAIM_ID).delete(id, STARTD_AGENT).delete(id, STARTD_SLOT);
        return isPending(ad) ? deletePending(b, id, ad) : b;
    }

    /**
     * {@code tx} plus the deletion of job {@code id}'s pending activation record, if {@code ad}
     * has one: the activation ended without a start (refused, failed, stopped, claim lost), so
     * the record names a claim that never ran the job. {@code tx} itself when there is none.
     */
    public static Transaction withoutPending(Transaction tx, JobId id, ClassAd ad) {
        if (!isPending(ad)) {
            return tx;
        }
        Transaction.Builder b = Transaction.builder();
        tx.ops().forEach(b::add);
        return forget(b, id, ad).build();
    }
}
