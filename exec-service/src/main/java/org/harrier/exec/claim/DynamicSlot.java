package org.harrier.exec.claim;

import java.util.Objects;

import org.harrier.rules.Resources;

/**
 * A slot carved from the partitionable slot for one claim (HTCondor's dynamic slot, named
 * {@code slot1_N@name}): the resources it holds, who claimed it, and whether a job is running
 * on it. Immutable; the {@link ClaimTable} replaces it as the claim changes. The claim id is not
 * here on purpose: this record becomes a public ad, and a claim id is a capability.
 */
public record DynamicSlot(String name, int number, Resources resources, String scheduler, String remoteOwner,
        String jobId, StateTimes times, ClaimAttributes claim) {
    public DynamicSlot {
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(times, "times");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(remoteOwner, "remoteOwner");
        if (number < 1) {
            throw new IllegalArgumentException("dynamic slot numbers start at 1, got " + number);
        }
    }

    /** A freshly carved slot: claimed by {@code remoteOwner} as its submitter, no accounting group yet. */
    public DynamicSlot(String name, int number, Resources resources, String scheduler, String remoteOwner,
            String jobId, long enteredCurrentActivity) {
        this(name, number, resources, scheduler, remoteOwner, jobId, StateTimes.since(enteredCurrentActivity),
                new ClaimAttributes(remoteOwner, null, null, ClaimAttributes.Eviction.NONE));
    }

    /** True while a job runs on it (HTCondor activity Busy); Idle between jobs of a claim. */
    public boolean busy() {
        return jobId != null;
    }

    /**
     * HTCondor's activities of a claimed slot: Busy or Idle; Suspended while its job is stopped
     * (SIGSTOP); Retiring while a preempted claim's job may still finish on its own; Vacating
     * while it is being killed gracefully, Killing while it is being killed hard.
     */
    public String activity() {
        return switch (claim.eviction()) {
            case RETIRING -> "Retiring";
            case VACATING -> "Vacating";
            case KILLING -> "Killing";
            case NONE -> claim.suspended() ? "Suspended" : busy() ? "Busy" : "Idle";
        };
    }

    /** Claimed, or Preempting once the job of a preempted claim is being killed (HTCondor keeps Claimed while retiring). */
    public String state() {
        return switch (claim.eviction()) {
            case VACATING, KILLING -> "Preempting";
            case NONE, RETIRING -> "Claimed";
        };
    }

    /** When the slot entered its current activity (epoch s). */
    public long enteredCurrentActivity() {
        return times.enteredCurrentActivity();
    }

    public DynamicSlot running(String job, long now) {
        return moved(new DynamicSlot(name, number, resources, scheduler, remoteOwner, Objects.requireNonNull(job, "job"),
                times, claim), now);
    }

    public DynamicSlot idle(long now) {
        return moved(new DynamicSlot(name, number, resources, scheduler, remoteOwner, null, times, claim.jobEnded()), now);
    }

    /** The same slot with other claim attributes (a new claim, a job's attributes, an eviction stage). */
    public DynamicSlot withClaim(ClaimAttributes attributes, long now) {
        return moved(new DynamicSlot(name, number, resources, scheduler, remoteOwner, jobId, times, attributes), now);
    }

    /** {@code next} with its State and Activity times following the move from this slot's. */
    private DynamicSlot moved(DynamicSlot next, long now) {
        StateTimes t = times.moved(state(), activity(), next.state(), next.activity(), now);
        return t == times ? next : new DynamicSlot(name, number, resources, scheduler, remoteOwner, next.jobId, t,
                next.claim);
    }
}
