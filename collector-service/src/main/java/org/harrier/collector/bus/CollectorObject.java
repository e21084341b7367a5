package org.harrier.collector.bus;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.harrier.collector.AdQuery;
import org.harrier.collector.CentralManager;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.PoolCounts;
import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;

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

    public CollectorObject(String name, CollectorSettings settings, CentralManager manager) {
        this.id = ObjectId.grid("collector", name);
        this.settings = settings;
        this.manager = manager;
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
        return Map.copyOf(v);
    }

    /** Query(AdType, Constraint, Projection) -> Ads; bad arguments fail with BAD_PARAMETER before touching the store. */
    @Override
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
        if (!method.equals("Query")) {
            return CompletableFuture.failedFuture(new QmfException(QmfException.NOT_IMPLEMENTED,
                    "collector does not implement " + method));
        }
        AdQuery query;
        try {
            query = AdQuery.fromArguments(arguments);
        } catch (QmfException e) {
            return CompletableFuture.failedFuture(e);
        }
        return manager.query(query).thenApply(ads -> Map.<String, Object>of("Ads", ads));
    }
}
