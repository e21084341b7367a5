package org.harrier.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.rules.Permission;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;

/**
 * Who acts on queued jobs, as the queue sees them (docs/protocols.md, "Authorisation"): a user,
 * who may change only the jobs whose Owner is that user, or a queue super user (HTCondor's
 * QUEUE_SUPER_USERS, and any administrator), who may change any job. {@link #SCHEDULER} is the
 * scheduler acting on its own behalf (its tests, its convenience calls): a super user whose name
 * no reason records. The bus package makes one from the authenticated caller
 * ({@link QueueRights#user}). Pure; immutable.
 */
public record QueueUser(String name, boolean superUser) {
    public static final QueueUser SCHEDULER = new QueueUser(null, true);

    public QueueUser {
        if (name == null && !superUser) {
            throw new IllegalArgumentException("only the scheduler itself acts without a name; a user has one");
        }
        if (name != null && name.isBlank()) {
            throw new IllegalArgumentException("a queue user's name is not blank");
        }
    }

    /** A user who may change only their own jobs. */
    public static QueueUser owner(String name) {
        return new QueueUser(name, false);
    }

    /** A queue super user, who may change anyone's jobs. */
    public static QueueUser superUser(String name) {
        return new QueueUser(name, true);
    }

    /** True if {@code ad}'s Owner is this user (a super user owns nothing it did not submit, yet may act on all). */
    public boolean owns(ClassAd ad) {
        return name != null && ad.lookup(Attr.OWNER) instanceof StringValue s && s.value().equals(name);
    }

    /** Whether this user may {@code what} (a method name) job {@code job}, whose ad is {@code ad}. */
    public Permission mayActOn(JobId job, ClassAd ad, String what) {
        if (superUser || owns(ad)) {
            return Permission.GRANTED;
        }
        String owner = ad.lookup(Attr.OWNER) instanceof StringValue s ? s.value() : "nobody";
        return Permission.refused(what + " refused: job " + job + " belongs to " + owner + "; " + name
                + " may act only on jobs whose Owner is " + name + " (or be a queue super user)");
    }

    /**
     * Of the queued jobs {@code jobs} named ({@code named}, in queue order; {@code ads} gives
     * each one's ad), those this user may act on with {@code what}: all of them for a super user.
     * For anyone else a constraint selects only their own jobs, as if it read
     * {@code (constraint) && Owner == name}; a job, or a cluster, is all theirs or refused with
     * {@link ScheddFailure.Refused} naming the first job that is not, so nothing changes.
     */
    public List<JobId> mine(JobSelection jobs, List<JobId> named, Function<JobId, ClassAd> ads, String what) {
        if (superUser) {
            return named;
        }
        List<JobId> out = new ArrayList<>(named.size());
        for (JobId id : named) {
            ClassAd ad = ads.apply(id);
            if (owns(ad)) {
                out.add(id);
            } else if (!(jobs instanceof JobSelection.Matching)) {
                throw new ScheddFailure.Refused(mayActOn(id, ad, what).refusal());
            }
        }
        return out;
    }

    /** "of alice " for a constraint a user's jobs narrow, else "": for a refusal's subject. */
    String whose(JobSelection jobs) {
        return superUser || !(jobs instanceof JobSelection.Matching) ? "" : "of " + name + " ";
    }
}
