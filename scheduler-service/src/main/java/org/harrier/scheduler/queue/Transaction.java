package org.harrier.scheduler.queue;

import java.util.ArrayList;
import java.util.List;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;

/** Queue operations applied together or not at all (HTCondor's begin/end transaction). */
public record Transaction(List<QueueOp> ops) {
    public Transaction {
        ops = List.copyOf(ops);
        if (ops.isEmpty()) {
            throw new IllegalArgumentException("a transaction needs at least one operation");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects operations in order. */
    public static final class Builder {
        private final List<QueueOp> ops = new ArrayList<>();

        public Builder add(QueueOp op) {
            ops.add(op);
            return this;
        }

        public Builder set(JobId id, String name, Expr value) {
            return add(new QueueOp.SetAttribute(id, name, value));
        }

        public Builder set(JobId id, String name, long value) {
            return set(id, name, IntegerValue.of(value));
        }

        public Builder status(JobId id, JobStatus status, long now) {
            set(id, Attr.JOB_STATUS, status.code());
            return set(id, Attr.ENTERED_CURRENT_STATUS, now);
        }

        public Builder delete(JobId id, String name) {
            return add(new QueueOp.DeleteAttribute(id, name));
        }

        public Builder destroy(JobId id) {
            return add(new QueueOp.DestroyProc(id));
        }

        public boolean isEmpty() {
            return ops.isEmpty();
        }

        public Transaction build() {
            return new Transaction(ops);
        }
    }
}
