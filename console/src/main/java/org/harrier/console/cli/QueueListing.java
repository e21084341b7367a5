package org.harrier.console.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.AutoFormat;
import org.harrier.console.format.JobStatusCode;
import org.harrier.console.format.JobTable;
import org.harrier.console.format.LongFormat;

/**
 * What {@code harrier q} prints, written as the jobs arrive rather than after the last of them,
 * so a listing of a million jobs starts at once and never holds them all: the header, each
 * page's lines as the page comes, then the blank line and the totals at the end (condor_q's
 * layout, {@link JobTable}). The jobs must come in job id order, as the scheduler's Query
 * answers them. {@code --json} and {@code -totals} print only at the end, as they must (one
 * JSON array; counts), keeping the jobs for the array and only the counts for the totals.
 *
 * <p>Owned by the command's thread: {@link #add} and {@link #finish} are called on it alone.
 */
final class QueueListing {
    /** What to print and of which jobs. */
    record Shape(OutputForm form, boolean totals, boolean hold, boolean run, List<Expr> columns, Long limit) {
        Shape {
            columns = List.copyOf(columns);
            if (limit != null && limit < 1) {
                throw new IllegalArgumentException("a listing shows at least one job, got a limit of " + limit);
            }
        }
    }

    private final Shape shape;
    private final Predicate<ClassAd> shows;
    private final JobTable table;
    private final PrintWriter out;
    private final Map<JobStatusCode, Integer> counts = new EnumMap<>(JobStatusCode.class);
    private final List<ClassAd> kept = new ArrayList<>();
    private long shown;
    private boolean headed;
    /** Whether the end prints totals (the table, -totals and its JSON): -long and -af print none, so need no counts. */
    private final boolean counted;

    /** {@code shows}: whether a job the scheduler sent belongs in the listing (the selection, -hold, -run). */
    QueueListing(Shape shape, Predicate<ClassAd> shows, JobTable table, PrintWriter out) {
        this.shape = shape;
        this.shows = shows;
        this.table = table;
        this.out = out;
        this.counted = shape.form() == OutputForm.TABLE || shape.form() == OutputForm.JSON || shape.totals();
    }

    /** Prints the jobs of {@code page} the listing shows, up to the limit; the page follows the previous one in job id order. */
    void add(List<ClassAd> page) {
        List<ClassAd> listed = new ArrayList<>(page.size());
        for (ClassAd job : page) {
            if (shape.limit() != null && shown == shape.limit()) {
                break;
            }
            if (shows.test(job)) {
                listed.add(job);
                shown++;
                if (counted) {
                    JobTable.count(job, counts);
                }
            }
        }
        if (shape.form() == OutputForm.JSON && !shape.totals()) {
            kept.addAll(listed);
        } else if (!shape.totals()) {
            print(listed);
        }
    }

    /** Prints what comes after the last job: the blank line and the totals, the JSON, or the totals alone. */
    void finish() {
        Map<String, Integer> totals = JobTable.totalsByName(counts, (int) shown);
        if (shape.form() == OutputForm.JSON) {
            out.print(shape.totals() ? AdJson.write(totals) : AdJson.array(kept));
        } else if (shape.totals()) {
            out.print(JobTable.totals(totals) + "\n");
        } else if (shape.form() == OutputForm.TABLE) {
            header();
            out.print("\n" + JobTable.totals(totals) + "\n");
        }
        out.flush();
    }

    private void print(List<ClassAd> jobs) {
        StringBuilder text = new StringBuilder();
        switch (shape.form()) {
            case LONG -> text.append(LongFormat.render(jobs));
            case AUTOFORMAT -> text.append(AutoFormat.render(jobs, shape.columns()));
            case TABLE -> {
                header();
                for (ClassAd job : jobs) {
                    text.append(shape.hold() ? table.heldLine(job) : shape.run() ? table.runLine(job) : table.queueLine(job))
                            .append('\n');
                }
            }
            case JSON -> throw new IllegalStateException("JSON is printed whole at the end");
        }
        out.print(text);
        out.flush();
    }

    private void header() {
        if (!headed) {
            out.print(JobTable.header(shape.hold(), shape.run()) + "\n");
            headed = true;
        }
    }
}
