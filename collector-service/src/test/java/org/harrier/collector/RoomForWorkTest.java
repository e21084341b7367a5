package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.collector.negotiation.MatchPlan;
import org.harrier.collector.negotiation.MatchPlanner;
import org.harrier.collector.negotiation.NegotiationPolicy;
import org.harrier.collector.negotiation.NegotiationSnapshot;
import org.harrier.collector.negotiation.Preemption;
import org.harrier.collector.negotiation.ResourceRequest;
import org.harrier.collector.negotiation.SlotOffer;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * When new submissions alone start a cycle (CycleTrigger.roomForWork): only in a pool where a
 * cycle could place a job. Each pool is checked against the planner itself: where the rule sees
 * no room, a cycle over every kind of job below matches nothing, and where it sees room, one of
 * them is placed. Slots are ClassAd bodies separated by " ; ", each a running job's slot unless
 * it names its SlotType.
 */
class RoomForWorkTest {
    private static final AgentName SCHEDD = AgentName.harrier("scheduler", "submit1");
    private static final AgentName STARTD = AgentName.harrier("startd", "exec1");
    private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");
    /** A running job as exec-service advertises it: a dynamic slot claimed by alice, ranked CurrentRank. */
    private static final String RUNNING = "SlotType = \"Dynamic\"; State = \"Claimed\"; RemoteUser = \"alice\"; "
            + "Cpus = 1; Memory = 1024; Disk = 100000; Requirements = true; SlotWeight = 1; ";
    /** Jobs of a newcomer and of the slot's own user, with and without a Rank, large and small. */
    private static final List<String> JOBS = List.of(
            "Owner = \"bob\"; Requirements = true; RequestCpus = 1; RequestMemory = 128; RequestDisk = 1",
            "Owner = \"alice\"; Requirements = true; RequestCpus = 1; RequestMemory = 128; RequestDisk = 1",
            "Owner = \"bob\"; Requirements = true; Rank = TARGET.Memory; Department = \"physics\"; RequestCpus = 1",
            "Owner = \"carol\"; Requirements = true; RequestCpus = 4; RequestMemory = 4096; RequestDisk = 1");

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "every slot running a job, Rank constant as exec-service's default | Rank = 0; CurrentRank = 0.0 ; Rank = 0; CurrentRank = 0.0 | false | false",
            "running slots that advertise no Rank                           | CurrentRank = 0.0                                          | false | false",
            "a partitionable slot with nothing left beside them             | Rank = 0; CurrentRank = 0.0 ; SlotType = \"Partitionable\"; State = \"Unclaimed\"; Cpus = 0; Memory = 0; Disk = 0 | false | false",
            "an idle slot its owner uses                                    | Rank = 0; CurrentRank = 0.0 ; SlotType = \"Static\"; State = \"Owner\"; Cpus = 1; Memory = 1024; Disk = 1000 | false | false",
            "an Unclaimed slot                                              | Rank = 0; CurrentRank = 0.0 ; SlotType = \"Static\"; State = \"Unclaimed\"; Cpus = 1; Memory = 1024; Disk = 1000 | false | true",
            "a partitionable slot with a core left                          | SlotType = \"Partitionable\"; State = \"Unclaimed\"; Cpus = 1; Memory = 512; Disk = 1000 | false | true",
            "a Rank that reads the job                                      | Rank = TARGET.Department == \"physics\"; CurrentRank = 0.0 | false | true",
            "a constant Rank above what the running job got                 | Rank = 10; CurrentRank = 0.0                               | false | true",
            "PREEMPTION_REQUIREMENTS not False                              | Rank = 0; CurrentRank = 0.0 ; Rank = 0; CurrentRank = 0.0 | true  | true",
    })
    void newSubmissionsStartACycleOnlyWhereOneCouldPlaceAJob(String pool, String slots, boolean priorityPreemption,
            boolean room) {
        List<SlotOffer> offers = offers(slots);
        Preemption preemption = priorityPreemption ? Preemption.of("true", "0") : Preemption.DEFAULT;

        assertEquals(room, CycleTrigger.roomForWork(offers, preemption));
        assertEquals(room, !plan(offers, preemption).matches().isEmpty(), "a cycle over these jobs matches exactly where the rule sees room");
    }

    /** Slot bodies that name their SlotType are whole; the others are added to a running job's ad. */
    private static List<SlotOffer> offers(String slots) {
        List<SlotOffer> out = new ArrayList<>();
        int n = 1;
        for (String body : slots.split(" ; ")) {
            String name = "slot1_" + n++ + "@exec1";
            String ad = body.contains("SlotType") ? "Requirements = true; " + body.strip() : RUNNING + body.strip();
            out.add(new SlotOffer(ObjectId.grid("slot", name), STARTD, ClassAd.parse("[Name = \"" + name + "\"; " + ad + "]")));
        }
        return out;
    }

    private static MatchPlan plan(List<SlotOffer> offers, Preemption preemption) {
        List<ResourceRequest> requests = new ArrayList<>();
        long id = 1;
        for (String job : JOBS) {
            ClassAd ad = ClassAd.parse("[" + job + "]");
            String owner = ((StringValue) ad.evaluate("Owner")).value();
            requests.add(new ResourceRequest(SCHEDD, id++, owner, 5, ad));
        }
        NegotiationPolicy policy = NegotiationPolicy.DEFAULT.withPreemption(preemption)
                .withPriorities(Map.of("alice", 100_000.0, "bob", 0.5, "carol", 0.5));
        return MatchPlanner.plan(new NegotiationSnapshot(requests, offers, NOW, policy));
    }
}
