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
import org.harrier.mgmt.QmfException;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.Request;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Transition;
import org.junit.jupiter.api.Test;

/**
 * Whatever order submissions, matches, startd answers, reports and user commands come in, the
 * scheduler's published view stays consistent: every status change is a move the state
 * machine allows, a job leaves only after a final state, a claim runs one job at a time, and
 * the statistics agree with the queue.
 */
class ScheddProperties {
    @Test
    void anyInterleavingKeepsThePublishedViewConsistent() {
        qt().withExamples(300).forAll(lists().of(integers().between(0, 99)).ofSizeBetween(1, 80))
                .checkAssert(ScheddProperties::run);
    }

    static void run(List<Integer> steps) {
        ScheddFixture f = new ScheddFixture();
        List<JobId> submitted = new ArrayList<>();
        for (int step : steps) {
            int op = step % 10;
            int arg = step / 10;
            switch (op) {
                case 0 -> submitted.add(f.await(f.schedd.submit(JobAds.valid(arg % 2 == 0 ? "alice" : "bob")
                        .set("RequestMemory", 64 + 64 * (arg % 3)).build())));
                case 1 -> {
                    List<Request> r = f.requests();
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
                default -> f.startds.answerAll("Deactivate");
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
            f.await(f.schedd.jobStarted(a.job(), a.claim().claimId(), "h"));
        } else {
            f.await(f.schedd.jobExited(a.job(), a.claim().claimId(), ExitReport.code(arg)));
        }
    }

    static void command(ScheddFixture f, List<JobId> submitted, int arg, String what) {
        if (submitted.isEmpty()) {
            return;
        }
        String id = submitted.get(arg % submitted.size()).toString();
        CompletableFuture<?> result = switch (what) {
            case "remove" -> f.schedd.remove(id, "r");
            case "hold" -> f.schedd.hold(id, "h");
            default -> f.schedd.release(id);
        };
        f.owner.runAll();
        if (result.isCompletedExceptionally()) {
            Throwable cause = ClaimRunner.unwrap(result.handle((v, t) -> t).join());
            assertTrue(cause instanceof QmfException, () -> "unexpected " + cause);
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
        assertEquals(s.totalJobAds(), s.totalIdleJobs() + s.totalRunningJobs() + s.totalHeldJobs() + s.totalRemovedJobs());
        int offered = f.requests().stream().mapToInt(Request::count).sum();
        assertTrue(offered <= s.totalIdleJobs(), "requests offer only idle jobs");
        assertTrue(s.totalRunningJobs() <= f.startds.all("Claim").size(), "at most one running job per claim");
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
