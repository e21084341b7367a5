package org.harrier.collector.negotiation;

import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.harrier.classad.EvalContext;

/**
 * The negotiator's decision as a pure function (STYLE.md 1-2): requests and slot ads in, a
 * {@link MatchPlan} out, nothing else read or written.
 *
 * <p>Owners take turns, one job per turn, in name order, each working through its requests in
 * the order given; so two users with equal demand get equal shares of a small pool (a stand-in
 * until the accountant's user priorities exist). A job goes to the candidate slot that both
 * sides' Requirements accept and that the job's Rank likes best, then the slot's Rank, then
 * the earlier in the snapshot (HTCondor's matchmaker: job rank first). When a request's job
 * finds no slot, its remaining jobs are alike and would find none either, so the request is
 * rejected as a whole with the reason its slots gave.
 *
 * <p>A partitionable slot takes jobs while what it has left covers their RequestCpus,
 * RequestMemory and RequestDisk; Requirements and Rank are evaluated against the slot ad with
 * its Cpus, Memory and Disk replaced by what is left, as the startd's own check at claim time
 * sees it (its WithinResourceLimits).
 */
public final class MatchPlanner {
    /** Seed for {@code random()} in ads, fixed so a plan is reproducible from its snapshot. */
    private static final long SEED = 0x4e65676fL;

    private MatchPlanner() {
    }

    public static MatchPlan plan(NegotiationSnapshot snapshot) {
        Clock clock = Clock.fixed(snapshot.now(), ZoneId.systemDefault());
        List<Candidate> candidates = new ArrayList<>();
        for (SlotOffer slot : snapshot.slots()) {
            if (slot.available()) {
                candidates.add(new Candidate(slot));
            }
        }
        List<PlannedMatch> matches = new ArrayList<>();
        List<Rejection> rejections = new ArrayList<>();
        long idleJobs = 0;
        List<ArrayDeque<Pending>> turns = new ArrayList<>();
        for (ArrayDeque<Pending> queue : byOwner(snapshot.requests()).values()) {
            turns.add(queue);
            idleJobs += queue.stream().mapToLong(p -> p.left).sum();
        }
        while (!turns.isEmpty()) {
            for (Iterator<ArrayDeque<Pending>> it = turns.iterator(); it.hasNext();) {
                ArrayDeque<Pending> queue = it.next();
                Pending next = queue.peek();
                EnumMap<Reason, Integer> verdicts = new EnumMap<>(Reason.class);
                PlannedMatch match = bestSlot(next.request, candidates, verdicts, clock);
                if (match != null) {
                    matches.add(match);
                    next.left--;
                } else {
                    rejections.add(Rejection.of(next.request, next.left, verdicts));
                    next.left = 0;
                }
                if (next.left == 0) {
                    queue.poll();
                }
                if (queue.isEmpty()) {
                    it.remove();
                }
            }
        }
        return new MatchPlan(matches, rejections, candidates.size(), idleJobs);
    }

    /** Requests with jobs idle, queued per owner, owners in name order. */
    private static Map<String, ArrayDeque<Pending>> byOwner(List<ResourceRequest> requests) {
        Map<String, ArrayDeque<Pending>> out = new TreeMap<>();
        for (ResourceRequest r : requests) {
            if (r.count() > 0) {
                out.computeIfAbsent(r.owner(), k -> new ArrayDeque<>()).add(new Pending(r));
            }
        }
        return out;
    }

    /** The best slot for one job of {@code request}, carved or taken; null, with verdicts counted, if none. */
    private static PlannedMatch bestSlot(ResourceRequest request, List<Candidate> candidates,
            EnumMap<Reason, Integer> verdicts, Clock clock) {
        Candidate.Fit best = null;
        for (Candidate c : candidates) {
            Candidate.Fit fit = c.consider(request.ad(), EvalContext.create(clock, SEED));
            if (fit.reason() != null) {
                verdicts.merge(fit.reason(), 1, Integer::sum);
            } else if (best == null || BETTER.compare(fit, best) > 0) {
                best = fit;
            }
        }
        if (best == null) {
            return null;
        }
        best.candidate().take(best.demand());
        return new PlannedMatch(request, best.candidate().slot(), best.demand(), best.jobRank(), best.slotRank());
    }

    /** Higher job Rank wins, then higher slot Rank; ties keep the earlier slot (compare is strict). */
    private static final Comparator<Candidate.Fit> BETTER = Comparator
            .comparingDouble(Candidate.Fit::jobRank)
            .thenComparingDouble(Candidate.Fit::slotRank);

    /** A request's jobs still to place in this plan. */
    private static final class Pending {
        final ResourceRequest request;
        long left;

        Pending(ResourceRequest request) {
            this.request = request;
            this.left = request.count();
        }
    }
}
