package org.harrier.scheduler.bus;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.scheduler.SubmitterCounts;

/** One owner's jobs here as a {@code submitter} object, key {@code owner@scheduler}. Updated on the owner thread. */
final class SubmitterObject implements ManagedObject {
    private final ObjectId id;
    private final String owner;
    private final String scheduler;
    private final String machine;
    private final Function<String, Map<String, Object>> transferred;
    private volatile Map<String, Object> values;

    SubmitterObject(String owner, String scheduler, String machine) {
        this(owner, scheduler, machine, o -> Map.of());
    }

    /** {@code transferred}: the owner's file transfer totals (BytesRecvd, BytesSent), read at each publication. */
    SubmitterObject(String owner, String scheduler, String machine, Function<String, Map<String, Object>> transferred) {
        this.transferred = transferred;
        this.owner = owner;
        this.scheduler = scheduler;
        this.machine = machine;
        this.id = ObjectId.grid("submitter", owner + "@" + scheduler);
        update(new SubmitterCounts(owner, 0, 0, 0, 0));
    }

    void update(SubmitterCounts c) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("Name", id.key());
        v.put("Owner", owner);
        v.put("ScheddName", scheduler);
        v.put("Machine", machine);
        v.put("IdleJobs", (long) c.idleJobs());
        v.put("RunningJobs", (long) c.runningJobs());
        v.put("HeldJobs", (long) c.heldJobs());
        values = java.util.Collections.unmodifiableMap(v);
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        Map<String, Object> bytes = transferred.apply(owner);
        if (bytes.isEmpty()) {
            return values;
        }
        Map<String, Object> v = new LinkedHashMap<>(values);
        v.putAll(bytes);
        return java.util.Collections.unmodifiableMap(v);
    }
}
