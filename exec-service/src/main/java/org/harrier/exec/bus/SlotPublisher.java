package org.harrier.exec.bus;

import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

import org.harrier.bus.Agent;
import org.harrier.bus.Console;
import org.harrier.classad.ClassAd;
import org.harrier.exec.RunCheckpointed;
import org.harrier.exec.RunExited;
import org.harrier.exec.RunProgress;
import org.harrier.exec.Startd;
import org.harrier.exec.StartdListener;
import org.harrier.exec.claim.DynamicSlot;
import org.harrier.exec.claim.DynamicSlotAd;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.PartitionableSlotAd;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Request;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the startd's events into bus traffic: slot objects added, changed and removed as
 * claims come and go (each also re-advertised every UPDATE_INTERVAL so the collector keeps it),
 * and JobExited calls on the claiming scheduler, sent as persistent requests so a scheduler that
 * is down gets them when it is back (docs/protocols.md). A job's start is the answer to its
 * Activate ({@link SlotObject}).
 *
 * <p>A slot object's ad is made again only when what it is made of changed
 * ({@link PartitionableSlotAd}, {@link DynamicSlotAd}): a job's end and the next job's start on
 * its claim change one dynamic slot's inputs, and leave the others' and most often the
 * partitionable slot's as they were. The changed ones are still published in the same burst.
 *
 * <p>Threads: every listener method runs on the startd's owner thread, which also owns
 * {@link #dynamic}, {@link #made} and {@link #partitionableMade}; {@link #start} runs before the
 * startd does anything. Sends do not block: the agent's outbox and the console's futures
 * complete elsewhere.
 */
final class SlotPublisher implements StartdListener {
    private static final Logger log = LoggerFactory.getLogger(SlotPublisher.class);

    private static final Duration USAGE_TIMEOUT = Duration.ofSeconds(30);

    private final Agent agent;
    private final Console console;
    private final Duration updateInterval;
    private final Map<String, SlotObject> dynamic = new HashMap<>();
    /** What each dynamic slot object's ad was made of: a slot whose inputs did not change keeps its ad. */
    private final Map<String, DynamicSlotAd> made = new HashMap<>();
    private Startd startd;
    private SlotObject partitionable;
    private PartitionableSlotAd partitionableMade;

    SlotPublisher(Agent agent, Console console, Duration updateInterval) {
        this.agent = agent;
        this.console = console;
        this.updateInterval = updateInterval;
    }

    /** Publishes the partitionable slot; before the startd takes any call. */
    void start(Startd s) {
        this.startd = s;
        PartitionableSlot slot = s.slot();
        partitionableMade = partitionableAd(s, slot);
        partitionable = new SlotObject(slot.name(), true, s, partitionableMade.ad());
        agent.advertise(partitionable, updateInterval);
    }

    @Override
    public void slotsChanged(PartitionableSlot slot) {
        PartitionableSlotAd parent = partitionableAd(startd, slot);
        if (changed(parent) && partitionable.update(parent.ad())) {
            agent.changed(partitionable);
        }
        for (Iterator<Map.Entry<String, SlotObject>> it = dynamic.entrySet().iterator(); it.hasNext();) {
            Map.Entry<String, SlotObject> e = it.next();
            if (!slot.dynamicSlots().containsKey(e.getKey())) {
                agent.remove(e.getValue().id());
                made.remove(e.getKey());
                it.remove();
            }
        }
        for (DynamicSlot d : slot.dynamicSlots().values()) {
            SlotObject o = dynamic.get(d.name());
            DynamicSlotAd in = dynamicAd(slot, d);
            if (o == null) {
                o = new SlotObject(d.name(), false, startd, in.ad());
                dynamic.put(d.name(), o);
                made.put(d.name(), in);
                agent.advertise(o, updateInterval);
            } else if (changed(d.name(), in) && o.update(in.ad())) {
                agent.changed(o);
            }
        }
    }

    /** True, and {@code in} remembered, when the partitionable slot's ad would be made of other inputs than last time. */
    private boolean changed(PartitionableSlotAd in) {
        boolean changed = !in.sameAs(partitionableMade);
        partitionableMade = in;
        return changed;
    }

    /** True, and {@code in} remembered, when dynamic slot {@code name}'s ad would be made of other inputs than last time. */
    private boolean changed(String name, DynamicSlotAd in) {
        return !in.sameAs(made.put(name, in));
    }

    /**
     * Fresh measurements go into the slot objects for their next periodic advertisement; only
     * a move between Owner and Unclaimed (the owner came or went) is published at once, so
     * that the negotiator stops or starts offering the slot now, not an UPDATE_INTERVAL later.
     */
    @Override
    public void measured(PartitionableSlot slot) {
        PartitionableSlotAd parent = partitionableAd(startd, slot);
        if (changed(parent)) {
            refresh(partitionable, parent.ad());
        }
        for (DynamicSlot d : slot.dynamicSlots().values()) {
            SlotObject o = dynamic.get(d.name());
            DynamicSlotAd in = dynamicAd(slot, d);
            if (o != null && changed(d.name(), in)) {
                refresh(o, in.ad());
            }
        }
    }

    private void refresh(SlotObject o, ClassAd ad) {
        Object state = o.values().get("State");
        if (o.update(ad) && !Objects.equals(state, o.values().get("State"))) {
            agent.changed(o);
        }
    }

    /** The slot ads carry the machine as last measured (LoadAvg, KeyboardIdle, ...), for START and the owner policy. */
    private static PartitionableSlotAd partitionableAd(Startd s, PartitionableSlot slot) {
        return PartitionableSlotAd.of(slot, s.policy(), s.measurements(), s.matches().stay());
    }

    private DynamicSlotAd dynamicAd(PartitionableSlot slot, DynamicSlot d) {
        return DynamicSlotAd.of(slot, d, startd.policy(), startd.measurements());
    }

    /** A job that never started is reported with ExitCode -1, no usage, and why (HoldReason, HoldReasonCode). */
    @Override
    public void jobExited(RunExited e) {
        report(e.scheduler(), e.jobId(), SchedulerReports.exited(e));
    }

    /** A saved checkpoint: RunCheckpointed(Id, ClaimId, CheckpointNumber, Size bytes, Duration seconds), persistent. */
    @Override
    public void jobCheckpointed(RunCheckpointed c) {
        report(c.scheduler(), c.jobId(), SchedulerReports.checkpointed(c));
    }

    /**
     * A running job's usage so far, as HTCondor's starter updates its shadow: a plain request
     * (not persistent, answer ignored). A lost one costs nothing, as the next one or the exit
     * report carries newer figures; the scheduler ignores one for a job no longer running there.
     */
    @Override
    public void jobUsage(RunProgress u) {
        AgentName agentName;
        try {
            agentName = AgentName.parse(u.scheduler());
        } catch (IllegalArgumentException e) {
            return; // the exit report will say so in the log
        }
        console.call(agentName, BusSchedulerCalls.schedulerObject(agentName), SchedulerReports.usage(u), USAGE_TIMEOUT)
                .whenComplete((out, error) -> {
                    if (error != null) {
                        log.debug("JobUsage for job {} to {} not taken: {}", u.jobId(), u.scheduler(), error.getMessage());
                    }
                });
    }

    /**
     * Sends {@code report} to the scheduler object of agent {@code scheduler}, one way and
     * durably: once the broker has the report on disk it reaches the scheduler, now or when it
     * is back, and the scheduler ignores a repeated or stale one; so there is nothing an answer
     * could change here.
     */
    private void report(String scheduler, String jobId, Request<Done> report) {
        String method = report.method().name();
        AgentName agentName;
        try {
            agentName = AgentName.parse(scheduler);
        } catch (IllegalArgumentException e) {
            log.warn("cannot report {} for job {}: claimed by '{}', not an agent name", method, jobId, scheduler);
            return;
        }
        console.sendDurable(agentName, BusSchedulerCalls.schedulerObject(agentName), report)
                .whenComplete((out, error) -> {
                    if (error != null) {
                        log.warn("{} for job {} to {} not taken by the broker: {}", method, jobId, scheduler,
                                error.getMessage());
                    }
                });
    }

    /** Publishes every slot object as deleted (the collector drops them at once). */
    void withdraw() {
        for (SlotObject o : dynamic.values()) {
            agent.remove(o.id());
        }
        dynamic.clear();
        made.clear();
        if (partitionable != null) {
            agent.remove(partitionable.id());
        }
    }
}
