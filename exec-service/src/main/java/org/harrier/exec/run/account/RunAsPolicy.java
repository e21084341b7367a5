package org.harrier.exec.run.account;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;

/**
 * Which account a job runs as on an execute node (HTCondor manual, "User Accounts in HTCondor
 * on Unix Platforms"), and the knobs that decide it:
 * <ul>
 *   <li>STARTER_ALLOW_RUNAS_OWNER (default TRUE): a ClassAd expression evaluated with the job
 *       as TARGET; the job runs as its Owner only when it is true, and the job's own
 *       RunAsOwner (true when undefined, as on HTCondor's Unix) is not false.
 *   <li>SLOT_USER (default nobody): the account a job runs as when not as its Owner (HTCondor's
 *       SLOT&lt;N&gt;_USER, one for every slot here).
 *   <li>MIN_UID (default 1000): no job runs as an account whose uid is below it; root (uid 0)
 *       and an account whose primary group is root never, whatever MIN_UID says.
 * </ul>
 * An execute node that is not root cannot switch: its jobs run as its own account. Pure: the
 * accounts come from the lookup passed in, asked only for the names the decision needs.
 */
public record RunAsPolicy(Expr allowRunAsOwner, String slotUser, int minUid) {
    /** POSIX's portable user names (letters, digits, '.', '_', '-', not first '-'), and the '$' of Samba machine accounts. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.][A-Za-z0-9_.-]{0,31}\\$?");
    public static final String DEFAULT_SLOT_USER = "nobody";
    public static final int DEFAULT_MIN_UID = 1000;
    public static final RunAsPolicy DEFAULT = new RunAsPolicy(Expr.parse("TRUE"), DEFAULT_SLOT_USER, DEFAULT_MIN_UID);


    public RunAsPolicy {
        Objects.requireNonNull(allowRunAsOwner, "allowRunAsOwner");
        if (slotUser == null || !validName(slotUser)) {
            throw new IllegalArgumentException("SLOT_USER must be an account name (letters, digits, _.-), got '"
                    + slotUser + "'");
        }
        if (minUid < 1) {
            throw new IllegalArgumentException("MIN_UID must be at least 1 (root never runs jobs), got " + minUid);
        }
    }

    /** The knobs, STARTER_ALLOW_RUNAS_OWNER as ClassAd text; IllegalArgumentException naming the broken one. */
    public static RunAsPolicy of(String allowRunAsOwner, String slotUser, int minUid) {
        try {
            return new RunAsPolicy(Expr.parse(Objects.requireNonNull(allowRunAsOwner, "STARTER_ALLOW_RUNAS_OWNER")),
                    slotUser, minUid);
        } catch (ClassAdParseException e) {
            throw new IllegalArgumentException("STARTER_ALLOW_RUNAS_OWNER is not a ClassAd expression: " + e.getMessage());
        }
    }

    /** The knobs' names, as a configuration file spells them. */
    public static final java.util.List<String> KNOBS = java.util.List.of("STARTER_ALLOW_RUNAS_OWNER", "SLOT_USER", "MIN_UID");

    /** This policy with knob {@code knob} (one of {@link #KNOBS}) set from configuration text; IllegalArgumentException naming it. */
    public RunAsPolicy with(String knob, String value) {
        Objects.requireNonNull(value, knob);
        return switch (knob.toUpperCase(java.util.Locale.ROOT)) {
            case "STARTER_ALLOW_RUNAS_OWNER" -> of(value, slotUser, minUid);
            case "SLOT_USER" -> new RunAsPolicy(allowRunAsOwner, value.strip(), minUid);
            case "MIN_UID" -> new RunAsPolicy(allowRunAsOwner, slotUser, uid(value));
            default -> throw new IllegalArgumentException(knob + " is not an account knob (one of " + KNOBS + ")");
        };
    }

    private static int uid(String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("MIN_UID must be a whole number, got '" + text + "'");
        }
    }

    /** True when {@code name} can be an account's name (so it is safe to pass to getent and setpriv). */
    public static boolean validName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /**
     * The account {@code job} runs as on an execute node that is {@code root} or not, with
     * {@code accounts} the local accounts by name. Not root: the startd's own. Root: its Owner
     * when allowed and the Owner's account exists and may run jobs, else SLOT_USER when that
     * exists and may, else refused.
     */
    public RunAs decide(boolean root, ClassAd job, Function<String, Optional<LocalAccount>> accounts) {
        if (!root) {
            return RunAs.STARTD;
        }
        String notOwner;
        Value owner = job.evaluate("Owner");
        if (!allowed(job)) {
            notOwner = "STARTER_ALLOW_RUNAS_OWNER (" + allowRunAsOwner + ") or the job's RunAsOwner is not true";
        } else if (!(owner instanceof StringValue s)) {
            notOwner = "the job has no Owner";
        } else if (!validName(s.value())) {
            notOwner = "its Owner '" + s.value() + "' is not an account name";
        } else {
            Optional<LocalAccount> account = accounts.apply(s.value());
            notOwner = account.isEmpty() ? "its Owner " + s.value() + " has no account here"
                    : refusal(account.get(), "its Owner");
            if (notOwner == null) {
                return new RunAs.User(account.get(), "its Owner");
            }
        }
        Optional<LocalAccount> slot = accounts.apply(slotUser);
        String notSlot = slot.isEmpty() ? "SLOT_USER " + slotUser + " has no account here"
                : refusal(slot.get(), "SLOT_USER");
        if (notSlot == null) {
            return new RunAs.User(slot.get(), "SLOT_USER, since " + notOwner);
        }
        return new RunAs.Refused("the job may not run as its Owner (" + notOwner + ") nor as " + notSlot);
    }

    /** Whether jobs may run as {@code a}: null when they may, else why not, naming {@code what} it is. */
    private String refusal(LocalAccount a, String what) {
        if (a.uid() == 0) {
            return what + " " + a.name() + " is root";
        }
        if (a.gid() == 0) {
            return what + " " + a.name() + " has root as its primary group";
        }
        if (a.uid() < minUid) {
            return what + " " + a.name() + " has uid " + a.uid() + ", below MIN_UID " + minUid;
        }
        return null;
    }

    /** STARTER_ALLOW_RUNAS_OWNER with the job as TARGET, and the job's RunAsOwner (true when undefined). */
    private boolean allowed(ClassAd job) {
        Value knob = EvalContext.create().evaluate(allowRunAsOwner, ClassAd.EMPTY, job);
        Value own = job.evaluate("RunAsOwner");
        return isTrue(knob) && (own instanceof UndefinedValue || isTrue(own));
    }

    private static boolean isTrue(Value v) {
        return v instanceof BooleanValue b && b.value();
    }
}
