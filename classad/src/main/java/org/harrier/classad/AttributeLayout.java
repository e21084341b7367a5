package org.harrier.classad;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The shape of an ad: its attribute names in order, their lookup keys and the hash index over
 * them. Ads of the same shape (every proc of a cluster, every slot a startd advertises, every
 * job condor_submit builds from one submit file) share one instance, so each ad stores only its
 * expressions, and lookups across thousands of such ads probe one index that stays in cache.
 *
 * <p>Layouts are interned in a bounded pool; past its limit (hostile or very varied input) a
 * layout is simply not shared. Immutable.
 */
final class AttributeLayout {
    private static final int POOL_LIMIT = 50_000;
    private static final ConcurrentHashMap<AttributeLayout, AttributeLayout> POOL = new ConcurrentHashMap<>();
    private static final AtomicInteger IDS = new AtomicInteger();
    static final AttributeLayout EMPTY = new AttributeLayout(new String[0], new String[0], AttributeIndex.EMPTY, 0);

    final String[] names;
    final String[] keys;
    final int[] index;
    /** Identity for {@link PositionHint}s: positive for pooled layouts, 0 for unshared ones. */
    final int id;
    private final int hash;

    private AttributeLayout(String[] names, String[] keys, int[] index, int id) {
        this.names = names;
        this.keys = keys;
        this.index = index;
        this.id = id;
        this.hash = Arrays.hashCode(names);
    }

    /** The shared layout for these names (as spelled) and keys; the arrays must not change afterwards. */
    static AttributeLayout of(String[] names, String[] keys) {
        if (names.length == 0) {
            return EMPTY;
        }
        // Probe without an index first: most ads have a shape already seen.
        AttributeLayout shared = POOL.get(new AttributeLayout(names, keys, null, 0));
        if (shared != null) {
            return shared;
        }
        int[] index = AttributeIndex.build(keys, keys.length);
        if (POOL.size() >= POOL_LIMIT) {
            return new AttributeLayout(names, keys, index, 0);
        }
        AttributeLayout layout = new AttributeLayout(names, keys, index, PositionHint.nextLayoutId(IDS));
        shared = POOL.putIfAbsent(layout, layout);
        return shared == null ? layout : shared;
    }

    int size() {
        return names.length;
    }

    /** The position of {@code key}, or -1. */
    int find(String key) {
        return AttributeIndex.find(index, keys, key);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AttributeLayout other) || other.hash != hash || other.names.length != names.length) {
            return false;
        }
        for (int i = 0; i < names.length; i++) {
            // Names are shared instances, so identity almost always decides.
            if (names[i] != other.names[i] && !names[i].equals(other.names[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
