package org.harrier.collector.accounting;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.harrier.classad.ClassAd;
import org.harrier.collector.negotiation.GroupQuotas;
import org.harrier.collector.negotiation.MatchPlan;
import org.harrier.collector.negotiation.MatchPlanner;
import org.harrier.collector.negotiation.NegotiationPolicy;
import org.harrier.collector.negotiation.NegotiationSnapshot;
import org.harrier.collector.negotiation.PlannedMatch;
import org.harrier.collector.negotiation.ResourceRequest;
import org.harrier.collector.negotiation.SharePolicy;
import org.harrier.collector.negotiation.SlotOffer;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;

/**
 * A pool in simulated time, for fair-share tests: static slots that run one job each for a
 * fixed time, submitters with as many idle jobs as they like, and each cycle the real
 * accountant and planner (pure functions) deciding who gets the slots freed since the last.
 * Records each submitter's slot-seconds.
 */
final class PoolSimulation {
    private static final AgentName SCHEDD = AgentName.harrier("scheduler", "sim");
    private static final AgentName STARTD = AgentName.harrier("startd", "sim");

    private final int slots;
    private final Duration jobLength;
    private final Duration halfLife;
    private final SharePolicy policy;
    private final Map<String, Double> factors = new LinkedHashMap<>();
    private final Map<String, Long> idle = new LinkedHashMap<>();
    private final String[] runner;
    private final Instant[] ends;
    private final Map<String, Double> slotSeconds = new HashMap<>();
    private AccountantState accounts = AccountantState.EMPTY;
    private Instant now = Instant.parse("2026-11-21T00:00:00Z");

    PoolSimulation(int slots, Duration jobLength, Duration halfLife, SharePolicy policy) {
        this.slots = slots;
        this.jobLength = jobLength;
        this.halfLife = halfLife;
        this.policy = policy;
        this.runner = new String[slots];
        this.ends = new Instant[slots];
    }

    PoolSimulation submitter(String name, double factor, long idleJobs) {
        factors.put(name, factor);
        idle.put(name, idleJobs);
        accounts = accounts.with(name, 1000, a -> a.withPriorityFactor(factor));
        return this;
    }

    void submit(String name, long jobs) {
        idle.merge(name, jobs, Long::sum);
    }

    /** Runs cycles every {@code every} for {@code how long}, counting slot-seconds only after {@code warmUp}. */
    void run(Duration howLong, Duration every, Duration warmUp) {
        Instant end = now.plus(howLong);
        Instant countFrom = now.plus(warmUp);
        while (now.isBefore(end)) {
            cycle();
            for (int i = 0; i < slots; i++) {
                if (runner[i] != null && !now.isBefore(countFrom)) {
                    slotSeconds.merge(runner[i], (double) every.toSeconds(), Double::sum);
                }
            }
            now = now.plus(every);
        }
    }

    /** One cycle now: finished jobs free their slots, the accountant updates, the planner fills free slots. */
    List<PlannedMatch> cycle() {
        for (int i = 0; i < slots; i++) {
            if (runner[i] != null && !now.isBefore(ends[i])) {
                runner[i] = null;
            }
        }
        List<SlotOffer> offers = new ArrayList<>();
        Map<String, Double> weighted = new HashMap<>();
        Map<String, Long> held = new HashMap<>();
        for (int i = 0; i < slots; i++) {
            offers.add(offer(i));
            if (runner[i] != null) {
                weighted.merge(runner[i], 1.0, Double::sum);
                held.merge(runner[i], 1L, Long::sum);
            }
        }
        Set<String> waiting = new TreeSet<>();
        List<ResourceRequest> requests = new ArrayList<>();
        long id = 0;
        for (Map.Entry<String, Long> e : idle.entrySet()) {
            if (e.getValue() > 0) {
                waiting.add(e.getKey());
                requests.add(new ResourceRequest(SCHEDD, id++, e.getKey(), e.getValue(),
                        ClassAd.parse("[Owner = \"" + e.getKey() + "\"; Requirements = true]")));
            }
        }
        accounts = Accountant.update(accounts, new Accountant.Usage(weighted, held, waiting), now, halfLife, 1000,
                GroupQuotas.NONE);
        NegotiationPolicy p = NegotiationPolicy.DEFAULT.withShare(policy)
                .withPriorities(Accountant.priorities(accounts, policy.name()))
                .withNewcomerPriority(policy.name().equals("up-down") ? 0 : 500);
        MatchPlan plan = MatchPlanner.plan(new NegotiationSnapshot(requests, offers, now, p));
        for (PlannedMatch m : plan.matches()) {
            int i = Integer.parseInt(m.slot().id().key().substring("slot".length()));
            runner[i] = m.request().owner();
            ends[i] = now.plus(jobLength);
            idle.merge(m.request().owner(), -1L, Long::sum);
        }
        return plan.matches();
    }

    private SlotOffer offer(int i) {
        String attributes = runner[i] == null ? "State = \"Unclaimed\""
                : "State = \"Claimed\"; RemoteUser = \"" + runner[i] + "\"; RemoteOwner = \"" + runner[i] + "\"";
        return new SlotOffer(ObjectId.grid("slot", "slot" + i), STARTD, ClassAd.parse("[Name = \"slot" + i
                + "\"; SlotType = \"Static\"; Cpus = 1; Memory = 1024; Disk = 100000; Requirements = true; " + attributes + "]"));
    }

    /** The share of the counted slot-seconds {@code name} used. */
    double shareOf(String name) {
        double total = slotSeconds.values().stream().mapToDouble(Double::doubleValue).sum();
        return total == 0 ? 0 : slotSeconds.getOrDefault(name, 0.0) / total;
    }

    Account account(String name) {
        return accounts.accounts().get(name);
    }

    long running(String name) {
        long n = 0;
        for (String r : runner) {
            if (name.equals(r)) {
                n++;
            }
        }
        return n;
    }
}
