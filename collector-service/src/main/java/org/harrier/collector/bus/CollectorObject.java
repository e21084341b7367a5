package org.harrier.collector.bus;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;

import org.harrier.collector.AdQuery;
import org.harrier.collector.CentralManager;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.PoolCounts;
import org.harrier.bus.ManagedObject;
import org.harrier.bus.MethodTable;
import org.harrier.bus.RequestContext;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.collector.Query;

/**
 * The {@code collector} managed object: pool statistics and {@code Query}. Statistics are the
 * central manager's volatile snapshot, which its owner thread replaces after each store change,
 * so the agent may read them from any thread; a query runs on the owner thread and completes
 * from there.
 */
public final class CollectorObject implements ManagedObject {
    private final ObjectId id;
    private final CollectorSettings settings;
    private final CentralManager manager;
    private final MethodTable methods;

    public CollectorObject(String name, CollectorSettings settings, CentralManager manager) {
        this.id = ObjectId.grid("collector", name);
        this.settings = settings;
        this.manager = manager;
        this.methods = new MethodTable("collector", CollectorFailures::toQmf).on(Query.METHOD, this::query);
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        PoolCounts c = manager.counts();
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("Name", id.key());
        v.put("Machine", settings.machine());
        v.put("ClassAdLifetime", settings.classAdLifetimeSeconds());
        v.put("HostsTotal", c.hostsTotal());
        v.put("HostsClaimed", c.hostsClaimed());
        v.put("HostsUnclaimed", c.hostsUnclaimed());
        v.put("HostsOwner", c.hostsOwner());
        v.put("RunningJobs", c.runningJobs());
        v.put("IdleJobs", c.idleJobs());
        v.put("AdsHeld", c.adsHeld());
        v.put("UpdatesReceived", manager.updatesReceived());
        v.put("UpdatesRefused", manager.updatesRefused());
        return Map.copyOf(v);
    }

    @Override
    public MethodTable methods() {
        return methods;
    }

    /** Query; an unknown type name or a constraint that does not parse fails before touching the store. */
    private CompletionStage<Query.Ads> query(Query request, RequestContext context) {
        return manager.query(AdQuery.of(request)).thenApply(Query.Ads::new);
    }
}
