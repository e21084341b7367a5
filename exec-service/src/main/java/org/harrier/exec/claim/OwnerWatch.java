package org.harrier.exec.claim;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.exec.Startd;
import org.harrier.exec.machine.MachineSensor;
import org.harrier.exec.machine.Measurements;

/**
 * The startd's look at its owner every POLLING_INTERVAL: measures the machine (the
 * {@link MachineSensor}, plus CondorLoadAvg from the CPU time the jobs' trees used since the
 * last look) and decides, per running job, what the {@link OwnerPolicy} asks. The {@link Startd}
 * applies the plan.
 *
 * <p>Only jobs the policy itself suspended are continued by CONTINUE: a job suspended by its
 * scheduler (the Suspend method) stays stopped until the scheduler continues it.
 *
 * <p>Not thread-safe: confined to the startd's owner thread, like the {@link ClaimBook}.
 */
public final class OwnerWatch {
    private final OwnerPolicy policy;
    private final MachineSensor sensor;
    private final Set<String> stoppedByOwner = new HashSet<>();
    private double lastCpuSeconds;
    private long lastNanos;

    public OwnerWatch(OwnerPolicy policy, MachineSensor sensor) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.sensor = Objects.requireNonNull(sensor, "sensor");
    }

    /** HTCondor's default policy on a machine with nothing measured: never disturbs a job. */
    public static OwnerWatch quiet() {
        return new OwnerWatch(OwnerPolicy.DEFAULT, MachineSensor.fixed(Measurements.NONE));
    }

    /** A job running on a claim as the poll sees it: its dynamic slot, its ad, and the CPU seconds its tree has used. */
    public record Running(String slotName, ClassAd job, double cpuSeconds) {
    }

    /** One action for one claim's job. */
    public record Step(String claimId, OwnerAction action) {
    }

    /** What this look found and what to do about it. */
    public record Plan(Measurements measurements, List<Step> steps) {
    }

    /**
     * Measures and decides: {@code jobs} per claim id, {@code nanos} the monotonic time of the
     * look (for CondorLoadAvg). Each job's slot ad (with the measurements) is MY, its job TARGET.
     */
    public Plan plan(PartitionableSlot slot, SlotPolicy slotPolicy, Map<String, Running> jobs, EvalContext context,
            long nanos) {
        Measurements m = sensor.measure().withCondorLoad(condorLoad(jobs, nanos));
        stoppedByOwner.retainAll(jobs.keySet());
        List<Step> steps = new ArrayList<>();
        for (Map.Entry<String, Running> e : new java.util.TreeMap<>(jobs).entrySet()) {
            DynamicSlot d = slot.dynamicSlots().get(e.getValue().slotName());
            if (d == null || (d.activity().equals("Suspended") && !stoppedByOwner.contains(e.getKey()))) {
                continue;
            }
            ClassAd ad = m.advertisedIn(SlotAds.dynamic(slot, d, slotPolicy));
            OwnerAction a = policy.decide(d.activity(), ad, e.getValue().job(), context);
            if (a != OwnerAction.NONE) {
                steps.add(new Step(e.getKey(), a));
                if (a == OwnerAction.SUSPEND) {
                    stoppedByOwner.add(e.getKey());
                } else {
                    stoppedByOwner.remove(e.getKey());
                }
            }
        }
        return new Plan(m, List.copyOf(steps));
    }

    /**
     * CPU seconds the jobs used per second since the last look (HTCondor's CondorLoadAvg is a
     * load: 1.0 is one core kept busy). A job that ended meanwhile takes its seconds with it, so
     * the first look after an end may read low, never below 0.
     */
    private double condorLoad(Map<String, Running> jobs, long nanos) {
        double cpu = jobs.values().stream().mapToDouble(Running::cpuSeconds).sum();
        double load = lastNanos == 0 || nanos <= lastNanos ? 0 : (cpu - lastCpuSeconds) / ((nanos - lastNanos) / 1e9);
        lastCpuSeconds = cpu;
        lastNanos = nanos;
        return Math.max(0, load);
    }
}
