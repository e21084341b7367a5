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
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.SlotAds;
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
 * <p>Threads: every listener method runs on the startd's owner thread, which also owns
 * {@link #dynamic}; {@link #start} runs before the startd does anything. Sends do not block:
 * the agent's outbox and the console's futures complete elsewhere.
 */
final class SlotPublisher implements StartdListener {
    private static final Logger log = LoggerFactory.getLogger(SlotPublisher.class);

    private static final Duration USAGE_TIMEOUT = Duration.ofSeconds(30);

    private final Agent agent;
    private final Console console;
    private final Duration updateInterval;
    private final Map<String, SlotObject> dynamic = new HashMap<>();
    private Startd startd;
    private SlotObject partitionable;

    SlotPublisher(Agent agent, Console console, Duration updateInterval) {
        this.agent = agent;
        this.console = console;
        this.updateInterval = updateInterval;
    }

    /** Publishes the partitionable slot; before the startd takes any call. */
    void start(Startd s) {
        this.startd = s;
        PartitionableSlot slot = s.slot();
        partitionable = new SlotObject(slot.name(), true, s, partitionableAd(s, slot));
        agent.advertise(partitionable, updateInterval);
    }

    @Override
    public void slotsChanged(PartitionableSlot slot) {
        if (partitionable.update(partitionableAd(startd, slot))) {
            agent.changed(partitionable);
        }
        for (Iterator<Map.Entry<String, SlotObject>> it = dynamic.entrySet().iterator(); it.hasNext();) {
            Map.Entry<String, SlotObject> e = it.next();
            if (!slot.dynamicSlots().containsKey(e.getKey())) {
                agent.remove(e.getValue().id());
                it.remove();
            }
        }
        for (DynamicSlot d : slot.dynamicSlots().values()) {
            SlotObject o = dynamic.get(d.name());
            if (o == null) {
                o = new SlotObject(d.name(), false, startd, dynamicAd(slot, d));
                dynamic.put(d.name(), o);
                agent.advertise(o, updateInterval);
            } else if (o.update(dynamicAd(slot, d))) {
                agent.changed(o);
            }
        }
    }

    /**
     * Fresh measurements go into the slot objects for their next periodic advertisement; only
     * a move between Owner and Unclaimed (the owner came or went) is published at once, so
     * that the negotiator stops or starts offering the slot now, not an UPDATE_INTERVAL later.
     */
    @Override
    public void measured(PartitionableSlot slot) {
        refresh(partitionable, partitionableAd(startd, slot));
        for (DynamicSlot d : slot.dynamicSlots().values()) {
            SlotObject o = dynamic.get(d.name());
            if (o != null) {
                refresh(o, dynamicAd(slot, d));
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
    private static ClassAd partitionableAd(Startd s, PartitionableSlot slot) {
        return SlotAds.partitionable(slot, s.policy(), s.measurements(), s.matches().stay());
    }

    private ClassAd dynamicAd(PartitionableSlot slot, DynamicSlot d) {
        return SlotAds.dynamic(slot, d, startd.policy(), startd.measurements());
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
        if (partitionable != null) {
            agent.remove(partitionable.id());
        }
    }
}
