package org.harrier.collector.negotiation;

import java.time.Instant;
import java.util.List;

import org.harrier.classad.ClassAd;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;

/** Fixtures for planner tests: requests and slots from ClassAd text, and a plan of them. */
final class Pools {
    static final AgentName SCHEDD = AgentName.harrier("scheduler", "submit1");
    static final AgentName STARTD = AgentName.harrier("startd", "exec1");
    static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

    /** What condor_submit would give a job that asks for nothing special. */
    static final String PLAIN_JOB = "Requirements = TARGET.Arch == \"X86_64\"; RequestCpus = 1; RequestMemory = 128; RequestDisk = 1000";
    /** The startd's slot Requirements: START && WithinResourceLimits (HTCondor's Reqexp.cpp). */
    static final String WITHIN_LIMITS = "Requirements = MY.Cpus > 0 && TARGET.RequestCpus <= MY.Cpus"
            + " && TARGET.RequestMemory <= MY.Memory && TARGET.RequestDisk <= MY.Disk";

    private static long nextRequest = 1;

    private Pools() {
    }

    static ResourceRequest request(String owner, long count, String attributes) {
        return new ResourceRequest(SCHEDD, nextRequest++, owner, count, ad("Owner = \"" + owner + "\"; " + attributes));
    }

    static SlotOffer slot(String name, String attributes) {
        return new SlotOffer(ObjectId.grid("slot", name), STARTD,
                ad("Name = \"" + name + "\"; Arch = \"X86_64\"; OpSys = \"LINUX\"; " + attributes));
    }

    static SlotOffer staticSlot(String name, String attributes) {
        return slot(name, "SlotType = \"Static\"; State = \"Unclaimed\"; Cpus = 1; Memory = 1024; Disk = 100000; "
                + "Requirements = true; " + attributes);
    }

    static SlotOffer partitionable(String name, long cpus, long memory, long disk, String attributes) {
        return slot(name, "SlotType = \"Partitionable\"; State = \"Unclaimed\"; Cpus = " + cpus + "; Memory = " + memory
                + "; Disk = " + disk + "; " + attributes);
    }

    static ClassAd ad(String attributes) {
        return ClassAd.parse("[" + attributes + "]");
    }

    static MatchPlan plan(List<ResourceRequest> requests, List<SlotOffer> slots) {
        return MatchPlanner.plan(new NegotiationSnapshot(requests, slots, NOW));
    }

    static List<String> matchedSlots(MatchPlan plan) {
        return plan.matches().stream().map(m -> m.slot().id().key()).toList();
    }
}
