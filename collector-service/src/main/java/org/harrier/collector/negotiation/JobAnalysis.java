package org.harrier.collector.negotiation;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.harrier.classad.BinaryOp;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Coercion;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.Op;
import org.harrier.classad.Parens;
import org.harrier.classad.StringValue;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.rules.Resources;

/**
 * "Why is my job idle?" ({@code harrier q -better-analyze}, HTCondor's {@code condor_q
 * -better-analyze}) as a pure function: one job ad and the pool's slot ads in, counts out.
 *
 * <p>Each slot's verdict is the planner's own, as a dry run (docs/architecture.md): a fresh
 * {@link Candidate} per slot, asked {@link Candidate#consider} exactly as a cycle asks it. So a
 * slot the planner would turn down is counted under the planner's {@link Reason}, and one it
 * would accept is split as condor_q splits it: claimed by this job's submitter ("already running
 * your jobs"), claimed by someone else ("serving other users"), or free ("able to run your
 * job"). The negotiator offers only free slots, so the last count is what the next cycle may
 * match, user priorities aside, as condor_q says.
 *
 * <p>The per-clause counts split the job's Requirements at its top-level {@code &&} and count
 * the slots for which each conjunct alone is true (job as MY, slot ad as advertised as TARGET),
 * which is how condor_q shows the clause that no slot satisfies.
 */
public record JobAnalysis(int slots, List<Clause> clauses, Map<Reason, Integer> rejected, int runningYourJobs,
        int servingOthers, int able, List<Shortfall> shortfalls) {

    /** Seed for {@code random()} in ads; any fixed value keeps the analysis reproducible. */
    private static final long SEED = 0x416e616cL;

    public JobAnalysis {
        if (slots < 0 || runningYourJobs < 0 || servingOthers < 0 || able < 0) {
            throw new IllegalArgumentException("counts must not be negative");
        }
        clauses = List.copyOf(clauses);
        rejected = Map.copyOf(rejected);
        shortfalls = List.copyOf(shortfalls);
        int counted = runningYourJobs + servingOthers + able + rejected.values().stream().mapToInt(Integer::intValue).sum();
        if (counted != slots) {
            throw new IllegalArgumentException("every one of " + slots + " slots has one verdict, counted " + counted);
        }
    }

    /** One top-level conjunct of the job's Requirements and how many slots satisfy it alone. */
    public record Clause(Expr condition, int matched) {
        public Clause {
            Objects.requireNonNull(condition, "condition");
        }
    }

    /** A partitionable slot with too little left for the job: what it asks, what is left. */
    public record Shortfall(String slot, Resources requested, Resources left) {
        public Shortfall {
            Objects.requireNonNull(slot, "slot");
            Objects.requireNonNull(requested, "requested");
            Objects.requireNonNull(left, "left");
        }

        /** "needs 4 Cpus, 2 left" for each short resource. */
        public String why() {
            return left.shortfall(requested);
        }
    }

    /** How many slots the planner turned down for {@code reason} (0 when none). */
    public int rejectedFor(Reason reason) {
        return rejected.getOrDefault(reason, 0);
    }

    /**
     * Analyses {@code job} against {@code slotAds} (collector slot ads, any State) at {@code now}
     * (what {@code time()} in the ads evaluates to).
     */
    public static JobAnalysis of(ClassAd job, List<ClassAd> slotAds, Instant now) {
        Objects.requireNonNull(job, "job");
        EvalContext context = EvalContext.create(Clock.fixed(now, ZoneOffset.UTC), SEED);
        List<Expr> conditions = conjuncts(job.lookup("Requirements"));
        int[] matched = new int[conditions.size()];
        EnumMap<Reason, Integer> rejected = new EnumMap<>(Reason.class);
        List<Shortfall> shortfalls = new ArrayList<>();
        int yours = 0;
        int others = 0;
        int able = 0;
        String submitter = submitter(job);
        int index = 0;
        for (ClassAd ad : slotAds) {
            for (int i = 0; i < conditions.size(); i++) {
                if (Coercion.truth(context.evaluate(conditions.get(i), job, ad)) == 1) {
                    matched[i]++;
                }
            }
            SlotOffer slot = offer(ad, index++);
            Candidate.Fit fit = new Candidate(slot).consider(job, context);
            if (fit.reason() != null) {
                rejected.merge(fit.reason(), 1, Integer::sum);
                if (fit.reason() == Reason.INSUFFICIENT_RESOURCES) {
                    shortfalls.add(new Shortfall(text(ad, "Name", slot.id().key()),
                            Resources.requestedBy(job, ad, context), Resources.advertisedBy(ad)));
                }
            } else if (slot.available()) {
                able++;
            } else if (submitter.equalsIgnoreCase(claimant(ad))) {
                yours++;
            } else {
                others++;
            }
        }
        List<Clause> clauses = new ArrayList<>(conditions.size());
        for (int i = 0; i < conditions.size(); i++) {
            clauses.add(new Clause(conditions.get(i), matched[i]));
        }
        return new JobAnalysis(slotAds.size(), clauses, rejected, yours, others, able, shortfalls);
    }

    /**
     * The top-level conjuncts of {@code requirements}: {@code (a) && (b) && c} gives a, b, c
     * (parentheses around a conjunct or around the whole are dropped, and a parenthesised
     * {@code &&} is split too, which keeps the meaning). None for a missing expression.
     */
    public static List<Expr> conjuncts(Expr requirements) {
        List<Expr> out = new ArrayList<>();
        if (requirements != null) {
            split(requirements, out);
        }
        return out;
    }

    private static void split(Expr e, List<Expr> out) {
        Expr bare = e;
        while (bare instanceof Parens p) {
            bare = p.inner();
        }
        if (bare instanceof BinaryOp b && b.op() == Op.AND) {
            split(b.left(), out);
            split(b.right(), out);
        } else {
            out.add(bare);
        }
    }

    /** The accounting name the slot's claim is charged to (docs/protocols.md): RemoteUser, else RemoteOwner. */
    private static String claimant(ClassAd slot) {
        String user = text(slot, "RemoteUser", null);
        return user != null ? user : text(slot, "RemoteOwner", "");
    }

    /** The job's submitter: its AccountingGroup if it has one, else its Owner (docs/protocols.md). */
    private static String submitter(ClassAd job) {
        String group = text(job, "AccountingGroup", null);
        return group != null ? group : text(job, "Owner", "");
    }

    /**
     * The slot as the planner sees it. Only the ad matters to {@link Candidate#consider}; the
     * object id comes from the Name (the collector's slot key), the startd agent is a stand-in.
     */
    private static SlotOffer offer(ClassAd ad, int index) {
        String name = text(ad, "Name", "slot-" + index);
        return new SlotOffer(ObjectId.grid("slot", name), AgentName.harrier("startd", "analysis"), ad);
    }

    private static String text(ClassAd ad, String attribute, String absent) {
        return ad.evaluate(attribute) instanceof StringValue s ? s.value() : absent;
    }
}
