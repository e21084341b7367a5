package org.harrier.collector.negotiation;

import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Value;

/**
 * One cycle's planning, HTCondor's way (admin manual, "User Priorities and Negotiation"):
 * <ol>
 *   <li>The pie is the weight (SlotWeight, by default Cpus) of every slot not in its owner's
 *       use. What each submitter (a job's AccountingGroup, else its Owner) and each group holds
 *       is read from the claimed slots' ads (RemoteUser, SlotWeight), as is what every
 *       concurrency limit has in use.
 *   <li>Groups are served in order of how little of their quota they hold; each first up to its
 *       quota, then, in a second pass, those that accept surplus up to their parent's.
 *   <li>Within a group the {@link SharePolicy} divides the group's pie among its hungry
 *       submitters (pie spin: in inverse proportion to their priorities); submitters are served
 *       best priority first, each up to its share (rounded to the nearest job), then the pie
 *       spins again among those still hungry until a spin places nothing.
 *   <li>A submitter's requests are tried in the order its scheduler gave them; a job goes to the
 *       best slot class that accepts it ({@link SlotClass}: job Rank, then slot Rank), confirmed
 *       on a member; only when no open slot takes it may it preempt a running one
 *       ({@link Preemption}). A request whose job finds no slot is rejected whole with the
 *       reason the slots gave; one whose submitter, group or concurrency limit ran out stays
 *       idle with that reason.
 * </ol>
 * Belongs to one {@link MatchPlanner#plan} call.
 */
public final class Negotiation {
    /** Seed for {@code random()} in ads, fixed so a plan is reproducible from its snapshot. */
    private static final long SEED = 0x4e65676fL;

    private final NegotiationSnapshot snapshot;
    private final NegotiationPolicy policy;
    private final EvalContext context;
    private final List<Candidate> open = new ArrayList<>();
    private final List<Candidate> running = new ArrayList<>();
    private final List<SlotClass> classes;
    private final Holdings holdings;
    private final LimitUse limits;
    private final Map<String, List<PendingRequest>> bySubmitter = new LinkedHashMap<>();
    private final Map<String, List<String>> submittersByGroup = new LinkedHashMap<>();
    private final List<PlannedMatch> matches = new ArrayList<>();
    private final List<Rejection> rejections = new ArrayList<>();
    private final List<String> shareLimited = new ArrayList<>();
    private final Map<PendingRequest, Reason> stalled = new LinkedHashMap<>();
    private final boolean constantRanks;
    private long idleJobs;

    private Negotiation(NegotiationSnapshot snapshot) {
        this.snapshot = snapshot;
        this.policy = snapshot.policy();
        this.context = EvalContext.create(Clock.fixed(snapshot.now(), ZoneId.systemDefault()), SEED);
        this.limits = new LimitUse(policy.limits(), policy.limitsHeld());
        double total = 0;
        Map<SlotOffer, Double> holders = new LinkedHashMap<>();
        for (SlotOffer slot : snapshot.slots()) {
            if (slot.inPool()) {
                total += slot.weight();
            }
            if (slot.available()) {
                open.add(new Candidate(slot));
            } else if (slot.runningJob()) {
                holders.put(slot, slot.weight());
                limits.holding(slot.concurrencyLimits());
                if (slot.preemptible(policy.preemption())) {
                    running.add(new Candidate(slot));
                }
            }
        }
        this.holdings = new Holdings(policy.groups(), total);
        holders.forEach((slot, w) -> holdings.charge(slot.remoteUser(), w));
        for (ResourceRequest r : snapshot.requests()) {
            if (r.count() > 0) {
                String submitter = submitterOf(r);
                bySubmitter.computeIfAbsent(submitter, k -> new ArrayList<>()).add(new PendingRequest(r, submitter));
                idleJobs += r.count();
            }
        }
        bySubmitter.keySet().forEach(s -> submittersByGroup
                .computeIfAbsent(policy.groups().groupOf(s), k -> new ArrayList<>()).add(s));
        this.classes = SlotClass.group(open, snapshot.requests());
        java.util.Set<org.harrier.classad.Expr> slotRanks = new java.util.HashSet<>();
        boolean constant = true;
        for (Candidate c : open) {
            org.harrier.classad.Expr rank = c.slot().ad().lookup("Rank");
            constant &= rank == null || rank instanceof Value;
            slotRanks.add(rank == null ? org.harrier.classad.IntegerValue.of(0) : rank);
        }
        this.constantRanks = constant && slotRanks.size() <= 1;
    }

    /** Whether no Rank can order slots for {@code p}: its job's Rank and every slot's are constants. */
    private boolean firstFit(PendingRequest p) {
        org.harrier.classad.Expr rank = p.request.ad().lookup("Rank");
        return constantRanks && (rank == null || rank instanceof Value);
    }

    /** Plans one cycle: the body of {@link MatchPlanner#plan}. */
    static MatchPlan plan(NegotiationSnapshot snapshot) {
        return new Negotiation(snapshot).run();
    }

    /** A request's submitter: its job's AccountingGroup, else its Owner (docs/protocols.md). */
    public static String submitterOf(ResourceRequest r) {
        String group = r.text("AccountingGroup");
        return group != null && !group.isBlank() ? group : r.owner();
    }

    private MatchPlan run() {
        List<String> groups = new ArrayList<>(submittersByGroup.keySet());
        groups.sort(Comparator.comparingDouble(holdings::starvation).thenComparing(g -> g));
        for (String g : groups) {
            negotiateGroup(g, false);
        }
        for (String g : groups) {
            if (policy.groups().acceptsSurplus(g)) {
                negotiateGroup(g, true);
            }
        }
        bySubmitter.values().forEach(requests -> requests.forEach(this::leftIdle));
        return new MatchPlan(matches, rejections, open.size() + running.size(), idleJobs, snapshot.slots().size(),
                shareLimited, limits.inUse());
    }

    /**
     * Records why a request kept jobs idle once negotiation is over: the limit that stopped it,
     * or, if its submitter's share ran out, that share only when a slot would have taken its job
     * (else what the slots said).
     */
    private void leftIdle(PendingRequest p) {
        if (p.left == 0) {
            return;
        }
        Reason reason = stalled.get(p);
        if (reason == null && p.findOpen(classes, firstFit(p), context) == null
                && (running.isEmpty() || p.findPreemption(running, this::judgePreemption, context) == null)) {
            rejections.add(Rejection.of(p.request, p.left, p.verdicts(context)));
            return;
        }
        rejections.add(new Rejection(p.request, p.left, reason != null ? reason : Reason.SUBMITTER_LIMIT, Map.of()));
    }

    /**
     * Negotiates one group, in three phases. First the pie is divided among everyone the group
     * counts (hungry submitters and those holding slots), so a newcomer's share is what its
     * priority earns against those already running, and it may preempt to get it. Then what is
     * left goes to the hungry alone, in shares among them, without preempting. Last, slots still
     * free go one job per turn, best priority first, so no slot stays idle while a job fits.
     */
    private void negotiateGroup(String group, boolean surplus) {
        Pass pass = new Pass(group, surplus ? holdings.ceiling(group) : holdings.ownQuota(group), surplus);
        List<String> members = submittersByGroup.get(group);
        if (surplus) {
            // What the quota pass stopped may now use the surplus.
            members.forEach(s -> bySubmitter.get(s).forEach(p -> stalled.remove(p, Reason.GROUP_QUOTA)));
        }
        spin(pass, members, Turn.SHARE_PREEMPTING);
        spin(pass, members, Turn.SHARE);
        boolean placed = true;
        while (placed) {
            placed = false;
            for (SharePolicy.Hungry h : hungry(members)) {
                placed |= negotiateSubmitter(h.submitter(), pass, Double.POSITIVE_INFINITY, Turn.ONE_JOB);
            }
        }
    }

    /** One pass over a group: its name, the pie its shares divide, whether it is taking surplus. */
    private record Pass(String group, double pie, boolean surplus) {
    }

    /** How a submitter's turn goes: up to its share, preempting if need be; up to its share; one job. */
    private enum Turn { SHARE_PREEMPTING, SHARE, ONE_JOB }

    /** Spins the pie until a spin places nothing: each hungry submitter up to its share. */
    private void spin(Pass pass, List<String> members, Turn turn) {
        while (true) {
            List<SharePolicy.Hungry> hungry = hungry(members);
            if (hungry.isEmpty()) {
                return;
            }
            List<SharePolicy.Hungry> counted = new ArrayList<>(hungry);
            if (turn == Turn.SHARE_PREEMPTING) {
                java.util.Set<String> asking = new java.util.HashSet<>();
                hungry.forEach(h -> asking.add(h.submitter()));
                holdings.forEach((s, h) -> {
                    if (h > 0 && !asking.contains(s) && policy.groups().groupOf(s).equals(pass.group())) {
                        counted.add(new SharePolicy.Hungry(s, policy.priorityOf(s)));
                    }
                });
            }
            Map<String, Double> shares = policy.share().shares(counted, pass.pie());
            boolean progress = false;
            for (SharePolicy.Hungry h : hungry) {
                double room = holdings.pie() > 0 ? shares.get(h.submitter()) - holdings.of(h.submitter())
                        : Double.POSITIVE_INFINITY;
                progress |= negotiateSubmitter(h.submitter(), pass, room, turn);
            }
            if (!progress) {
                return;
            }
        }
    }

    /** The group's submitters with jobs still to place, best priority first. */
    private List<SharePolicy.Hungry> hungry(List<String> members) {
        List<SharePolicy.Hungry> hungry = new ArrayList<>();
        for (String s : members) {
            if (hasPending(s)) {
                hungry.add(new SharePolicy.Hungry(s, policy.priorityOf(s)));
            }
        }
        hungry.sort(Comparator.comparingDouble(SharePolicy.Hungry::priority).thenComparing(SharePolicy.Hungry::submitter));
        return hungry;
    }

    private boolean hasPending(String submitter) {
        for (PendingRequest p : bySubmitter.get(submitter)) {
            if (p.left > 0 && !stalled.containsKey(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Places the submitter's jobs while its share has {@code room} (weighted; it shrinks as jobs
     * are placed), or only one job for {@link Turn#ONE_JOB}; true if it placed any.
     */
    private boolean negotiateSubmitter(String submitter, Pass pass, double room, Turn turn) {
        boolean once = turn == Turn.ONE_JOB;
        boolean placed = false;
        double before = holdings.of(submitter);
        for (PendingRequest p : bySubmitter.get(submitter)) {
            while (p.left > 0 && !stalled.containsKey(p)) {
                double left = once ? Double.POSITIVE_INFINITY : room - (holdings.of(submitter) - before);
                Outcome o = placeOne(p, pass, left, turn == Turn.SHARE_PREEMPTING);
                if (o == Outcome.PLACED) {
                    placed = true;
                    if (once) {
                        return true;
                    }
                } else if (o == Outcome.SHARE_FULL) {
                    if (!shareLimited.contains(submitter)) {
                        shareLimited.add(submitter);
                    }
                    return placed;
                } else if (o == Outcome.GROUP_FULL) {
                    return placed;
                }
            }
        }
        return placed;
    }

    private enum Outcome { PLACED, REJECTED, SHARE_FULL, GROUP_FULL }

    /**
     * Places one job of {@code p} if its submitter's share has {@code room} for it, rounding to
     * the nearest: a job may leave the submitter at most half its weight over its share (so two
     * equal submitters of a one-slot pool do not both wait for a whole slot's share).
     */
    private Outcome placeOne(PendingRequest p, Pass pass, double room, boolean preempt) {
        if (p.limits == null) {
            reject(p, Reason.BAD_CONCURRENCY_LIMITS);
            return Outcome.REJECTED;
        }
        if (limits.exceeded(p.limits) != null) {
            stalled.put(p, Reason.CONCURRENCY_LIMIT);
            return Outcome.REJECTED;
        }
        PendingRequest.Placement at = p.findOpen(classes, firstFit(p), context);
        if (at == null && preempt && !running.isEmpty()) {
            at = p.findPreemption(running, this::judgePreemption, context);
        }
        if (at == null) {
            rejections.add(Rejection.of(p.request, p.left, p.verdicts(context)));
            p.left = 0;
            return Outcome.REJECTED;
        }
        double weight = at.candidate().weight(at.fit().demand());
        if (weight > 0 && room < weight / 2 && at.kind() != Preemption.Kind.RANK) {
            // A slot whose owner ranks this job above the one it runs takes it whatever the shares say.
            return Outcome.SHARE_FULL;
        }
        if (!holdings.roomFor(pass.group(), weight, pass.surplus())) {
            stalled.put(p, Reason.GROUP_QUOTA);
            return Outcome.GROUP_FULL;
        }
        if (at.kind() != Preemption.Kind.NONE) {
            SlotOffer victim = at.candidate().slot();
            holdings.charge(victim.remoteUser(), -victim.weight());
        }
        at.candidate().take(at.fit().demand());
        holdings.charge(p.submitter, weight);
        limits.take(p.limits);
        matches.add(new PlannedMatch(p.request, at.candidate().slot(), at.fit().demand(), at.fit().jobRank(),
                at.fit().slotRank(), at.kind() != Preemption.Kind.NONE));
        p.left--;
        return Outcome.PLACED;
    }

    private void reject(PendingRequest p, Reason reason) {
        rejections.add(new Rejection(p.request, p.left, reason, Map.of()));
        p.left = 0;
    }

    /**
     * Whether the request's next job may preempt {@code slot}'s: by the slot's Rank (it ranks
     * the new job above {@code CurrentRank}), or by priority (PREEMPTION_REQUIREMENTS, a better
     * priority than the running job's submitter, and a Rank not lower). Null if neither.
     */
    private PendingRequest.Placement judgePreemption(PendingRequest p, Candidate slot, EvalContext ctx) {
        Candidate.Fit fit = slot.consider(p.request.ad(), ctx);
        if (fit.reason() != null) {
            return null;
        }
        SlotOffer offer = slot.slot();
        double current = offer.currentRank();
        if (fit.slotRank() > current) {
            return new PendingRequest.Placement(slot, fit, Preemption.Kind.RANK, 0);
        }
        String remote = offer.remoteUser();
        if (fit.slotRank() < current || remote.equals(p.submitter) || !policy.preemption().priorityPreemptionPossible()) {
            return null;
        }
        double mine = policy.priorityOf(p.submitter);
        double theirs = policy.priorityOf(remote);
        if (!(mine < theirs)) {
            return null;
        }
        ClassAd view = Preemption.withEphemeral(offer.ad(), mine, theirs, holdings.of(p.submitter),
                holdings.of(remote), policy.groups().groupOf(p.submitter), policy.groups().groupOf(remote));
        Value allowed = ctx.evaluate(policy.preemption().requirements(), view, p.request.ad());
        if (!(allowed instanceof BooleanValue b && b.value())) {
            return null;
        }
        Value rank = ctx.evaluate(policy.preemption().rank(), view, p.request.ad());
        double r = rank instanceof IntegerValue i ? i.value() : rank instanceof RealValue d && !Double.isNaN(d.value()) ? d.value() : 0;
        return new PendingRequest.Placement(slot, fit, Preemption.Kind.PRIORITY, r);
    }
}
