package org.harrier.collector.negotiation;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.harrier.protocol.AgentName;

/**
 * What a negotiation cycle decided: the matches, the requests left (partly) idle with why, how
 * many slots were candidates (of {@code totalSlots} in the pool) and how many idle jobs were
 * asked about, the submitters that reached their fair share, and the concurrency limit units
 * in use once the matches run. A value: applying it (telling the schedulers) is a separate step.
 */
public record MatchPlan(List<PlannedMatch> matches, List<Rejection> rejections, int candidateSlots, long idleJobs,
                        int totalSlots, List<String> shareLimited, Map<String, Double> limitsInUse) {
    public static final MatchPlan EMPTY = new MatchPlan(List.of(), List.of(), 0, 0);

    public MatchPlan {
        matches = List.copyOf(matches);
        rejections = List.copyOf(rejections);
        shareLimited = List.copyOf(shareLimited);
        limitsInUse = Map.copyOf(limitsInUse);
        if (candidateSlots < 0 || idleJobs < 0 || totalSlots < 0) {
            throw new IllegalArgumentException("counts cannot be negative");
        }
    }

    public MatchPlan(List<PlannedMatch> matches, List<Rejection> rejections, int candidateSlots, long idleJobs) {
        this(matches, rejections, candidateSlots, idleJobs, candidateSlots, List.of(), Map.of());
    }

    public long preemptions() {
        return matches.stream().filter(PlannedMatch::preempting).count();
    }

    /** The matches grouped per scheduler, in plan order: one {@code Matched} call each. */
    public Map<AgentName, List<PlannedMatch>> matchesBySchedulers() {
        Map<AgentName, List<PlannedMatch>> out = new LinkedHashMap<>();
        for (PlannedMatch m : matches) {
            out.computeIfAbsent(m.request().scheduler(), k -> new java.util.ArrayList<>()).add(m);
        }
        return out;
    }

    /** How many requests were rejected for each reason. */
    public Map<Reason, Integer> rejectionsByReason() {
        Map<Reason, Integer> out = new EnumMap<>(Reason.class);
        rejections.forEach(r -> out.merge(r.reason(), 1, Integer::sum));
        return out;
    }

    public long unmatchedJobs() {
        return rejections.stream().mapToLong(Rejection::unmatched).sum();
    }
}
