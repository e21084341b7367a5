package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.harrier.protocol.Completions;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Transition;
import org.junit.jupiter.api.Test;

/**
 * Whatever order submissions, matches, startd answers, reports and user commands come in, the
 * scheduler's published view stays consistent: every status change is a move the state
 * machine allows, a job leaves only after a final state, a claim runs one job at a time, and
 * the statistics agree with the queue. User commands act on single jobs and, by constraint, on
 * whole clusters; Suspend and Continue are answered or refused by the startd.
 */
class ScheddProperties {
    @Test
    void anyInterleavingKeepsThePublishedViewConsistent() {
        qt().withExamples(300).forAll(lists().of(integers().between(0, OPS * 10 - 1)).ofSizeBetween(1, 80))
                .checkAssert(ScheddProperties::run);
    }

    static final int OPS = 14;

    static void run(List<Integer> steps) {
        ScheddFixture f = new ScheddFixture();
        List<JobId> submitted = new ArrayList<>();
        for (int step : steps) {
            int op = step % OPS;
            int arg = step / OPS;
            switch (op) {
                case 0 -> submitted.add(f.await(f.schedd.submit(JobAds.valid(arg % 2 == 0 ? "alice" : "bob")
                        .set("RequestMemory", 64 + 64 * (arg % 3)).build())));
                case 1 -> {
                    List<AutoclusterRequest> r = f.requests();
                    if (!r.isEmpty()) {
                        f.await(f.schedd.matched(List.of(new SlotMatch(r.get(arg % r.size()).requestId(),
                                RecordingStartds.slot("slot" + arg + "@h")))));
                    }
                }
                case 2 -> {
                    if (!f.startds.pending("Claim").isEmpty()) {
                        if (arg % 4 == 0) {
                            f.startds.refuseNext();
                        } else {
                            f.startds.grantNext();
                        }
                    }
                }
                case 3 -> f.startds.answerAll("Activate");
                case 4 -> report(f, arg, true);
                case 5 -> report(f, arg, false);
                case 6 -> command(f, submitted, arg, "remove");
                case 7 -> command(f, submitted, arg, "hold");
                case 8 -> command(f, submitted, arg, "release");
                case 9 -> f.startds.answerAll("Deactivate");
                case 10 -> command(f, submitted, arg, "suspend");
                case 11 -> command(f, submitted, arg, "continue");
                case 12 -> answerSignals(f, arg);
                default -> command(f, submitted, arg, "edit");
            }
            f.owner.runAll();
            check(f);
        }
    }

    /** A start (or exit) report for the job of some Activate call, on that call's claim. */
    static void report(ScheddFixture f, int arg, boolean start) {
        List<RecordingStartds.Call> activations = f.startds.all("Activate");
        if (activations.isEmpty()) {
            return;
        }
        RecordingStartds.Call a = activations.get(arg % activations.size());
        if (start) {
            f.await(f.schedd.reports().jobStarted(a.job(), a.claim().claimId(), "h"));
        } else {
            f.await(f.schedd.reports().jobExited(a.job(), a.claim().claimId(), ExitReport.code(arg)));
        }
    }

    /** A user command on one job, or (odd arg) on its whole cluster by a constraint. */
    static void command(ScheddFixture f, List<JobId> submitted, int arg, String what) {
        if (submitted.isEmpty()) {
            return;
        }
        JobId job = submitted.get(arg % submitted.size());
        JobSelection jobs = arg % 2 == 0 ? JobSelection.of(job.toString(), null)
                : JobSelection.of(null, "ClusterId == " + job.cluster());
        CompletableFuture<?> result = switch (what) {
            case "remove" -> f.schedd.remove(jobs, "r", QueueUser.SCHEDULER);
            case "hold" -> f.schedd.hold(jobs, "h", QueueUser.superUser("alice"));
            case "suspend" -> f.schedd.suspend(jobs, QueueUser.SCHEDULER);
            case "continue" -> f.schedd.resume(jobs, QueueUser.SCHEDULER);
            case "edit" -> arg % 5 == 0 ? f.schedd.setAttribute(jobs, "Owner", "\"eve\"", QueueUser.SCHEDULER)
                    : f.schedd.setAttribute(jobs, "RequestMemory", Integer.toString(64 * (1 + arg % 3)), QueueUser.SCHEDULER);
            default -> f.schedd.release(jobs, null, QueueUser.SCHEDULER);
        };
        f.owner.runAll();
        if (result.isCompletedExceptionally()) {
            Throwable cause = Completions.cause(result.handle((v, t) -> t).join());
            assertTrue(cause instanceof ScheddFailure, () -> "unexpected " + cause);
        }
    }

    /** The startd answers the pending Suspend and Continue calls: done, or (now and then) an unknown claim. */
    static void answerSignals(ScheddFixture f, int arg) {
        for (String method : List.of("Suspend", "Continue")) {
            for (RecordingStartds.Call c : f.startds.pending(method)) {
                if (arg % 3 == 0) {
                    c.answer().completeExceptionally(new ScheddFailure.UnknownClaim("unknown claim"));
                } else {
                    c.answer().complete(null);
                }
            }
        }
    }

    static void check(ScheddFixture f) {
        Map<JobId, JobStatus> last = new HashMap<>();
        Map<JobId, Boolean> left = new HashMap<>();
        for (RecordingEvents.JobEvent e : f.events.jobs) {
            assertTrue(!left.getOrDefault(e.id(), false), () -> "event after job " + e.id() + " left: " + e.kind());
            if (e.kind().equals("left")) {
                assertTrue(last.get(e.id()).isFinal(), () -> "job " + e.id() + " left while " + last.get(e.id()));
                left.put(e.id(), true);
                continue;
            }
            JobStatus before = last.put(e.id(), e.status());
            if (before != null && before != e.status()) {
                assertTrue(allowed(before, e.status()), () -> "job " + e.id() + " moved " + before + " -> " + e.status());
            }
        }
        Map<String, JobId> onClaim = new HashMap<>();
        for (RecordingStartds.Call a : f.startds.all("Activate")) {
            onClaim.put(a.claim().claimId(), a.job());
        }
        SchedulerStatistics s = f.await(f.schedd.statistics());
        if (!f.events.statistics.isEmpty()) {
            assertEquals(s, f.events.lastStatistics(), "the last published statistics are the current ones");
        }
        int suspended = 0;
        for (JobId id : last.keySet()) {
            if (f.await(f.schedd.status(id)) == JobStatus.SUSPENDED) {
                suspended++;
            }
        }
        assertEquals(s.totalJobAds(), s.totalIdleJobs() + s.totalRunningJobs() + s.totalHeldJobs() + s.totalRemovedJobs()
                + suspended);
        int offered = f.requests().stream().mapToInt(AutoclusterRequest::count).sum();
        assertTrue(offered <= s.totalIdleJobs(), "requests offer only idle jobs");
        assertTrue(s.totalRunningJobs() + suspended <= f.startds.all("Claim").size(), "at most one running job per claim");
    }

    static boolean allowed(JobStatus from, JobStatus to) {
        for (Transition t : Transition.values()) {
            if (t.to() == to && t.allowedFrom(from)) {
                return true;
            }
        }
        return false;
    }
}
