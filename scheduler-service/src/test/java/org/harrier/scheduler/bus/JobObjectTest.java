package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.protocol.AdMaps;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.PrivateAttributes;
import org.junit.jupiter.api.Test;

class JobObjectTest {
    private static final ClassAd CLUSTER = ClassAd.builder().set("ClusterId", 7).set("Cmd", "/bin/true")
            .set("CustomId", Expr.parse("strcat(ClusterId, \".\", ProcId)"))
            .set("GlobalJobId", Expr.parse("strcat(\"vm#\", ClusterId, \".\", ProcId, \"#\", 1700000000)")).build();
    private static final JobId ID = JobId.parse("7.3");

    private static ClassAd proc(int status) {
        return ClassAd.builder().set("ProcId", 3).set("JobStatus", status).chainedTo(CLUSTER).build();
    }

    @Test
    void aLeavingJobsFinalAdIsTheSameSnapshotAsTheQueuedAdItCameFrom() {
        ClassAd queued = proc(4);
        ClassAd last = JobIdentity.literal(queued);
        assertEquals(new JobObject(ID, queued).snapshot(), new JobObject(ID, last).snapshot());
        assertEquals(new JobObject(ID, queued).snapshot().get(), new JobObject(ID, last).snapshot().get());
    }

    @Test
    void aRunningJobsSnapshotHidesItsPrivateAttributesOwnAndInherited() {
        ClassAd cluster = CLUSTER.toBuilder().set("TransferKey", "inherited-secret").build();
        ClassAd running = ClassAd.builder().set("ProcId", 3).set("JobStatus", 2).set("ClaimId", "<c1>#secret")
                .set("RemoteHost", "slot1_1@h").set("_condor_privKey", "x").chainedTo(cluster).build();
        JobObject job = new JobObject(ID, running);
        Map<String, Object> sent = job.snapshot().get();
        // What it was before the filter moved into the conversion: the native map of the shown (hidden) ad.
        Map<String, Object> shown = AdMaps.toNative(PrivateAttributes.hidden(JobIdentity.literal(running)));
        shown.put("CustomId", "7.3");
        assertEquals(shown, sent);
        assertEquals(List.copyOf(shown.keySet()), List.copyOf(sent.keySet()), "in the same order");
        assertEquals(List.of("ProcId", "JobStatus", "RemoteHost", "CustomId", "GlobalJobId", "ClusterId", "Cmd"),
                List.copyOf(sent.keySet()));
        assertEquals(sent, job.values());
        assertThrows(UnsupportedOperationException.class, () -> job.values().put("ClaimId", "x"), "values() stays read-only");
        assertNotSame(job.snapshot().get(), job.snapshot().get(), "each send gets a map of its own, which the bus sends as it is");
    }

    @Test
    void snapshotsOfDifferentValuesOrJobsDiffer() {
        assertNotEquals(new JobObject(ID, proc(2)).snapshot(), new JobObject(ID, JobIdentity.literal(proc(4))).snapshot());
        assertNotEquals(new JobObject(ID, proc(4)).snapshot(), new JobObject(JobId.parse("7.4"), proc(4)).snapshot());
    }
}
