package org.harrier.scheduler.bus;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.bus.MethodTable;
import org.harrier.bus.RequestContext;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.Request;
import org.harrier.rules.Caller;
import org.harrier.rules.Permission;
import org.harrier.scheduler.ClaimReporter;
import org.harrier.scheduler.QueueRights;
import org.harrier.scheduler.QueueUser;
import org.harrier.scheduler.Schedd;
import org.harrier.scheduler.ScheddFailure;

/**
 * Who may call which of the scheduler's methods (docs/protocols.md, "Authorisation"), applied
 * before a handler changes anything. The caller is the user and roles the broker stamped on the
 * request ({@link RequestContext}); the rules are grid-rules' {@link Caller} and the scheduler's
 * {@link QueueRights}; a refusal is {@link ScheddFailure.Refused}, answered QMF forbidden (code 6)
 * with the rule's sentence.
 *
 * <ul>
 *   <li>Reads (GetAd, GetHistory, the job objects' GetTypedAd, queries) are open to anyone.
 *   <li>Anything that changes a job needs an authenticated caller, and acts only on that user's
 *       jobs unless they are a queue super user; a submitted job is its caller's.
 *   <li>FetchJobData reads a job's files: its owner's or a queue super user's.
 *   <li>The negotiator's calls (GetRequests, Matched) need role negotiator; the starter's reports
 *       and file transfers need role startd, and only the user that first reported on a claim
 *       may report on it ({@link ClaimReporter}).
 * </ul>
 * An administrator (broker role admin) passes every rule. Stateless; any thread.
 */
final class Authorisation {
    private final QueueRights rights;
    private final Schedd schedd;

    Authorisation(QueueRights rights, Schedd schedd) {
        this.rights = rights;
        this.schedd = schedd;
    }

    static Caller caller(RequestContext context) {
        return Caller.of(context.userId(), context.roles());
    }

    static void require(Permission p) {
        if (!p.granted()) {
            throw new ScheddFailure.Refused(p.refusal());
        }
    }

    /** {@code handler}, served only to daemon {@code role} (or an administrator). */
    static <Q extends Request<R>, R> MethodTable.Handler<Q, R> daemon(String role, Method<Q, R> method,
            MethodTable.Handler<Q, R> handler) {
        return (q, c) -> {
            require(caller(c).mayActAs(role, method.name()));
            return handler.handle(q, c);
        };
    }

    /** The queue's view of the caller of {@code method}, a change: refused without an authenticated caller. */
    QueueUser user(RequestContext context, String method) {
        Caller caller = caller(context);
        require(caller.mayChange(method));
        return rights.user(caller);
    }

    /**
     * The job ad {@code method} queues: its Owner the caller's when it names none; refused when
     * it, or one proc's {@code items}, names an owner the caller may not submit as.
     */
    ClassAd submitted(RequestContext context, ClassAd ad, List<ClassAd> items, String method) {
        Caller caller = caller(context);
        require(rights.maySubmit(caller, ad, method));
        for (ClassAd item : items) {
            require(rights.maySubmit(caller, item, method));
        }
        return QueueRights.ownedBy(caller, ad);
    }

    /**
     * The caller, a startd already let through, as a claim's reporter: an administrator may
     * report on any claim, anyone else only on one they were the first to report on.
     */
    static ClaimReporter reporter(RequestContext context) {
        Caller caller = caller(context);
        return caller.isAdmin() ? ClaimReporter.ANYONE : ClaimReporter.startd(caller.user());
    }

    /** Completes when the caller may report on claim {@code claimId} ({@link #reporter}). */
    CompletableFuture<Void> claimHolder(RequestContext context, String claimId) {
        return schedd.reports().reportedBy(claimId, reporter(context));
    }
}
