package org.harrier.scheduler;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.config.Configuration;
import org.harrier.config.ConfigurationException;
import org.harrier.rules.Caller;
import org.harrier.rules.Permission;
import org.harrier.scheduler.queue.Attr;

/**
 * Who may submit and change which jobs (docs/protocols.md, "Authorisation"), after HTCondor's
 * schedd: a job's Owner is the user who submitted it; only a queue super user may submit as, or
 * change the jobs of, someone else. The queue super users are the users QUEUE_SUPER_USERS names
 * (HTCondor's default {@code root, condor}) and every administrator (broker role admin: on a
 * personal grid, the account that started it). A super user may submit as the owners
 * QUEUE_SUPER_USER_MAY_IMPERSONATE matches, a regular expression that must match the whole
 * name (default {@code .*}: anyone). Pure; immutable.
 */
public final class QueueRights {
    public static final String SUPER_USERS_KNOB = "QUEUE_SUPER_USERS";
    public static final String MAY_IMPERSONATE_KNOB = "QUEUE_SUPER_USER_MAY_IMPERSONATE";
    public static final QueueRights DEFAULT = new QueueRights(List.of("root", "condor"), ".*");

    private final Set<String> superUsers;
    private final Pattern mayImpersonate;

    /** {@code superUsers}: user names; {@code mayImpersonate}: a Java regular expression over whole owner names. */
    public QueueRights(Collection<String> superUsers, String mayImpersonate) {
        for (String u : superUsers) {
            if (u == null || u.isBlank() || u.chars().anyMatch(c -> c == ',' || Character.isWhitespace(c))) {
                throw new IllegalArgumentException(SUPER_USERS_KNOB + " lists user names without commas or spaces, got '" + u + "'");
            }
        }
        this.superUsers = Set.copyOf(superUsers);
        try {
            this.mayImpersonate = Pattern.compile(mayImpersonate);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(MAY_IMPERSONATE_KNOB + " must be a regular expression, got '"
                    + mayImpersonate + "': " + e.getDescription());
        }
    }

    /**
     * The two knobs of an HTCondor-style configuration, each defaulting to HTCondor's:
     * QUEUE_SUPER_USERS a list separated by commas and/or spaces; an error names the knob and
     * where it was defined.
     */
    public static QueueRights from(Configuration config) {
        String users = config.string(SUPER_USERS_KNOB, "root, condor").strip();
        String impersonate = config.string(MAY_IMPERSONATE_KNOB, ".*").strip();
        try {
            return new QueueRights(users.isEmpty() ? List.of() : List.of(users.split("[,\\s]+")), impersonate);
        } catch (IllegalArgumentException e) {
            String knob = e.getMessage().startsWith(SUPER_USERS_KNOB) ? SUPER_USERS_KNOB : MAY_IMPERSONATE_KNOB;
            throw new ConfigurationException(e.getMessage() + " (" + config.origin(knob).orElse("not defined") + ")");
        }
    }

    public Set<String> superUsers() {
        return superUsers;
    }

    public String mayImpersonate() {
        return mayImpersonate.pattern();
    }

    /** An administrator, or a user QUEUE_SUPER_USERS names. */
    public boolean superUser(Caller caller) {
        return caller.authenticated() && (caller.isAdmin() || superUsers.contains(caller.user()));
    }

    /** The queue's view of an authenticated caller; IllegalArgumentException for one that is not (check mayChange first). */
    public QueueUser user(Caller caller) {
        if (!caller.authenticated()) {
            throw new IllegalArgumentException("no authenticated caller acts on the queue");
        }
        return new QueueUser(caller.user(), superUser(caller));
    }

    /**
     * Whether {@code caller} may submit {@code ad} (a job's ad or one proc's extra attributes):
     * an ad without Owner is the caller's (see {@link #ownedBy}); one whose Owner is a string
     * naming the caller is theirs; another owner needs a super user whom QUEUE_SUPER_USER_MAY_IMPERSONATE
     * lets act as it. An Owner that is not a string is left to the submission's own check, which
     * refuses it as a bad parameter.
     */
    public Permission maySubmit(Caller caller, ClassAd ad, String what) {
        Permission change = caller.mayChange(what);
        if (!change.granted() || !(ad.lookup(Attr.OWNER) instanceof StringValue s) || s.value().equals(caller.user())) {
            return change;
        }
        String owner = s.value();
        if (!superUser(caller)) {
            return Permission.refused(what + " refused: " + caller.user() + " may not submit a job whose Owner is " + owner
                    + "; only queue super users (" + SUPER_USERS_KNOB + ", or broker role admin) may submit as someone else");
        }
        if (!mayImpersonate.matcher(owner).matches()) {
            return Permission.refused(what + " refused: queue super user " + caller.user() + " may not submit as " + owner
                    + ", which " + MAY_IMPERSONATE_KNOB + " (" + mayImpersonate.pattern() + ") does not match");
        }
        return Permission.GRANTED;
    }

    /** {@code ad} with Owner the caller's name when it has none: a job is its submitter's unless it says otherwise. */
    public static ClassAd ownedBy(Caller caller, ClassAd ad) {
        if (ad.lookup(Attr.OWNER) != null || !caller.authenticated()) {
            return ad;
        }
        return ad.with(Attr.OWNER, new StringValue(caller.user()));
    }

    @Override
    public String toString() {
        return SUPER_USERS_KNOB + " = " + String.join(", ", new TreeSet<>(superUsers)) + "; " + MAY_IMPERSONATE_KNOB
                + " = " + mayImpersonate.pattern();
    }
}
