package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
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
    void snapshotsOfDifferentValuesOrJobsDiffer() {
        assertNotEquals(new JobObject(ID, proc(2)).snapshot(), new JobObject(ID, JobIdentity.literal(proc(4))).snapshot());
        assertNotEquals(new JobObject(ID, proc(4)).snapshot(), new JobObject(JobId.parse("7.4"), proc(4)).snapshot());
    }
}
