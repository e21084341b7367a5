package org.harrier.collector;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;

/**
 * The {@code collector} managed object: pool statistics and {@code Query}. Statistics are a
 * volatile snapshot the owner thread replaces after each store change; a query reads the store,
 * so it runs on the owner thread and completes from there.
 */
final class CollectorObject implements ManagedObject {
    private final ObjectId id;
    private final CollectorSettings settings;
    private final AdStore store;
    private final Executor owner;
    private volatile PoolCounts counts = PoolCounts.NONE;
    private volatile long updatesReceived;

    /** {@code store} is only read on {@code owner}, the thread that owns it. */
    CollectorObject(String name, CollectorSettings settings, AdStore store, Executor owner) {
        this.id = ObjectId.grid("collector", name);
        this.settings = settings;
        this.store = store;
        this.owner = owner;
    }

    /** Called on the owner thread after the store changed. */
    void refresh() {
        counts = store.counts();
        updatesReceived = store.updatesReceived();
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        PoolCounts c = counts;
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
        v.put("UpdatesReceived", updatesReceived);
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
        try {
            return CompletableFuture.supplyAsync(() -> {
                List<Map<String, Object>> ads = store.query(query);
                return Map.<String, Object>of("Ads", ads);
            }, owner);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new QmfException(QmfException.EXCEPTION, "the collector is shutting down"));
        }
    }
}
