package org.harrier.scheduler.queue;

import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;

/**
 * One change to the job queue: the records of HTCondor's job-queue log (new ad, set attribute,
 * delete attribute, destroy ad). Every mutation of {@link JobQueue} is one of these, grouped in a
 * {@link Transaction}, so a durable log (issue 4) can write them before they are applied and
 * replay them at start.
 */
public sealed interface QueueOp {
    /** A cluster ad: the attributes its procs share. */
    record NewCluster(int cluster, ClassAd ad) implements QueueOp {
        public NewCluster {
            if (cluster < 1) {
                throw new IllegalArgumentException("cluster ids start at 1, got " + cluster);
            }
            Objects.requireNonNull(ad, "ad");
            if (ad.chainedParent() != null) {
                throw new IllegalArgumentException("a cluster ad inherits from nothing");
            }
        }
    }

    /** A proc of an existing cluster, with only its own attributes (the rest come from the cluster ad). */
    record NewProc(JobId id, ClassAd own) implements QueueOp {
        public NewProc {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(own, "own");
            if (own.chainedParent() != null) {
                throw new IllegalArgumentException("a proc's own attributes are chained by the queue, not by the caller");
            }
        }
    }

    /** Binds one attribute of a proc (as its own attribute, overriding the cluster's). */
    record SetAttribute(JobId id, String name, Expr value) implements QueueOp {
        public SetAttribute {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * Removes a proc's own binding of one attribute (HTCondor's DeleteAttribute); one its
     * cluster ad binds shows through again. Deleting what the proc does not bind changes nothing.
     */
    record DeleteAttribute(JobId id, String name) implements QueueOp {
        public DeleteAttribute {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
        }
    }

    /** A proc leaves the queue; its cluster ad goes with its last proc. */
    record DestroyProc(JobId id) implements QueueOp {
        public DestroyProc {
            Objects.requireNonNull(id, "id");
        }
    }
}
