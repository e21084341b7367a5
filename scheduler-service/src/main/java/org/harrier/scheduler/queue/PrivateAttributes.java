package org.harrier.scheduler.queue;

import java.util.List;
import org.harrier.classad.ClassAd;

/**
 * Attributes the scheduler keeps in its queue but never shows: HTCondor's private attributes
 * (compat_classad.cpp, ClassAdPrivateAttrs: Capability, ChildClaimIds, ClaimId, ClaimIdList,
 * ClaimIds, TransferKey; and any name starting {@code _condor_priv}), matched without regard to
 * case as every ClassAd name is. A claim id is a capability: whoever knows it can run, suspend
 * or release jobs on the claim, so condor_q, condor_history and the user log never carry it.
 * The queue needs it (a restarted scheduler reconnects by it, docs/protocols.md "Scheduler
 * restart"), so it is hidden where an ad leaves the scheduler, not where it is recorded. Pure.
 */
public final class PrivateAttributes {
    private static final List<String> NAMES = List.of("capability", "childclaimids", "claimid", "claimidlist", "claimids",
            "transferkey");
    private static final String PREFIX = "_condor_priv";
    /** Bit n set when some name of {@link #NAMES} has n characters: most names are ruled out by their length alone. */
    private static final long LENGTHS = NAMES.stream().mapToLong(n -> 1L << n.length()).reduce(0, (a, b) -> a | b);

    private PrivateAttributes() {
    }

    /** True when {@code name} is private in HTCondor's sense. */
    public static boolean isPrivate(String name) {
        // Asked of every attribute of every job ad the scheduler publishes: no lower-cased copy.
        if (name.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return true;
        }
        if (name.length() >= Long.SIZE || (LENGTHS & 1L << name.length()) == 0) {
            return false;
        }
        for (String n : NAMES) {
            if (n.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code name} may be shown: not {@linkplain #isPrivate private}. */
    public static boolean isShown(String name) {
        return !isPrivate(name);
    }

    /**
     * {@code ad} as users may see it: without its private attributes, own or inherited (the
     * answer is then flattened, which only costs when there was something to hide); {@code ad}
     * itself when it has none.
     */
    public static ClassAd hidden(ClassAd ad) {
        boolean[] found = {false};
        ad.forEach((name, expr) -> found[0] |= isPrivate(name));
        if (!found[0]) {
            return ad;
        }
        ClassAd.Builder shown = ClassAd.builder();
        ad.forEach((name, expr) -> {
            if (!isPrivate(name)) {
                shown.set(name, expr);
            }
        });
        return shown.build();
    }
}
