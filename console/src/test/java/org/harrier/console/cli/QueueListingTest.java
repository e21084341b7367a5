package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.AutoFormat;
import org.harrier.console.format.JobTable;
import org.harrier.console.format.LongFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code harrier q} prints each page as it comes; what it prints in the end is exactly what the
 * whole list printed at once made, whatever the form, the view (-hold, -run), the limit and the
 * way the jobs are cut into pages.
 */
class QueueListingTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2024-03-14T10:32:00Z"), ZoneOffset.UTC);

    /** 23 jobs of three clusters in job id order, idle, running and held in turn. */
    static List<ClassAd> jobs() {
        List<ClassAd> out = new ArrayList<>();
        for (int c = 1; c <= 3; c++) {
            for (int p = 0; p < 5 + 2 * c; p++) {
                int status = new int[] {1, 2, 5}[(c + p) % 3];
                out.add(ClassAd.parse("ClusterId = " + c + "\nProcId = " + p + "\nOwner = \"" + (p % 2 == 0 ? "alice" : "bob")
                        + "\"\nQDate = 1710412020\nJobStatus = " + status + "\nJobCurrentStartDate = 1710412080\n"
                        + "EnteredCurrentStatus = 1710412080\nImageSize = " + 1024 * p + "\nCmd = \"/bin/sleep\"\n"
                        + "Args = \"" + p + "\"\nRemoteHost = \"slot1@host\"\nHoldReason = \"because " + p + "\""));
            }
        }
        return out;
    }

    static Stream<Arguments> listings() {
        List<Expr> columns = List.of(Expr.parse("ClusterId"), Expr.parse("ProcId"), Expr.parse("Owner"));
        List<QueueListing.Shape> shapes = List.of(
                new QueueListing.Shape(OutputForm.TABLE, false, false, false, List.of(), null),
                new QueueListing.Shape(OutputForm.TABLE, false, true, false, List.of(), null),
                new QueueListing.Shape(OutputForm.TABLE, false, false, true, List.of(), 4L),
                new QueueListing.Shape(OutputForm.TABLE, true, false, false, List.of(), null),
                new QueueListing.Shape(OutputForm.TABLE, false, false, false, List.of(), 9L),
                new QueueListing.Shape(OutputForm.AUTOFORMAT, false, false, false, columns, null),
                new QueueListing.Shape(OutputForm.AUTOFORMAT, false, false, false, columns, 1L),
                new QueueListing.Shape(OutputForm.LONG, false, false, false, List.of(), null),
                new QueueListing.Shape(OutputForm.JSON, false, true, false, List.of(), null),
                new QueueListing.Shape(OutputForm.JSON, true, false, false, List.of(), 5L));
        return shapes.stream().flatMap(s -> Stream.of(1, 3, 100).map(pageSize -> Arguments.of(s, pageSize)));
    }

    @ParameterizedTest(name = "{0}, pages of {1}")
    @MethodSource("listings")
    void pagesPrintedAsTheyComeMakeWhatTheWholeListMadeAtOnce(QueueListing.Shape shape, int pageSize) {
        Predicate<ClassAd> shows = job -> !shape.hold() && !shape.run() || status(job) == (shape.hold() ? 5 : 2);
        StringWriter text = new StringWriter();
        QueueListing listing = new QueueListing(shape, shows, new JobTable(CLOCK), new PrintWriter(text));
        List<ClassAd> all = jobs();
        for (int from = 0; from < all.size(); from += pageSize) {
            listing.add(all.subList(from, Math.min(all.size(), from + pageSize)));
        }
        listing.finish();

        assertEquals(atOnce(shape, all.stream().filter(shows).limit(shape.limit() == null ? Long.MAX_VALUE : shape.limit())
                .toList()), text.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("listings")
    void anEmptyQueueStillPrintsWhatComesAfterTheLastJob(QueueListing.Shape shape, int pageSize) {
        StringWriter text = new StringWriter();
        QueueListing listing = new QueueListing(shape, job -> true, new JobTable(CLOCK), new PrintWriter(text));
        listing.add(List.of());
        listing.finish();

        assertEquals(atOnce(shape, List.of()), text.toString());
    }

    /** What QueueCommand printed from the whole list before it printed by pages. */
    static String atOnce(QueueListing.Shape shape, List<ClassAd> shown) {
        JobTable table = new JobTable(CLOCK);
        return switch (shape.form()) {
            case LONG -> LongFormat.render(shown);
            case JSON -> shape.totals() ? AdJson.write(JobTable.totalsByName(shown)) : AdJson.array(shown);
            case AUTOFORMAT -> AutoFormat.render(shown, shape.columns());
            case TABLE -> shape.totals() ? JobTable.totals(shown) + "\n" : shape.hold() ? table.held(shown)
                    : shape.run() ? table.running(shown) : table.queue(shown);
        };
    }

    static long status(ClassAd job) {
        return job.evaluate("JobStatus") instanceof IntegerValue i ? i.value() : -1;
    }
}
