package org.harrier.scheduler.bus;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.harrier.bus.ManagedObject;
import org.harrier.bus.MethodTable;
import org.harrier.bus.RequestContext;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.scheduler.Continue;
import org.harrier.protocol.scheduler.FetchJobData;
import org.harrier.protocol.scheduler.GetAd;
import org.harrier.protocol.scheduler.GetHistory;
import org.harrier.protocol.scheduler.GetRequests;
import org.harrier.protocol.scheduler.GetTotals;
import org.harrier.protocol.scheduler.Hold;
import org.harrier.protocol.scheduler.JobCheckpointed;
import org.harrier.protocol.scheduler.JobExited;
import org.harrier.protocol.scheduler.JobStarted;
import org.harrier.protocol.scheduler.JobUsage;
import org.harrier.protocol.scheduler.Jobs;
import org.harrier.protocol.scheduler.Matched;
import org.harrier.protocol.scheduler.Query;
import org.harrier.protocol.scheduler.Release;
import org.harrier.protocol.scheduler.Remove;
import org.harrier.protocol.scheduler.SetAttribute;
import org.harrier.protocol.scheduler.Submit;
import org.harrier.protocol.scheduler.SubmitCluster;
import org.harrier.protocol.scheduler.Suspend;
import org.harrier.protocol.scheduler.StarterUsage;
import org.harrier.protocol.scheduler.VacateJob;
import org.harrier.rules.Caller;
import org.harrier.scheduler.ClaimReporter;
import org.harrier.scheduler.HistoryPage;
import org.harrier.scheduler.QueueRights;
import org.harrier.scheduler.QueueUser;
import org.harrier.scheduler.Schedd;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.SchedulerStatistics;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.match.SlotRef;
import org.harrier.scheduler.queue.CheckpointReport;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.PrivateAttributes;
import org.harrier.scheduler.queue.RunUsage;
import org.harrier.scheduler.transfer.FileTransfers;

/**
 * The {@code scheduler} object: its properties and statistics, and its methods, one handler per
 * method record, translated to {@link Schedd} calls (which hop onto the scheduler's owner thread
 * and complete there). Who may call what is {@link Authorisation}'s, checked before a handler
 * changes anything. Failures are answered through {@link ScheddFailures}: bad input is
 * BAD_PARAMETER naming the argument, a refused caller FORBIDDEN, and nothing changes.
 */
final class SchedulerObject implements ManagedObject {
    private final ObjectId id;
    private final Schedd schedd;
    private final FileTransfers transfers;
    private final Authorisation authorisation;
    private final Map<String, Object> properties;
    private final MethodTable methods;
    private volatile Map<String, Object> values;

    /**
     * {@code queries}: the agent's query threads, where the Query method walks the queue
     * ({@link JobQuery}) and GetHistory reads the history ({@link Schedd#historyPage}).
     */
    SchedulerObject(String name, String machine, Duration updateInterval, long startNanos, Schedd schedd,
            FileTransfers transfers, QueueRights rights, java.util.concurrent.Executor queries) {
        this.id = ObjectId.grid("scheduler", name);
        this.schedd = schedd;
        this.transfers = transfers;
        this.authorisation = new Authorisation(rights, schedd);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("Name", name);
        p.put("Machine", machine);
        p.put("DaemonStartTime", startNanos);
        p.put("MaxJobsRunning", 0L);
        p.put("UpdateInterval", updateInterval.toSeconds());
        this.properties = Collections.unmodifiableMap(p);
        this.methods = table(new JobQuery(schedd, queries), queries);
        update(new SchedulerStatistics(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    /** Called on the owner thread before each publication. */
    void update(SchedulerStatistics s) {
        Map<String, Object> v = new LinkedHashMap<>(properties);
        v.put("TotalIdleJobs", (long) s.totalIdleJobs());
        v.put("TotalRunningJobs", (long) s.totalRunningJobs());
        v.put("TotalHeldJobs", (long) s.totalHeldJobs());
        v.put("TotalRemovedJobs", (long) s.totalRemovedJobs());
        v.put("TotalJobAds", (long) s.totalJobAds());
        v.put("NumUsers", (long) s.numUsers());
        v.put("JobsSubmitted", s.jobsSubmitted());
        v.put("JobSubmissionRate", s.jobSubmissionRate());
        v.put("JobsStarted", s.jobsStarted());
        v.put("JobStartRate", s.jobStartRate());
        v.put("JobsCompleted", s.jobsCompleted());
        v.put("JobCompletionRate", s.jobCompletionRate());
        v.put("MeanTimeToStart", s.meanTimeToStart());
        v.putAll(transfers.statistics().properties());
        values = Collections.unmodifiableMap(v);
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        return values;
    }

    @Override
    public MethodTable methods() {
        return methods;
    }

    private MethodTable table(JobQuery query, java.util.concurrent.Executor queries) {
        Authorisation a = authorisation;
        MethodTable t = new MethodTable("scheduler", ScheddFailures::toQmf)
                .on(Submit.METHOD, (q, c) -> schedd.submit(a.submitted(c, q.ad(), List.of(), "Submit"))
                        .thenApply(id -> new Submit.Submitted(id.toString())))
                .on(SubmitCluster.METHOD, (q, c) -> schedd.submitCluster(a.submitted(c, q.ad(), q.itemData(), "SubmitCluster"),
                        clamp(q.count()), q.itemData()).thenApply(n -> new SubmitCluster.Submitted(n)))
                .on(GetAd.METHOD, (q, c) -> schedd.ad(JobId.parse(q.id()))
                        .thenApply(ad -> new GetAd.JobAd(PrivateAttributes.hidden(ad))))
                .on(Remove.METHOD, (q, c) -> acted(schedd.remove(selection(q), q.reason(), a.user(c, "Remove"))))
                .on(Hold.METHOD, (q, c) -> acted(schedd.hold(selection(q), q.reason(), a.user(c, "Hold"))))
                .on(Release.METHOD, (q, c) -> acted(schedd.release(selection(q), q.reason(), a.user(c, "Release"))))
                .on(Suspend.METHOD, (q, c) -> acted(schedd.suspend(selection(q), a.user(c, "Suspend"))))
                .on(Continue.METHOD, (q, c) -> acted(schedd.resume(selection(q), a.user(c, "Continue"))))
                // Reason is accepted and not recorded: condor_vacate_job takes none either.
                .on(VacateJob.METHOD, (q, c) -> acted(schedd.vacate(selection(q), a.user(c, "VacateJob"))))
                .on(SetAttribute.METHOD, (q, c) -> acted(schedd.setAttribute(selection(SetAttribute.METHOD.name(), q.jobs()),
                        q.name(), q.value(), a.user(c, "SetAttribute"))))
                .on(GetHistory.METHOD, (q, c) -> schedd.historyPage(q.constraint(),
                        q.limit() == null ? Integer.MAX_VALUE : clamp(q.limit()), after(q.after()), queries)
                        .thenApply(page -> history(page, q)))
                .on(GetTotals.METHOD, (q, c) -> schedd.totals(q.owner()).thenApply(SchedulerObject::totals))
                .on(Query.METHOD, (q, c) -> query.answer(q))
                .on(FetchJobData.METHOD, this::fetchJobData)
                .on(GetRequests.METHOD, Authorisation.daemon(Caller.NEGOTIATOR, GetRequests.METHOD,
                        (q, c) -> schedd.requests().thenApply(SchedulerObject::requests)))
                .on(Matched.METHOD, Authorisation.daemon(Caller.NEGOTIATOR, Matched.METHOD,
                        (q, c) -> schedd.matched(matches(q.matches())).thenApply(n -> Done.DONE)))
                .on(JobUsage.METHOD, Authorisation.daemon(Caller.STARTD, JobUsage.METHOD, this::jobUsage))
                .on(JobStarted.METHOD, Authorisation.daemon(Caller.STARTD, JobStarted.METHOD, this::jobStarted))
                .on(JobExited.METHOD, Authorisation.daemon(Caller.STARTD, JobExited.METHOD, this::jobExited))
                .on(JobCheckpointed.METHOD, Authorisation.daemon(Caller.STARTD, JobCheckpointed.METHOD, this::jobCheckpointed));
        return TransferMethods.register(t, transfers, a);
    }

    /**
     * FetchJobData: the job's ad (queued or in the history), then, if the caller may read it (its
     * owner or a queue super user), the range of its file, read off the owner thread.
     */
    private CompletionStage<FetchJobData.Data> fetchJobData(FetchJobData q, RequestContext c) {
        JobId id = JobId.parse(q.id());
        QueueUser by = authorisation.user(c, FetchJobData.METHOD.name());
        return schedd.ad(id).thenCompose(ad -> {
            Authorisation.require(by.mayActOn(id, ad, FetchJobData.METHOD.name()));
            return transfers.jobData(id, ad, q.file(), q.start(), q.end());
        }).thenApply(FetchJobData.Data::new);
    }

    /*
     * The starter's reports: each read (a bad argument refused), then checked against the claim's
     * reporter and applied in one owner task.
     */
    private CompletableFuture<Done> jobUsage(JobUsage q, RequestContext c) {
        JobId id = JobId.parse(q.id());
        RunUsage usage = checked("JobUsage", () -> runUsage(q.remoteUserCpu(), q.remoteSysCpu(), q.usage()));
        return schedd.reports().jobUsage(id, q.claimId(), usage, Authorisation.reporter(c)).thenApply(applied -> Done.DONE);
    }

    private CompletableFuture<Done> jobStarted(JobStarted q, RequestContext c) {
        JobId id = JobId.parse(q.id());
        return schedd.reports().jobStarted(id, q.claimId(), q.remoteHost(), Authorisation.reporter(c)).thenApply(applied -> Done.DONE);
    }

    /**
     * JobExited. After an eviction, the reporter is checked first, then what the eviction sent to
     * the spool is committed (ON_EXIT_OR_EVICT, docs/protocols.md "File transfer"), so the job is
     * Idle only once its files are there for its next run.
     */
    private CompletableFuture<Done> jobExited(JobExited q, RequestContext c) {
        JobId id = JobId.parse(q.id());
        ExitReport r = checked("JobExited", () -> exitReport(q));
        JobId next = q.nextStarted() == null ? null : checked("JobExited", () -> JobId.parse(q.nextStarted()));
        ClaimReporter by = Authorisation.reporter(c);
        CompletableFuture<Void> ready = r.evicted()
                ? schedd.reports().reportedBy(q.claimId(), by).thenRun(() -> transfers.commitEvicted(id, q.claimId()))
                : CompletableFuture.completedFuture(null);
        return ready.thenCompose(v -> schedd.reports().jobExited(id, q.claimId(), r, by, next)).thenApply(applied -> Done.DONE);
    }

    /** JobCheckpointed(Id, ClaimId, CheckpointNumber, Size bytes, Duration seconds): docs/protocols.md, "Checkpoints and vacate". */
    private CompletableFuture<Done> jobCheckpointed(JobCheckpointed q, RequestContext c) {
        CheckpointReport r = checked("JobCheckpointed", () -> new CheckpointReport(q.checkpointNumber(), q.size(), q.duration()));
        JobId id = JobId.parse(q.id());
        String claimId = q.claimId();
        return schedd.reports().jobCheckpointed(id, claimId, r, Authorisation.reporter(c),
                        ad -> transfers.commitCheckpoint(id, claimId, ad, r.number()))
                .thenApply(applied -> Done.DONE);
    }

    private static ExitReport exitReport(JobExited q) {
        JobExited.Exit e = q.exit();
        // HoldReason/HoldReasonCode: a job the starter could not start (proposed schema addition).
        ExitReport r = new ExitReport(e.exitCode(), e.exitBySignal(), e.exitSignal(), e.remoteUserCpu(), e.remoteSysCpu(),
                e.remoteWallClockTime(), q.holdReason() == null ? "" : q.holdReason(),
                q.holdReasonCode() == null ? 0 : q.holdReasonCode(), q.evicted());
        return q.usage() == null ? r : r.withUsage(runUsage(e.remoteUserCpu(), e.remoteSysCpu(), q.usage()));
    }

    /** A starter's figures (JobUsage, JobExited): CPU seconds; ImageSize, ResidentSetSize, DiskUsage KiB; MemoryUsage MiB. */
    private static RunUsage runUsage(double userCpu, double sysCpu, StarterUsage u) {
        return new RunUsage(userCpu, sysCpu, u.imageSize(), u.residentSetSize(), u.memoryUsage(), u.diskUsage());
    }

    /** {@code make}, whose domain rules (an IllegalArgumentException) fail as a bad parameter of {@code method}. */
    private static <T> T checked(String method, Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(method + ": " + e.getMessage());
        }
    }

    private static JobSelection selection(Jobs.Control q) {
        return selection(q.method().name(), q.jobs());
    }

    /** The jobs a control method names, its bad Id or Constraint a bad parameter naming the method. */
    private static JobSelection selection(String method, Jobs jobs) {
        try {
            return JobSelection.of(jobs.id(), jobs.constraint());
        } catch (ScheddFailure.Invalid e) {
            throw new ScheddFailure.Invalid(method + ": " + e.getMessage());
        }
    }

    /** Ids: the jobs acted on, as "cluster.proc" strings. */
    private static CompletableFuture<Jobs.Acted> acted(CompletableFuture<List<JobId>> jobs) {
        return jobs.thenApply(ids -> new Jobs.Acted(ids.stream().map(JobId::toString).toList()));
    }

    private static int clamp(long v) {
        return (int) Math.min(v, Integer.MAX_VALUE);
    }

    /** The page as the caller sees it: private attributes hidden, cut to its Projection, as rows if it asked (Compact). */
    private static GetHistory.Ads history(HistoryPage page, GetHistory q) {
        HistoryPage cut = q.projection() == null ? page : page.projected(JobQuery.lowerCased(q.projection()));
        return new GetHistory.Ads(cut.ads().stream().map(PrivateAttributes::hidden).toList(), cut.more(), q.rows());
    }

    private static GetTotals.Totals totals(Map<JobStatus, Integer> t) {
        long all = 0;
        for (int n : t.values()) {
            all += n;
        }
        return new GetTotals.Totals(all, t.get(JobStatus.IDLE), t.get(JobStatus.RUNNING), t.get(JobStatus.REMOVED),
                t.get(JobStatus.COMPLETED), t.get(JobStatus.HELD), t.get(JobStatus.TRANSFERRING_OUTPUT),
                t.get(JobStatus.SUSPENDED));
    }

    /** GetHistory's After: a job id (a bad one is refused as a bad parameter), or null. */
    private static JobId after(String after) {
        return after == null ? null : JobId.parse(after);
    }

    private static GetRequests.Requests requests(List<AutoclusterRequest> requests) {
        return new GetRequests.Requests(requests.stream()
                .map(r -> new GetRequests.Entry(r.requestId(), r.owner(), r.count(), PrivateAttributes.hidden(r.ad()))).toList());
    }

    /** The negotiator's matches as the schedd's: Slot an object name or a slot's Name, Preempt to evict the slot's job. */
    static List<SlotMatch> matches(List<Matched.Match> matches) {
        List<SlotMatch> out = new ArrayList<>(matches.size());
        for (Matched.Match m : matches) {
            out.add(new SlotMatch(m.requestId(), new SlotRef(m.agent(), m.slot()), m.preempt()));
        }
        return out;
    }
}
