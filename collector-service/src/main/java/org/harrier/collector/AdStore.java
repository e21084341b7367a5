package org.harrier.collector;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Value;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.ObjectData;

/**
 * The collector's ads: slot, scheduler and submitter objects as their agents publish them
 * (docs/protocols.md "Advertisement"). An ad lives until its lifetime passes without an update
 * or a delete indication arrives. The lifetime is the ad's own integer {@code ClassAdLifetime}
 * attribute when it has one (HTCondor lets a daemon say how long its ad is good for), else the
 * configured CLASSAD_LIFETIME.
 *
 * <p>Not thread-safe: one thread owns a store, in the service the central manager's thread.
 * Time is an argument ({@code now}), so lifetimes are decided by the caller's clock.
 */
public final class AdStore {
    private static final String LIFETIME_ATTRIBUTE = "ClassAdLifetime";

    private final Duration defaultLifetime;
    private final Map<AdType, TreeMap<AdKey, StoredAd>> ads = new EnumMap<>(AdType.class);
    private PoolCounts counts = PoolCounts.NONE;
    private long updatesReceived;
    private long revisions;

    public AdStore(Duration defaultLifetime) {
        Objects.requireNonNull(defaultLifetime, "defaultLifetime");
        if (defaultLifetime.isNegative() || defaultLifetime.isZero()) {
            throw new IllegalArgumentException("ClassAdLifetime must be positive, got " + defaultLifetime);
        }
        this.defaultLifetime = defaultLifetime;
        for (AdType t : AdType.values()) {
            ads.put(t, new TreeMap<>());
        }
    }

    /** Applies one data indication received at {@code now}; never throws for what a publisher sends. */
    public AdUpdate apply(ObjectData data, Instant now) {
        AdType type = AdType.ofClass(data.id().className());
        if (type == null) {
            return AdUpdate.ignored("the collector does not keep " + data.id().className() + " ads");
        }
        updatesReceived++;
        if (data.agent() == null) {
            return new AdUpdate(AdUpdate.Kind.REJECTED, null, null, data.id() + " came without its agent's name");
        }
        AdKey key = new AdKey(data.id(), data.agent());
        TreeMap<AdKey, StoredAd> ofType = ads.get(type);
        StoredAd previous = ofType.get(key);
        if (data.deleted()) {
            if (previous == null) {
                return AdUpdate.ignored("delete of " + data.id() + ", which the collector does not hold");
            }
            remove(ofType, previous);
            return new AdUpdate(AdUpdate.Kind.DELETED, previous, null, null);
        }
        ClassAd ad;
        try {
            ad = AdMaps.toAd(data.values());
        } catch (IllegalArgumentException e) {
            return new AdUpdate(AdUpdate.Kind.REJECTED, previous, previous, data.id() + ": " + e.getMessage());
        }
        StoredAd current = new StoredAd(type, key, ad, now, now.plus(lifetimeOf(ad)), ++revisions);
        if (previous != null) {
            counts = counts.minus(PoolCounts.of(previous));
        }
        ofType.put(key, current);
        counts = counts.plus(PoolCounts.of(current));
        return new AdUpdate(previous == null ? AdUpdate.Kind.ADDED : AdUpdate.Kind.REPLACED, previous, current, null);
    }

    private Duration lifetimeOf(ClassAd ad) {
        Value own = ad.evaluate(LIFETIME_ATTRIBUTE);
        return own instanceof IntegerValue i && i.value() > 0 ? Duration.ofSeconds(i.value()) : defaultLifetime;
    }

    private void remove(TreeMap<AdKey, StoredAd> ofType, StoredAd ad) {
        ofType.remove(ad.key());
        counts = counts.minus(PoolCounts.of(ad));
    }

    /** Drops every ad whose lifetime has passed at {@code now}; returns them, oldest type first. */
    public List<StoredAd> sweep(Instant now) {
        List<StoredAd> expired = new ArrayList<>();
        for (TreeMap<AdKey, StoredAd> ofType : ads.values()) {
            for (Iterator<StoredAd> it = ofType.values().iterator(); it.hasNext();) {
                StoredAd ad = it.next();
                if (ad.expiredAt(now)) {
                    it.remove();
                    counts = counts.minus(PoolCounts.of(ad));
                    expired.add(ad);
                }
            }
        }
        return expired;
    }

    /** The ads of one type, ordered by object key then agent. */
    public List<StoredAd> ads(AdType type) {
        return List.copyOf(ads.get(type).values());
    }

    public StoredAd get(AdType type, AdKey key) {
        return ads.get(type).get(key);
    }

    /** The answer to {@code collector.Query}: the selected ads, projected. */
    public List<ClassAd> query(AdQuery query) {
        List<ClassAd> out = new ArrayList<>();
        for (StoredAd ad : ads.get(query.type()).values()) {
            if (query.selects(ad.ad())) {
                out.add(query.project(ad.ad()));
            }
        }
        return out;
    }

    public PoolCounts counts() {
        return counts;
    }

    /** Indications received for the classes the collector keeps, refused ones included. */
    public long updatesReceived() {
        return updatesReceived;
    }
}
