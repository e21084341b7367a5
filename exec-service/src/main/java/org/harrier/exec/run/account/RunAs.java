package org.harrier.exec.run.account;

import java.util.Objects;

/**
 * Which account a job runs as, as {@link RunAsPolicy#decide} chose it: the startd's own (an
 * execute node that is not root cannot switch), a {@link User} (the job's Owner, or the slot
 * user), or {@link Refused} with why, when no account it may use exists.
 */
public sealed interface RunAs {
    /** The startd's own account, as every job ran before accounts were switched. */
    RunAs STARTD = new Startd();

    /** Why this choice was made, for the log. */
    String why();

    /** Runs as the startd's own account: this process is not root. */
    record Startd() implements RunAs {
        @Override
        public String why() {
            return "the execute node is not root, so its jobs run as its own account";
        }
    }

    /** Runs as {@code account}; {@code why} says whether it is the Owner or the slot user and why. */
    record User(LocalAccount account, String why) implements RunAs {
        public User {
            Objects.requireNonNull(account, "account");
            Objects.requireNonNull(why, "why");
        }
    }

    /** Must not run: neither the Owner nor the slot user may be used; {@code why} says why (the hold reason). */
    record Refused(String why) implements RunAs {
        public Refused {
            Objects.requireNonNull(why, "why");
        }
    }
}
