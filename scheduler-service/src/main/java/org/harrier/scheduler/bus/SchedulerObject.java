package org.harrier.scheduler.bus;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.AgentName;
import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.scheduler.Schedd;
import org.harrier.scheduler.SchedulerStatistics;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.match.SlotRef;
import org.harrier.scheduler.queue.CheckpointReport;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.PrivateAttributes;
import org.harrier.scheduler.transfer.FileTransfers;

/**
 * The {@code scheduler} object: its properties and statistics, and its methods translated to
 * {@link Schedd} calls (which hop onto the scheduler's owner thread and complete there).
 * Failures reach the agent as a bare {@link QmfException}: bad input is BAD_PARAMETER naming
 * the argument, and nothing changes.
 */
final class SchedulerObject implements ManagedObject {
    private final ObjectId id;
    private final Schedd schedd;
    private final FileTransfers transfers;
    private final Map<String, Object> properties;
    private volatile Map<String, Object> values;

    SchedulerObject(String name, String machine, Duration updateInterval, long startNanos, Schedd schedd,
            FileTransfers transfers) {
        this.id = ObjectId.grid("scheduler", name);
        this.schedd = schedd;
        this.transfers = transfers;
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("Name", name);
        p.put("Machine", machine);
        p.put("DaemonStartTime", startNanos);
        p.put("MaxJobsRunning", 0L);
        p.put("UpdateInterval", updateInterval.toSeconds());
        this.properties = Collections.unmodifiableMap(p);
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
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
        try {
            return dispatch(method, new Arguments(method, arguments), caller == null ? null : caller.userId());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(translate(e));
        }
    }

    /** {@code user}: who called, when the broker authenticated the caller (null otherwise). */
    private CompletableFuture<Map<String, Object>> dispatch(String method, Arguments a, String user) {
        switch (method) {
            case "Submit":
                return reply(schedd.submit(a.ad("Ad")), id -> Map.of("Id", id.toString()));
            case "SubmitCluster": {
                ClassAd ad = a.ad("Ad");
                long count = a.integer("Count");
                List<ClassAd> items = new ArrayList<>();
                List<Map<?, ?>> maps = a.maps("ItemData");
                for (int i = 0; i < maps.size(); i++) {
                    items.add(Arguments.toAd(maps.get(i), "ItemData[" + i + "]"));
                }
                int n = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, count));
                return reply(schedd.submitCluster(ad, n, items), c -> Map.of("ClusterId", (long) c));
            }
            case "GetAd":
                return reply(schedd.ad(JobId.parse(a.string("Id"))), ad -> Map.of("Ad", AdMaps.toNative(PrivateAttributes.hidden(ad))));
            case "Remove":
                return reply(schedd.remove(a.selection(), a.string("Reason", null), user), SchedulerObject::ids);
            case "Hold":
                return reply(schedd.hold(a.selection(), a.string("Reason", null), user), SchedulerObject::ids);
            case "Release":
                return reply(schedd.release(a.selection(), a.string("Reason", null), user), SchedulerObject::ids);
            case "Suspend":
                return reply(schedd.suspend(a.selection()), SchedulerObject::ids);
            case "Continue":
                return reply(schedd.resume(a.selection()), SchedulerObject::ids);
            case "SetAttribute": {
                var jobs = a.selection();
                return reply(schedd.setAttribute(jobs, a.string("Name"), a.string("Value")), SchedulerObject::ids);
            }
            case "GetHistory": {
                String constraint = a.string("Constraint", null);
                int limit = a.has("Limit") ? limit(a.integer("Limit")) : Integer.MAX_VALUE;
                return reply(schedd.history(constraint, limit), ads -> {
                    List<Object> out = new ArrayList<>(ads.size());
                    ads.forEach(ad -> out.add(AdMaps.toNative(PrivateAttributes.hidden(ad))));
                    return Map.of("Ads", out);
                });
            }
            case "GetRequests":
                return reply(schedd.requests(), SchedulerObject::requests);
            case "Matched":
                return reply(schedd.matched(matches(a.maps("Matches"))), n -> Map.of());
            case "JobUsage": {
                org.harrier.scheduler.queue.RunUsage u;
                try {
                    u = runUsage(a);
                } catch (IllegalArgumentException e) {
                    throw QmfException.badParameter("JobUsage: " + e.getMessage());
                }
                return reply(schedd.jobUsage(JobId.parse(a.string("Id")), a.string("ClaimId"), u), applied -> Map.of());
            }
            case "JobStarted":
                return reply(schedd.jobStarted(JobId.parse(a.string("Id")), a.string("ClaimId"), a.string("RemoteHost")),
                        applied -> Map.of());
            case "JobExited": {
                ExitReport r;
                try {
                    // HoldReason/HoldReasonCode: a job the starter could not start (proposed schema addition).
                    r = new ExitReport(toInt(a.integer("ExitCode"), "ExitCode"), a.bool("ExitBySignal"),
                            toInt(a.integer("ExitSignal"), "ExitSignal"), a.real("RemoteUserCpu"), a.real("RemoteSysCpu"),
                            a.real("RemoteWallClockTime"), a.string("HoldReason", ""),
                            a.has("HoldReasonCode") ? toInt(a.integer("HoldReasonCode"), "HoldReasonCode") : 0,
                            a.has("Evicted") && a.bool("Evicted"));
                    if (a.has("ImageSize")) {
                        r = r.withUsage(runUsage(a));
                    }
                } catch (IllegalArgumentException e) {
                    throw QmfException.badParameter("JobExited: " + e.getMessage());
                }
                return jobExited(JobId.parse(a.string("Id")), a.string("ClaimId"), r);
            }
            case "JobCheckpointed":
                return jobCheckpointed(a);
            case "VacateJob":
                // Reason is accepted and not recorded: condor_vacate_job takes none either.
                a.string("Reason", null);
                return reply(schedd.vacate(a.selection()), SchedulerObject::ids);
            case "BeginTransfer":
            case "ReadFile":
            case "WriteFile":
            case "EndTransfer":
            case "GetCheckpoint":
            case "ListFiles":
                return TransferMethods.dispatch(transfers, method, a);
            case "FetchJobData":
                throw new QmfException(QmfException.NOT_IMPLEMENTED, "scheduler." + method + " is not implemented yet");
            default:
                throw new QmfException(QmfException.UNKNOWN_METHOD, "scheduler has no method " + method);
        }
    }

    /**
     * JobExited, after an eviction first committing what the eviction sent to the spool
     * (ON_EXIT_OR_EVICT, docs/protocols.md "File transfer"), so the job is Idle only once its
     * files are there for its next run.
     */
    private CompletableFuture<Map<String, Object>> jobExited(JobId id, String claimId, ExitReport r) {
        if (r.evicted()) {
            transfers.commitEvicted(id, claimId);
        }
        return reply(schedd.jobExited(id, claimId, r), applied -> Map.of());
    }

    /** JobCheckpointed(Id, ClaimId, CheckpointNumber, Size bytes, Duration seconds): docs/protocols.md, "Checkpoints and vacate". */
    private CompletableFuture<Map<String, Object>> jobCheckpointed(Arguments a) {
        CheckpointReport r;
        try {
            r = new CheckpointReport(a.integer("CheckpointNumber"), a.integer("Size"), a.real("Duration"));
        } catch (IllegalArgumentException e) {
            throw QmfException.badParameter("JobCheckpointed: " + e.getMessage());
        }
        JobId id = JobId.parse(a.string("Id"));
        String claimId = a.string("ClaimId");
        return reply(schedd.jobCheckpointed(id, claimId, r,
                ad -> transfers.commitCheckpoint(id, claimId, ad, r.number())), applied -> Map.of());
    }

    /** Ids: the jobs acted on, as "cluster.proc" strings. */
    private static Map<String, Object> ids(List<JobId> jobs) {
        List<Object> out = new ArrayList<>(jobs.size());
        jobs.forEach(j -> out.add(j.toString()));
        return Map.of("Ids", out);
    }

    private static int limit(long v) {
        if (v < 1) {
            throw QmfException.badParameter("Limit must be at least 1, got " + v + "; leave it out for every ad");
        }
        return (int) Math.min(v, Integer.MAX_VALUE);
    }

    private static int toInt(long v, String name) {
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw QmfException.badParameter(name + " " + v + " is out of range");
        }
        return (int) v;
    }

    /** A starter's figures (JobUsage, JobExited): CPU seconds; ImageSize, ResidentSetSize, DiskUsage KiB; MemoryUsage MiB. */
    private static org.harrier.scheduler.queue.RunUsage runUsage(Arguments a) {
        return new org.harrier.scheduler.queue.RunUsage(a.real("RemoteUserCpu"), a.real("RemoteSysCpu"),
                a.integer("ImageSize"), a.integer("ResidentSetSize"), a.integer("MemoryUsage"), a.integer("DiskUsage"));
    }

    private static Map<String, Object> requests(List<AutoclusterRequest> requests) {
        List<Object> out = new ArrayList<>(requests.size());
        for (AutoclusterRequest r : requests) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("RequestId", r.requestId());
            m.put("Owner", r.owner());
            m.put("Count", (long) r.count());
            m.put("Ad", AdMaps.toNative(PrivateAttributes.hidden(r.ad())));
            out.add(m);
        }
        return Map.of("Requests", out);
    }

    /**
     * Matches [{RequestId, Slot, Agent, Preempt?}]: Slot an object name ({@code mrg.grid:slot:slot1@h})
     * or a slot's Name; Preempt (optional bool) when the slot is claimed and the claim is to evict its job.
     */
    static List<SlotMatch> matches(List<Map<?, ?>> maps) {
        List<SlotMatch> out = new ArrayList<>(maps.size());
        for (int i = 0; i < maps.size(); i++) {
            Map<?, ?> m = maps.get(i);
            String where = "Matches[" + i + "]";
            Object rid = m.get("RequestId");
            long requestId;
            if (rid instanceof Number n && !(rid instanceof Double) && !(rid instanceof Float)) {
                requestId = n.longValue();
            } else if (rid instanceof String s && s.matches("[0-9]{1,18}")) {
                requestId = Long.parseLong(s);
            } else {
                throw QmfException.badParameter(where + " needs an integer RequestId, got " + org.harrier.protocol.QmfType.describe(rid));
            }
            if (!(m.get("Slot") instanceof String slot) || slot.isEmpty()) {
                throw QmfException.badParameter(where + " needs a Slot (the slot's object name)");
            }
            if (!(m.get("Agent") instanceof String agent)) {
                throw QmfException.badParameter(where + " needs an Agent (the startd's agent name)");
            }
            Object preempt = m.get("Preempt");
            if (preempt != null && !(preempt instanceof Boolean)) {
                throw QmfException.badParameter(where + " Preempt must be a bool, got " + org.harrier.protocol.QmfType.describe(preempt));
            }
            try {
                out.add(new SlotMatch(requestId, new SlotRef(AgentName.parse(agent), slotId(slot)), Boolean.TRUE.equals(preempt)));
            } catch (IllegalArgumentException e) {
                throw QmfException.badParameter(where + ": " + e.getMessage());
            }
        }
        return out;
    }

    /** A slot's object name ({@code package:class:key}) or, without a ':', its Name alone. */
    static ObjectId slotId(String slot) {
        return slot.indexOf(':') >= 0 ? ObjectId.parse(slot) : ObjectId.grid("slot", slot);
    }

    /** Maps the schedd's answer to output arguments, failing with the bare cause the agent can translate. */
    static <T> CompletableFuture<Map<String, Object>> reply(CompletableFuture<T> result, Function<T, Map<String, Object>> out) {
        CompletableFuture<Map<String, Object>> reply = new CompletableFuture<>();
        result.whenComplete((value, failure) -> {
            if (failure != null) {
                reply.completeExceptionally(translate(failure));
            } else {
                try {
                    reply.complete(out.apply(value));
                } catch (RuntimeException e) {
                    reply.completeExceptionally(translate(e));
                }
            }
        });
        return reply;
    }

    /** QMF codes for what went wrong: a QmfException as it is, misuse as bad parameter, anything else code 7. */
    static QmfException translate(Throwable t) {
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof QmfException q) {
            return q;
        }
        if (t instanceof IllegalArgumentException) {
            return QmfException.badParameter(t.getMessage());
        }
        return new QmfException(QmfException.EXCEPTION, t.getClass().getSimpleName() + ": " + t.getMessage());
    }
}
