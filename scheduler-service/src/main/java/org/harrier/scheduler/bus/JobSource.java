package org.harrier.scheduler.bus;

import java.util.function.Consumer;
import org.harrier.mgmt.ManagedObject;
import org.harrier.mgmt.ObjectId;
import org.harrier.mgmt.bus.Agent;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;

/**
 * Serves the {@code job} class straight from the queue: the agent finds a job object by reading
 * the queue (safe from its threads, see {@link JobQueue}) rather than holding one per job.
 */
record JobSource(JobQueue queue) implements Agent.ObjectSource {
    @Override
    public ManagedObject find(ObjectId id) {
        JobId job;
        try {
            job = JobId.parse(id.key());
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (!job.toString().equals(id.key())) {
            return null; // "01.2" is not the key of job 1.2
        }
        var ad = queue.ad(job);
        return ad == null ? null : new JobObject(job, ad);
    }

    @Override
    public void forEach(Consumer<ManagedObject> each) {
        queue.forEach((job, ad) -> each.accept(new JobObject(job, ad)));
    }
}
