package org.harrier.console.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.collector.negotiation.JobAnalysis;
import org.harrier.console.GridClient;
import org.harrier.console.format.AnalysisReport;
import org.harrier.console.format.AdJson;
import org.harrier.console.format.JobStatusCode;
import org.harrier.console.format.JobTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier q}: condor_q. */
@Command(name = "q", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "List the job queue (condor_q).",
        description = {"Columns as condor_q's: ID, OWNER, SUBMITTED, RUN_TIME, ST (I idle, R running, H held,"
            + " C completed, X removed, S suspended), PRI, SIZE (MiB), CMD; then the totals.",
            "-hold shows only held jobs with HELD_SINCE and HOLD_REASON; -run only running jobs with RUN_TIME and"
            + " HOST(S) (the slot); -totals only the totals line. -af prints the values of the attributes (or"
            + " expressions) named, space separated, 'undefined' for a missing one; put it last, as it takes"
            + " every argument after it.",
            "-better-analyze explains why each selected job is idle, as condor_q -better-analyze: how many slots"
            + " satisfy each clause of its Requirements, then how many slots its Requirements reject, reject it by"
            + " their own, are partitionable with too little left (and what they lack), run its owner's jobs, serve"
            + " other users, or could run it. The verdicts are the negotiator's own matchmaking code, run as a dry"
            + " run on the collector's slot ads; user priorities and limits are not considered."},
        footerHeading = "%nExamples:%n",
        footer = {"  harrier q                   every job",
            "  harrier q 12 13.2 alice     cluster 12, job 13.2 and alice's jobs",
            "  harrier q -hold             held jobs and why",
            "  harrier q -run              running jobs and where",
            "  harrier q -constraint 'JobStatus == 1' -long",
            "  harrier q -af ClusterId ProcId RequestMemory",
            "  harrier q -totals --json",
            "  harrier q -limit 10          the first 10 jobs",
            "  harrier q -better-analyze 12.0   why job 12.0 is idle"})
final class QueueCommand implements Callable<Integer> {
    private static final Comparator<ClassAd> BY_ID = Comparator
            .comparingLong((ClassAd ad) -> number(ad, "ClusterId"))
            .thenComparingLong(ad -> number(ad, "ProcId"));

    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Mixin
    JobListOptions jobs;

    @Option(names = {"-json", "--json"}, description = "print the job ads as a JSON array (with -totals, the totals)")
    boolean json;

    @Option(names = {"-hold", "--hold"}, description = "only held jobs: when they were held and why")
    boolean hold;

    @Option(names = {"-run", "--run"}, description = "only running jobs: how long and on which slot")
    boolean run;

    @Option(names = {"-totals", "--totals"}, description = "only the totals line")
    boolean totals;

    @Option(names = {"-limit", "--limit"}, paramLabel = "N",
            description = "show at most the first N jobs in job id order (condor_q -limit); the scheduler stops there")
    Long limit;

    @Option(names = {"-better-analyze", "--better-analyze", "-analyze", "--analyze"},
            description = "explain why the jobs are idle (with --json: the counts as JSON)")
    boolean analyze;

    private record Reading(OutputForm form, JobFilter selection, List<Expr> columns) {
    }

    @Override
    public Integer call() {
        Reading r = CommandLineError.checked(spec, this::read);
        if (analyze) {
            return analyze(r);
        }
        if (totals && limit == null && !hold && !run && r.selection().jobs().isEmpty() && r.selection().constraint() == null) {
            // Owners alone, or nothing: the scheduler's own counts answer, whatever the queue's length.
            Map<JobStatusCode, Integer> byStatus;
            try (GridClient grid = harrier.grid()) {
                byStatus = grid.totals(r.selection().owners());
            }
            Map<String, Integer> counts = JobTable.totalsByName(byStatus,
                    byStatus.values().stream().mapToInt(Integer::intValue).sum());
            harrier.out().print(r.form() == OutputForm.JSON ? AdJson.write(counts) : JobTable.totals(counts) + "\n");
            return 0;
        }
        QueueListing listing = new QueueListing(new QueueListing.Shape(r.form(), totals, hold, run, r.columns(), limit),
                job -> r.selection().accepts(job) && inView(job), new JobTable(harrier.surroundings().clock()),
                harrier.out());
        try (GridClient grid = harrier.grid()) {
            List<String> ids = r.selection().onlyJobIds();
            if (ids != null) {
                listing.add(grid.queueOf(ids).stream().sorted(BY_ID).toList());
            } else {
                // -hold and -run pick among what is read, so a limit is applied at the scheduler only without them.
                // The scheduler answers in job id order, so each page is printed as it comes.
                grid.queue(atScheduler(r.selection()), reads(r), hold || run ? null : limit, listing::add);
            }
        }
        listing.finish();
        return 0;
    }

    private Reading read() {
        OutputForm form = jobs.form(json);
        if (analyze && (hold || run || totals || form == OutputForm.LONG || form == OutputForm.AUTOFORMAT)) {
            throw new CommandLineError("-better-analyze prints an analysis; it cannot go with -hold, -run, -totals,"
                    + " -long or -af");
        }
        if (limit != null && limit < 1) {
            throw new CommandLineError("-limit takes a number of jobs of 1 or more, got " + limit);
        }
        if (hold && run) {
            throw new CommandLineError("choose one of -hold and -run");
        }
        if (totals && (form == OutputForm.LONG || form == OutputForm.AUTOFORMAT)) {
            throw new CommandLineError("-totals prints only the totals; it cannot go with " + (jobs.longForm ? "-long" : "-af"));
        }
        return new Reading(form, jobs.filter(), jobs.columns());
    }

    /**
     * condor_q -better-analyze: the named jobs (GetAd, so a job that just left the queue is still
     * explained), or the selected queued jobs, each analysed against every slot ad the collector has.
     */
    private int analyze(Reading r) {
        List<ClassAd> analysed;
        List<ClassAd> slots;
        try (GridClient grid = harrier.grid()) {
            JobFilter sel = r.selection();
            boolean onlyJobIds = !sel.jobs().isEmpty() && sel.owners().isEmpty() && sel.constraint() == null
                    && sel.jobs().stream().noneMatch(JobRef::isCluster);
            analysed = onlyJobIds ? sel.jobs().stream().map(j -> grid.jobAd(j.toString())).toList()
                    : sel.filter(grid.queue()).stream().sorted(BY_ID).toList();
            slots = grid.slots(null);
        }
        Instant now = harrier.surroundings().clock().instant();
        List<Map<String, Object>> json = new ArrayList<>();
        for (ClassAd job : analysed) {
            JobAnalysis analysis = JobAnalysis.of(job, slots, now);
            if (r.form() == OutputForm.JSON) {
                json.add(AnalysisReport.json(job, analysis));
            } else {
                harrier.out().print(AnalysisReport.render(job, analysis));
            }
        }
        if (r.form() == OutputForm.JSON) {
            harrier.out().print(AdJson.write(json));
        }
        return 0;
    }

    /**
     * The selection as a constraint the scheduler evaluates (owners, and the -constraint), so only
     * the jobs shown are sent; null when it selects every job. The command filters again, on the
     * attributes the selection reads ({@link #reads}).
     */
    private static String atScheduler(JobFilter selection) {
        return selection.constraint() == null && selection.owners().isEmpty() ? null : selection.asConstraint();
    }

    /**
     * The attributes the view shows (-af's columns, or the table's), what the selection reads,
     * and what the listing itself does (ids to sort by, status for -hold and -run, Owner for
     * owners named): the scheduler sends only those, so -af of two attributes costs two values
     * a job. Null, every attribute, for -long and --json.
     */
    private java.util.Set<String> reads(Reading r) {
        if (r.form() == OutputForm.LONG || r.form() == OutputForm.JSON) {
            return null;
        }
        java.util.Set<String> needs = new java.util.HashSet<>(List.of("clusterid", "procid"));
        if (hold || run) {
            needs.add("jobstatus");
        }
        if (!r.selection().owners().isEmpty()) {
            needs.add("owner");
        }
        if (r.form() == OutputForm.AUTOFORMAT) {
            for (Expr column : r.columns()) {
                needs.addAll(column.references());
            }
        } else {
            needs.addAll(JobTable.READS);
        }
        if (r.selection().constraint() != null) {
            needs.addAll(r.selection().constraint().references());
        }
        return needs;
    }

    /** -hold shows held jobs only, -run running ones, as condor_q's do. */
    private boolean inView(ClassAd job) {
        if (!hold && !run) {
            return true;
        }
        JobStatusCode s = job.evaluate("JobStatus") instanceof IntegerValue i ? JobStatusCode.of(i.value()) : null;
        return hold ? s == JobStatusCode.HELD : s == JobStatusCode.RUNNING;
    }

    private static long number(ClassAd ad, String name) {
        return ad.evaluate(name) instanceof IntegerValue i ? i.value() : Long.MIN_VALUE;
    }
}
