package org.harrier.exec.run.account;

import java.util.Objects;

import org.harrier.classad.ClassAd;

/**
 * How the starter picks each job's account: the knobs ({@link RunAsPolicy}) and whether this
 * execute node is root (only root can switch accounts; otherwise every job runs as the startd's
 * own account, as before). {@link #of} looks accounts up on the host ({@link Accounts}).
 * Immutable; any thread.
 */
public record JobAccounts(RunAsPolicy policy, boolean root, String gridOwner) {
    public JobAccounts {
        Objects.requireNonNull(policy, "policy");
    }

    public JobAccounts(RunAsPolicy policy, boolean root) {
        this(policy, root, null);
    }

    /**
     * A personal grid's: the jobs of {@code owner}, the account that runs the grid (and could run
     * anything as itself anyway), run as that account; every other owner's job goes by the
     * policy, so a user let into a root personal grid never runs as root.
     */
    public JobAccounts withGridOwner(String owner) {
        return new JobAccounts(policy, root, owner);
    }

    /**
     * Every job runs as the startd's own account, root or not: what the tests of a startd that
     * runs jobs in directories only its own account can enter use. No knob or option chooses it;
     * the service detects ({@link #detect}) unless code asks for this.
     */
    public static JobAccounts asStartd() {
        return new JobAccounts(RunAsPolicy.DEFAULT, false);
    }

    /** {@code policy} on this host, root or not as this process is. */
    public static JobAccounts detect(RunAsPolicy policy) {
        return new JobAccounts(policy, Accounts.root());
    }

    /** The account {@code job} runs as here; a {@link RunAs.Refused} says why none. Blocking (account look-ups). */
    public RunAs of(ClassAd job) {
        if (gridOwner != null && job.evaluate("Owner") instanceof org.harrier.classad.StringValue owner
                && owner.value().equals(gridOwner)) {
            return RunAs.STARTD;
        }
        return policy.decide(root, job, Accounts::named);
    }
}
