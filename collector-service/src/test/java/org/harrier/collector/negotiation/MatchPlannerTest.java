package org.harrier.collector.negotiation;

import org.harrier.protocol.scheduler.Matched;
import org.harrier.rules.Resources;

import static org.harrier.collector.negotiation.Pools.PLAIN_JOB;
import static org.harrier.collector.negotiation.Pools.WITHIN_LIMITS;
import static org.harrier.collector.negotiation.Pools.matchedSlots;
import static org.harrier.collector.negotiation.Pools.partitionable;
import static org.harrier.collector.negotiation.Pools.plan;
import static org.harrier.collector.negotiation.Pools.request;
import static org.harrier.collector.negotiation.Pools.staticSlot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The planner: symmetric Requirements, Rank ordering, partitionable carving and the reasons a
 * request stays idle (docs/protocols.md "Negotiation"; HTCondor's matchmaker).
 */
class MatchPlannerTest {

    @ParameterizedTest(name = "[{index}] job: {0} | slot: {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "TARGET.Arch == \"X86_64\"          | true                                | MATCH",
            "TARGET.Arch == \"ARM\"             | true                                | REJECTED_BY_JOB",
            "true                             | TARGET.Owner == \"alice\"           | MATCH",
            "true                             | TARGET.Owner == \"bob\"             | REJECTED_BY_SLOT",
            "TARGET.Memory >= 1024            | TARGET.Owner == \"alice\"           | MATCH",
            "TARGET.Memory >= 2048            | TARGET.Owner == \"alice\"           | REJECTED_BY_JOB",
            "TARGET.NoSuchAttribute == 1      | true                                | REJECTED_BY_JOB",
            "true                             | TARGET.NoSuchAttribute == 1         | REJECTED_BY_SLOT",
            "undefined                        | true                                | REJECTED_BY_JOB",
            "error                            | true                                | REJECTED_BY_JOB",
            "\"yes\"                            | true                                | REJECTED_BY_JOB",
            "1                                | 2                                   | MATCH",
            "0                                | true                                | REJECTED_BY_JOB",
            "MY.Owner == TARGET.Friend        | TARGET.Owner == MY.Friend           | MATCH",
    })
    void bothRequirementsMustBeTrue(String jobRequirements, String slotRequirements, String outcome) {
        ResourceRequest job = request("alice", 1, "Requirements = " + jobRequirements);
        SlotOffer slot = staticSlot("slot1@a", "Friend = \"alice\"; Requirements = " + slotRequirements);

        MatchPlan plan = plan(List.of(job), List.of(slot));

        if (outcome.equals("MATCH")) {
            assertEquals(List.of("slot1@a"), matchedSlots(plan));
            assertEquals(List.of(), plan.rejections());
        } else {
            assertEquals(List.of(), plan.matches());
            assertEquals(Reason.valueOf(outcome), plan.rejections().get(0).reason());
        }
    }

    /**
     * The HTCondor manual's matchmaking examples ("Matchmaking with ClassAds", "condor_startd
     * Policy Configuration"): an unscoped name the ad lacks is looked up in the other ad, so a
     * machine's {@code Owner != "riffraff"} reads the job's Owner and a job's {@code Memory >= 64}
     * the machine's Memory.
     */
    @ParameterizedTest(name = "[{index}] job {0} | machine {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "Arch == \"X86_64\" && OpSys == \"LINUX\"      | (LoadAvg <= 0.3) && (KeyboardIdle > (15 * 60))   | alice    | MATCH",
            "Arch == \"INTEL\" && OpSys == \"SOLARIS251\"  | (LoadAvg <= 0.3) && (KeyboardIdle > (15 * 60))   | alice    | REJECTED_BY_JOB",
            "Memory >= 64                                | Owner != \"riffraff\"                           | alice    | MATCH",
            "Memory >= 64                                | Owner != \"riffraff\"                           | riffraff | REJECTED_BY_SLOT",
            "Memory >= 4096                              | true                                           | alice    | REJECTED_BY_JOB",
            "TARGET.Mips > 100                           | true                                           | alice    | REJECTED_BY_JOB",
            "true                                        | KeyboardIdle > 3000                            | alice    | REJECTED_BY_SLOT",
            "true                                        | TARGET.ImageSize < MY.Memory * 1024            | alice    | MATCH",
    })
    void theManualsMatchmakingExamples(String job, String machine, String owner, String outcome) {
        ResourceRequest request = Pools.request(owner, 1, "Requirements = " + job + "; ImageSize = 50000");
        SlotOffer slot = staticSlot("slot1@a", "LoadAvg = 0.1; KeyboardIdle = 1800; Requirements = " + machine);

        MatchPlan plan = plan(List.of(request), List.of(slot));

        if (outcome.equals("MATCH")) {
            assertEquals(List.of("slot1@a"), matchedSlots(plan));
        } else {
            assertEquals(Reason.valueOf(outcome), plan.rejections().get(0).reason());
        }
    }

    @Test
    void aJobWithoutRequirementsNeverMatches() {
        MatchPlan plan = plan(List.of(request("alice", 1, "Cmd = \"/bin/true\"")), List.of(staticSlot("slot1@a", "")));

        assertEquals(List.of(), plan.matches());
        assertEquals(Reason.REJECTED_BY_JOB, plan.rejections().get(0).reason());
    }

    @Test
    void aSlotWithoutRequirementsTakesNoJob() {
        SlotOffer slot = Pools.slot("slot1@a", "SlotType = \"Static\"; State = \"Unclaimed\"; Cpus = 1");

        MatchPlan plan = plan(List.of(request("alice", 1, "Requirements = true")), List.of(slot));

        assertEquals(Reason.REJECTED_BY_SLOT, plan.rejections().get(0).reason());
    }

    @ParameterizedTest(name = "[{index}] job Rank {0}, slot Ranks {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "TARGET.Memory           | 0 ; 0 ; 0       | s3 s2 s1",
            "-TARGET.Memory          | 0 ; 0 ; 0       | s1 s2 s3",
            "0                       | 1 ; 3 ; 2       | s2 s3 s1",
            "TARGET.Memory > 1500    | 1 ; 3 ; 2       | s2 s3 s1",
            "TARGET.Memory > 2500    | 5 ; 1 ; 0       | s3 s1 s2",
            "TARGET.Cpus             | 0 ; 0 ; 0       | s1 s2 s3",
            "TARGET.NoSuchAttribute  | 0 ; 0 ; 0       | s1 s2 s3",
            "\"text\"                  | 0 ; 7 ; 0       | s2 s1 s3",
    })
    void candidatesAreOrderedByTheJobsRankThenTheSlotsRank(String jobRank, String slotRanks, String order) {
        String[] ranks = slotRanks.split(";");
        List<SlotOffer> slots = List.of(
                staticSlot("s1", "Memory = 1024; Rank = " + ranks[0].trim()),
                staticSlot("s2", "Memory = 2048; Rank = " + ranks[1].trim()),
                staticSlot("s3", "Memory = 3072; Rank = " + ranks[2].trim()));

        MatchPlan plan = plan(List.of(request("alice", 3, "Requirements = true; Rank = " + jobRank)), slots);

        assertEquals(List.of(order.split(" ")), matchedSlots(plan));
    }

    @Test
    void aJobNobodyCanRunStaysUnmatchedWithTheReasonAndTheSlotCounts() {
        List<SlotOffer> slots = List.of(staticSlot("s1", ""), staticSlot("s2", ""),
                staticSlot("s3", "Requirements = TARGET.Owner != \"alice\""));

        MatchPlan plan = plan(List.of(request("alice", 5, "Requirements = TARGET.Memory > 100000")), slots);

        assertEquals(List.of(), plan.matches());
        Rejection r = plan.rejections().get(0);
        assertEquals(5, r.unmatched());
        assertEquals(Reason.REJECTED_BY_JOB, r.reason());
        assertEquals(Map.of(Reason.REJECTED_BY_JOB, 3), r.slots());
        assertEquals(5, plan.unmatchedJobs());
        assertEquals(5, plan.idleJobs());
        assertEquals(3, plan.candidateSlots());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "SlotType = \"Static\"; State = \"Claimed\"; Cpus = 1                 | 0",
            "SlotType = \"Static\"; State = \"Owner\"; Cpus = 1                   | 0",
            "SlotType = \"Dynamic\"; State = \"Claimed\"; Cpus = 1                | 0",
            "SlotType = \"Static\"; State = \"Unclaimed\"; Cpus = 1               | 1",
            "State = \"Unclaimed\"                                                | 1",
            "SlotType = \"Partitionable\"; State = \"Unclaimed\"; Cpus = 0        | 0",
            "SlotType = \"Partitionable\"; State = \"Unclaimed\"; Cpus = 0; ConsumptionCpus = 0 | 1",
            "SlotType = \"Partitionable\"; State = \"Claimed\"; Cpus = 2          | 1",
            "SlotType = \"Partitionable\"; State = \"Owner\"; Cpus = 2            | 0",
            "SlotType = \"partitionable\"; State = \"Unclaimed\"; Cpus = 1        | 1",
    })
    void onlyUnclaimedSlotsAndPartitionableSlotsWithACoreLeftNotInTheOwnersUseAreCandidates(String slotAttributes, int candidates) {
        SlotOffer slot = Pools.slot("slot1@a", slotAttributes + "; Memory = 1024; Disk = 100000; Requirements = true");

        MatchPlan plan = plan(List.of(request("alice", 1, "Requirements = true")), List.of(slot));

        assertEquals(candidates, plan.candidateSlots());
        assertEquals(candidates, plan.matches().size());
        if (candidates == 0) {
            assertEquals(Reason.NO_CANDIDATE_SLOTS, plan.rejections().get(0).reason());
        }
    }

    @Test
    void aSlotClaimedWholeTakesOneJobPerCycle() {
        ResourceRequest first = request("alice", 1, "Requirements = true");
        ResourceRequest second = request("alice", 1, "Requirements = true");

        MatchPlan plan = plan(List.of(first, second), List.of(staticSlot("s1", "")));

        assertEquals(List.of("s1"), matchedSlots(plan));
        assertEquals(first, plan.matches().get(0).request());
        assertEquals(Resources.NONE, plan.matches().get(0).carved());
        Rejection r = plan.rejections().get(0);
        assertEquals(second, r.request());
        assertEquals(Reason.SLOT_TAKEN, r.reason());
    }

    @Test
    void aPartitionableSlotTakesJobsUntilItsCoresRunOut() {
        MatchPlan plan = plan(List.of(request("alice", 10, PLAIN_JOB)),
                List.of(partitionable("slot1@a", 4, 8192, 100000, WITHIN_LIMITS)));

        assertEquals(List.of("slot1@a", "slot1@a", "slot1@a", "slot1@a"), matchedSlots(plan));
        plan.matches().forEach(m -> assertEquals(new Resources(1, 128, 1000), m.carved()));
        assertEquals(6, plan.rejections().get(0).unmatched());
        assertEquals(Reason.SLOT_TAKEN, plan.rejections().get(0).reason());
    }

    @Test
    void aPartitionableSlotWhosePolicyMayConsumeNoCoresStaysOpenWhenItsCoresRunOut() {
        // A consumption policy taking what a job asks, cores included: jobs asking no core take
        // memory only, and the startd's WithinResourceLimits lets a slot with no core left
        // take them as long as memory remains.
        String policy = "Requirements = MY.ConsumptionCpus <= MY.Cpus && MY.ConsumptionMemory <= MY.Memory;"
                + " ConsumptionCpus = TARGET.RequestCpus; ConsumptionMemory = TARGET.RequestMemory; ConsumptionDisk = 1";
        ResourceRequest oneCore = request("alice", 1, "Requirements = true; RequestCpus = 1; RequestMemory = 1024");
        ResourceRequest noCore = request("alice", 5, "Requirements = true; RequestCpus = 0; RequestMemory = 1024");

        MatchPlan plan = plan(List.of(oneCore, noCore), List.of(partitionable("slot1@a", 1, 4096, 100000, policy)));

        assertEquals(List.of("slot1@a", "slot1@a", "slot1@a", "slot1@a"), matchedSlots(plan));
        assertEquals(2, plan.rejections().get(0).unmatched());
    }

    @Test
    void aPartitionableSlotStopsWhenMemoryRunsOutAndSaysSo() {
        MatchPlan plan = plan(List.of(request("alice", 5, "Requirements = true; RequestCpus = 1; RequestMemory = 1500")),
                List.of(partitionable("slot1@a", 8, 4096, 100000, "Requirements = true")));

        assertEquals(2, plan.matches().size());
        assertEquals(Reason.INSUFFICIENT_RESOURCES, plan.rejections().get(0).reason());
    }

    @Test
    void requirementsSeeWhatThePartitionableSlotHasLeft() {
        ResourceRequest big = request("alice", 10,
                "Requirements = TARGET.Memory >= 2048; RequestCpus = 1; RequestMemory = 1024; RequestDisk = 10");

        MatchPlan plan = plan(List.of(big), List.of(partitionable("slot1@a", 8, 4096, 100000, WITHIN_LIMITS)));

        // 4096, 3072 and 2048 MiB left satisfy the job; with 1024 left its Requirements say no.
        assertEquals(3, plan.matches().size());
        assertEquals(Reason.REJECTED_BY_JOB, plan.rejections().get(0).reason());
    }

    @Test
    void resourceRequestsAreEvaluatedAgainstTheSlot() {
        MatchPlan plan = plan(List.of(request("alice", 3, "Requirements = true; RequestMemory = TARGET.Memory / 2")),
                List.of(partitionable("slot1@a", 8, 4096, 100000, "Requirements = true")));

        assertEquals(List.of(new Resources(1, 2048, 1024), new Resources(1, 1024, 1024), new Resources(1, 512, 1024)),
                plan.matches().stream().map(PlannedMatch::carved).toList());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "Requirements = true                                          | 1 128 1024",
            "Requirements = true; RequestCpus = 2                         | 2 128 1024",
            "Requirements = true; RequestCpus = 1.5; RequestMemory = 99.2 | 2 100 1024",
            "Requirements = true; RequestDisk = 500                       | 1 128 500",
            "Requirements = true; DiskUsage = 300                         | 1 128 300",
            "Requirements = true; RequestDisk = 50; DiskUsage = 300       | 1 128 50",
            "Requirements = true; RequestCpus = 0; RequestMemory = 0.2    | 1 1 1024",
    })
    void unstatedRequestsTakeTheStartdsDefaultsAndRealsRoundUp(String job, String carved) {
        MatchPlan plan = plan(List.of(request("alice", 1, job)),
                List.of(partitionable("slot1@a", 4, 4096, 100000, "Requirements = true")));

        String[] r = carved.split(" ");
        assertEquals(new Resources(Long.parseLong(r[0]), Long.parseLong(r[1]), Long.parseLong(r[2])),
                plan.matches().get(0).carved());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "RequestCpus = -1",
            "RequestMemory = \"lots\"",
            "RequestDisk = error",
            "RequestCpus = 1 / 0",
    })
    void aResourceRequestThatIsNotANonNegativeNumberIsRejected(String bad) {
        MatchPlan plan = plan(List.of(request("alice", 1, "Requirements = true; " + bad)),
                List.of(partitionable("slot1@a", 4, 4096, 100000, "Requirements = true")));

        assertEquals(Reason.BAD_RESOURCE_REQUEST, plan.rejections().get(0).reason());
    }

    @Test
    void ownersOfEqualPriorityGetEqualSharesOfThePool() {
        ResourceRequest bob = request("bob", 3, "Requirements = true");
        ResourceRequest alice = request("alice", 3, "Requirements = true");
        List<SlotOffer> slots = List.of(staticSlot("s1", ""), staticSlot("s2", ""), staticSlot("s3", ""), staticSlot("s4", ""));

        MatchPlan plan = plan(List.of(bob, alice), slots);

        // Pie spin: a pie of 4 slots, a slice of 2 each; the better name goes first when priorities tie.
        assertEquals(List.of("alice", "alice", "bob", "bob"), plan.matches().stream().map(m -> m.request().owner()).toList());
        assertEquals(2, plan.rejections().size());
        assertTrue(plan.rejections().stream().allMatch(r -> r.unmatched() == 1 && r.reason() == Reason.SLOT_TAKEN));
    }

    @Test
    void matchesGoToTheirSchedulersInTheWireForm() {
        ResourceRequest r = new ResourceRequest(Pools.SCHEDD, 7, "alice", 1, Pools.ad("Requirements = true"));

        MatchPlan plan = plan(List.of(r), List.of(staticSlot("slot1@exec1", "")));

        assertEquals(Map.of(Pools.SCHEDD, List.of(plan.matches().get(0))), plan.matchesBySchedulers());
        assertEquals(List.of(Map.of("RequestId", 7L, "Slot", "mrg.grid:slot:slot1@exec1", "Agent", "harrier:startd:exec1")),
                Matched.METHOD.writeRequest(new Matched(List.of(plan.matches().get(0).toMatch()))).get("Matches"));
    }

    @Test
    void anEmptySnapshotPlansNothing() {
        MatchPlan plan = plan(List.of(), List.of());

        assertEquals(List.of(), plan.matches());
        assertEquals(List.of(), plan.rejections());
        assertEquals(0, plan.idleJobs());
    }

    @Test
    void theSameSnapshotGivesTheSamePlan() {
        List<ResourceRequest> requests = List.of(request("alice", 4, "Requirements = true; Rank = random(10)"),
                request("bob", 2, PLAIN_JOB));
        List<SlotOffer> slots = List.of(staticSlot("s1", ""), staticSlot("s2", ""),
                partitionable("p1", 3, 4096, 100000, WITHIN_LIMITS));

        assertEquals(plan(requests, slots), plan(requests, slots));
    }
}
