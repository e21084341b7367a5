package org.harrier.collector.negotiation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.harrier.classad.EvalContext;

/**
 * A request's jobs still to place in one plan, and what the plan has learnt about where they
 * can go: the slot classes that accept its jobs, best first (judged once, on each class's
 * representative), how far into each class it has looked, and, when needed, the running slots
 * it could preempt. Belongs to one plan.
 */
final class PendingRequest {
    final ResourceRequest request;
    final String submitter;
    long left;
    /** ConcurrencyLimits per name; null when the job's ConcurrencyLimits cannot be read. */
    final Map<String, Double> limits;
    private List<Accepted> accepted;
    private int judged;
    /** Accepted classes before this one have no member left that takes this request's jobs. */
    private int live;
    private final EnumMap<Reason, Integer> classVerdicts = new EnumMap<>(Reason.class);
    private List<Placement> preemptions;

    PendingRequest(ResourceRequest request, String submitter) {
        this.request = request;
        this.submitter = submitter;
        this.left = request.count();
        Map<String, Double> l;
        try {
            l = request.concurrencyLimits();
        } catch (IllegalArgumentException e) {
            l = null;
        }
        this.limits = l;
    }

    /**
     * Where the next job can go: an open slot or one a partitionable slot can carve, best first;
     * null if none. When no Rank can tell slots apart ({@code firstFit}), classes are judged
     * only as far as needed, in pool order, since the first that takes the job is as good as
     * any: a request with many candidates costs what it places, not the pool's size.
     */
    Placement findOpen(List<SlotClass> classes, boolean firstFit, EvalContext context) {
        if (accepted == null) {
            accepted = new ArrayList<>();
            if (!firstFit) {
                judgeUpTo(classes, classes.size(), context);
                accepted.sort(BEST_CLASS);
            }
        }
        Placement found = tryAccepted(live, context);
        while (found == null && judged < classes.size()) {
            int from = accepted.size();
            judgeUpTo(classes, judged + 1, context);
            found = tryAccepted(from, context);
        }
        return found;
    }

    private Placement tryAccepted(int from, EvalContext context) {
        for (int k = from; k < accepted.size(); k++) {
            Accepted a = accepted.get(k);
            List<Candidate> members = a.slotClass.members;
            int i = a.slotClass.firstFree(a.cursor);
            for (; i < members.size(); i++) {
                Candidate c = members.get(i);
                if (c.taken()) {
                    continue;
                }
                Candidate.Fit fit = c.consider(request.ad(), context);
                if (fit.reason() == null) {
                    a.cursor = i;
                    return new Placement(c, fit, Preemption.Kind.NONE, 0);
                }
            }
            a.cursor = i;
            if (k == live) {
                // Exhausted for this request: slots only shrink during a plan, so it stays so.
                live++;
            }
        }
        return null;
    }

    private void judgeUpTo(List<SlotClass> classes, int end, EvalContext context) {
        for (; judged < end; judged++) {
            SlotClass sc = classes.get(judged);
            if (sc.firstFree(0) >= sc.members.size()) {
                // Taken whole already: nothing to judge (and nothing this request could get).
                classVerdicts.merge(Reason.SLOT_TAKEN, sc.members.size(), Integer::sum);
                continue;
            }
            Candidate.Fit fit = sc.representative.consider(request.ad(), context);
            if (fit.reason() == null) {
                accepted.add(new Accepted(sc, fit.jobRank(), fit.slotRank()));
            } else {
                classVerdicts.merge(fit.reason(), sc.members.size(), Integer::sum);
            }
        }
    }

    /** Higher job Rank first, then higher slot Rank, then the class seen first. */
    private static final Comparator<Accepted> BEST_CLASS = Comparator.comparingDouble((Accepted a) -> -a.jobRank)
            .thenComparingDouble(a -> -a.slotRank).thenComparingInt(a -> a.slotClass.order);

    /**
     * A running slot the next job may preempt, best first (job Rank, then Rank preemption before
     * priority preemption, then PREEMPTION_RANK); null if none. Judged once per request.
     */
    Placement findPreemption(List<Candidate> running, PreemptionJudge judge, EvalContext context) {
        if (preemptions == null) {
            preemptions = new ArrayList<>();
            for (Candidate c : running) {
                Placement p = judge.judge(this, c, context);
                if (p != null) {
                    preemptions.add(p);
                }
            }
            preemptions.sort(BEST_PREEMPTION);
        }
        for (Placement p : preemptions) {
            if (!p.candidate().taken()) {
                return p;
            }
        }
        return null;
    }

    private static final Comparator<Placement> BEST_PREEMPTION = Comparator
            .comparingDouble((Placement p) -> -p.fit().jobRank())
            .thenComparing(Placement::kind)
            .thenComparingDouble(p -> -p.preemptionRank())
            .thenComparingDouble(p -> -p.fit().slotRank());

    /** How every slot answered for the next job, when it found none: the counts of a {@link Rejection}. */
    EnumMap<Reason, Integer> verdicts(EvalContext context) {
        EnumMap<Reason, Integer> out = new EnumMap<>(classVerdicts);
        if (accepted == null) {
            return out;
        }
        for (Accepted a : accepted) {
            for (Candidate c : a.slotClass.members) {
                Reason r = c.taken() ? Reason.SLOT_TAKEN : c.consider(request.ad(), context).reason();
                if (r != null) {
                    out.merge(r, 1, Integer::sum);
                }
            }
        }
        return out;
    }

    /** A slot class that accepts this request's jobs, and how far into its members this request has looked. */
    private static final class Accepted {
        final SlotClass slotClass;
        final double jobRank;
        final double slotRank;
        int cursor;

        Accepted(SlotClass slotClass, double jobRank, double slotRank) {
            this.slotClass = slotClass;
            this.jobRank = jobRank;
            this.slotRank = slotRank;
        }
    }

    /** Where one job goes: the slot, its fit, whether it preempts (and PREEMPTION_RANK if so). */
    record Placement(Candidate candidate, Candidate.Fit fit, Preemption.Kind kind, double preemptionRank) {
    }

    /** Decides whether a job may preempt a running slot; the planner's, since it knows the priorities. */
    interface PreemptionJudge {
        Placement judge(PendingRequest request, Candidate running, EvalContext context);
    }

}
