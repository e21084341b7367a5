package org.harrier.scheduler.bus;

import java.time.Clock;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.protocol.scheduler.Query;
import org.harrier.scheduler.QueuePage;
import org.harrier.scheduler.Schedd;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;

/**
 * The scheduler's Query method: a page of queued ads ({@link QueuePage}) made from a
 * {@link org.harrier.scheduler.queue.QueueView}. Its arguments are checked on the request thread
 * (a bad one is BAD_PARAMETER and nothing is read), the view is taken on the owner thread, and
 * the walk, which may read every job to find the few a constraint selects, runs on the agent's
 * query threads: neither the thread that serves method calls nor the owner waits for it.
 * Stateless; any thread.
 */
final class JobQuery {
    private final Schedd schedd;
    private final Executor queries;

    JobQuery(Schedd schedd, Executor queries) {
        this.schedd = schedd;
        this.queries = queries;
    }

    CompletableFuture<Query.Ads> answer(Query q) {
        Predicate<ClassAd> selects = selects(q.constraint());
        JobId after = q.after() == null ? null : JobId.parse(q.after());
        Set<String> projection = projection(q);
        int limit = q.limit() == null ? Integer.MAX_VALUE : (int) Math.min(q.limit(), Integer.MAX_VALUE);
        return schedd.queueView()
                .thenApplyAsync(view -> QueuePage.of(view, new QueuePage.Question(after, selects, projection, limit, q.rows())), queries)
                .thenApply(page -> new Query.Ads(page.ads(), page.more(), q.rows()));
    }

    /** The constraint's test of an ad as consoles see it (undefined and error select nothing, as GetHistory's). */
    private static Predicate<ClassAd> selects(String constraint) {
        if (constraint == null) {
            return ad -> true;
        }
        JobSelection.Matching matching = new JobSelection.Matching(JobSelection.constraint(constraint));
        EvalContext context = EvalContext.create(Clock.systemUTC(), 0);
        return ad -> matching.selects(ad, context);
    }

    private static Set<String> projection(Query q) {
        return q.projection() == null ? null : lowerCased(q.projection());
    }

    /** A Projection's names in lower case, as pages look them up. */
    static Set<String> lowerCased(java.util.List<String> projection) {
        Set<String> names = new HashSet<>();
        projection.forEach(n -> names.add(n.toLowerCase(Locale.ROOT)));
        return names;
    }
}
