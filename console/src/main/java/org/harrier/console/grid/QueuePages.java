package org.harrier.console.grid;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import org.harrier.classad.ClassAd;
import org.harrier.console.ConsoleFailure;
import org.harrier.protocol.scheduler.Query;

/**
 * The queue read as the scheduler's {@code Query} method pages it (docs/protocols.md): each
 * answer holds as many ads as fit a message, and the next is asked for with {@code After} the
 * last ad's id. The next page is asked for as soon as one arrives and before it is handed on, so
 * the scheduler makes page n+1 while the command prints page n; the bus's threads decode each
 * answer. It replaced a QMF object query of the {@code job} class, which answers the same ads but
 * as a property map each with its object and schema ids, and which the console could only use
 * once its last page had come.
 *
 * <p>Used on the command's thread, one read at a time.
 */
final class QueuePages {
    private final Function<Query, CompletableFuture<Query.Ads>> ask;
    private final Function<CompletableFuture<Query.Ads>, Query.Ads> await;

    /** {@code ask} sends a Query to the scheduler; {@code await} waits for its answer, failing as the client fails. */
    QueuePages(Function<Query, CompletableFuture<Query.Ads>> ask, Function<CompletableFuture<Query.Ads>, Query.Ads> await) {
        this.ask = ask;
        this.await = await;
    }

    /** Hands each page of the jobs {@code constraint} selects to {@code pages}, in job id order; see GridClient#queue. */
    void read(String constraint, List<String> projection, Long limit, Consumer<List<ClassAd>> pages) {
        long handed = 0;
        Set<String> cursors = new HashSet<>();
        // A projection comes as rows (docs/protocols.md, "Ads as rows"): its few names would
        // otherwise be most of each ad's bytes, and of the decoding.
        Query first = new Query(constraint, projection, limit, null, projection != null);
        CompletableFuture<Query.Ads> next = ask.apply(first);
        while (true) {
            Query.Ads page = await.apply(next);
            handed += page.ads().size();
            boolean last = !page.more() || page.ads().isEmpty() || (limit != null && handed >= limit);
            if (!last) {
                String after = cursor(page.ads().get(page.ads().size() - 1));
                if (!cursors.add(after)) {
                    throw new ConsoleFailure("the scheduler's queue answer came back to job " + after + " a second time");
                }
                next = ask.apply(first.after(after, limit == null ? null : limit - handed));
            }
            pages.accept(page.ads());
            if (last) {
                return;
            }
        }
    }

    /** The job id to continue after: every answered ad has ClusterId and ProcId, whatever the projection. */
    private static String cursor(ClassAd last) {
        if (last.lookup("ClusterId") == null || last.lookup("ProcId") == null) {
            throw new ConsoleFailure("the scheduler's queue answer was cut short, and its last ad has no ClusterId"
                    + " and ProcId to continue from");
        }
        return last.lookup("ClusterId").unparse() + "." + last.lookup("ProcId").unparse();
    }
}
