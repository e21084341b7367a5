package org.harrier.collector;

/**
 * The collector object's statistics about the pool (HTCondor's collector: HostsTotal,
 * HostsClaimed, HostsUnclaimed, HostsOwner from slot ads' State; RunningJobs and IdleJobs summed
 * over submitter ads), kept as sums the store adjusts on every change so reading them is free.
 */
public record PoolCounts(long hostsTotal, long hostsClaimed, long hostsUnclaimed, long hostsOwner,
                         long runningJobs, long idleJobs, long adsHeld) {
    public static final PoolCounts NONE = new PoolCounts(0, 0, 0, 0, 0, 0, 0);

    /** What one ad adds to the sums. */
    static PoolCounts of(StoredAd ad) {
        return switch (ad.type()) {
            case SLOT -> {
                String state = ad.text("State");
                yield new PoolCounts(1, is(state, "Claimed"), is(state, "Unclaimed"), is(state, "Owner"), 0, 0, 1);
            }
            case SUBMITTER -> new PoolCounts(0, 0, 0, 0, ad.count("RunningJobs"), ad.count("IdleJobs"), 1);
            case SCHEDULER -> new PoolCounts(0, 0, 0, 0, 0, 0, 1);
        };
    }

    private static long is(String state, String wanted) {
        return wanted.equalsIgnoreCase(state) ? 1 : 0;
    }

    PoolCounts plus(PoolCounts o) {
        return new PoolCounts(hostsTotal + o.hostsTotal, hostsClaimed + o.hostsClaimed, hostsUnclaimed + o.hostsUnclaimed,
                hostsOwner + o.hostsOwner, runningJobs + o.runningJobs, idleJobs + o.idleJobs, adsHeld + o.adsHeld);
    }

    PoolCounts minus(PoolCounts o) {
        return new PoolCounts(hostsTotal - o.hostsTotal, hostsClaimed - o.hostsClaimed, hostsUnclaimed - o.hostsUnclaimed,
                hostsOwner - o.hostsOwner, runningJobs - o.runningJobs, idleJobs - o.idleJobs, adsHeld - o.adsHeld);
    }
}
