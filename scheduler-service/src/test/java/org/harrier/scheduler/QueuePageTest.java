package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.PrivateAttributes;
import org.harrier.scheduler.queue.QueueView;
import org.harrier.scheduler.queue.Submission;
import org.harrier.scheduler.queue.Transaction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Query's pages read each queued ad at the cost of what they carry ({@link ShownAds}); what they
 * carry is still exactly the shown ad (CustomId and GlobalJobId written out, private attributes
 * hidden) tested by the constraint and cut to the projection, attribute for attribute, in the
 * same order and spelling.
 */
class QueuePageTest {
    static QueueView queue() {
        JobQueue queue = new JobQueue();
        Submission submission = new Submission("schedd1", AdLimits.DEFAULT);
        ClassAd common = ClassAd.builder().set("Cmd", "/bin/sleep").set("Args", "60").setExpr("Requirements", "TRUE")
                .set("Owner", "alice").set("Iwd", "/tmp").set("RequestMemory", 64).setExpr("Big", "RequestMemory > 100")
                .build();
        queue.apply(submission.decide(common, 5, null, 1, 1_763_721_600L));
        queue.apply(submission.decide(common.with("ClaimId", Expr.parse("\"<10.0.0.1:9618>#1#secret\"")), 2, null, 2,
                1_763_721_700L));
        queue.apply(submission.decide(common, 3, null, 3, 1_763_721_800L));
        queue.apply(Transaction.builder()
                .set(new JobId(1, 1), "ClaimId", Expr.parse("\"<10.0.0.2:9618>#2#secret\""))
                .set(new JobId(1, 2), "RequestMemory", Expr.parse("ImageSize * 2"))
                .set(new JobId(1, 2), "ImageSize", 300)
                .set(new JobId(3, 0), "customid", Expr.parse("\"my own\""))
                .set(new JobId(3, 1), "_condor_privSecret", 1)
                .build());
        return queue.view();
    }

    /** What a page carried before ShownAds: every ad made as consoles see it, then tested and cut. */
    static List<ClassAd> plainly(QueueView view, Predicate<ClassAd> selects, Set<String> projection) {
        List<ClassAd> out = new ArrayList<>();
        view.forEach((id, ad) -> {
            ClassAd shown = PrivateAttributes.hidden(JobIdentity.literal(ad));
            if (selects.test(shown)) {
                out.add(projection == null ? shown : QueuePage.projected(shown, projection));
            }
        });
        return out;
    }

    static Predicate<ClassAd> constraint(String text) {
        if (text == null) {
            return ad -> true;
        }
        JobSelection.Matching matching = new JobSelection.Matching(JobSelection.constraint(text));
        EvalContext context = EvalContext.create(Clock.systemUTC(), 0);
        return ad -> matching.selects(ad, context);
    }

    static Stream<Arguments> queries() {
        List<String> constraints = java.util.Arrays.asList(null, "ProcId % 2 == 0", "CustomId == \"1.1\"",
                "ClaimId =!= undefined", "Big", "regexp(\"#1\\\\.2#\", GlobalJobId)");
        List<Set<String>> projections = java.util.Arrays.asList(null, Set.of("cmd"), Set.of("customid"),
                Set.of("globaljobid", "big"), Set.of("claimid", "owner"), Set.of("requestmemory"), Set.of("nosuch"));
        return constraints.stream().flatMap(c -> projections.stream().map(p -> Arguments.of(c, p)));
    }

    @ParameterizedTest(name = "constraint {0}, projection {1}")
    @MethodSource("queries")
    void aPageCarriesExactlyTheShownAdsTheConstraintSelectsCutToTheProjection(String constraint, Set<String> projection) {
        QueueView view = queue();
        List<ClassAd> expected = plainly(view, constraint(constraint), projection);
        QueuePage page = QueuePage.of(view, new QueuePage.Question(constraint(constraint), projection));

        assertFalse(page.more());
        assertEquals(expected, page.ads());
        assertEquals(expected.stream().map(ClassAd::names).toList(), page.ads().stream().map(ClassAd::names).toList(),
                "the same attributes, in the same order and spelling");
        assertEquals(expected.stream().map(ClassAd::toString).toList(), page.ads().stream().map(ClassAd::toString).toList());
    }

    @ParameterizedTest(name = "projection {0}")
    @MethodSource("projectionsOfPrivateNames")
    void noPageCarriesAPrivateAttributeHoweverItIsAskedFor(Set<String> projection) {
        QueuePage page = QueuePage.of(queue(), new QueuePage.Question(constraint(null), projection));

        assertEquals(10, page.ads().size());
        for (ClassAd ad : page.ads()) {
            assertNull(ad.lookup("ClaimId"), ad::toString);
            assertTrue(ad.names().stream().noneMatch(PrivateAttributes::isPrivate), ad::toString);
        }
    }

    static Stream<Set<String>> projectionsOfPrivateNames() {
        return Stream.of(null, Set.of("claimid"), Set.of("_condor_privsecret", "owner"),
                Set.of("claimid", "capability").stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet()));
    }
}
