package org.harrier.classad;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a reference node last found its attribute: one {@code int} packing the id of an
 * {@link AttributeLayout} (high bits) and the attribute's position in it plus one (low 12 bits;
 * 0 means "not in this layout"). Ads of one shape share a layout, so a node evaluated against
 * thousands of such ads finds its attribute by one comparison instead of a hash probe.
 *
 * <p>Nodes are shared between threads and keep their hint in a plain field. That is safe: an
 * {@code int} is read and written whole (JLS 17.7), a hint is only ever a complete value some
 * thread computed, and a stale one is merely recomputed. Hint 0 matches no layout.
 */
final class PositionHint {
    /** Returned for ads a hint cannot describe (unshared layout, chained ad, huge ad). */
    static final int NONE = -1;
    private static final int POSITION_BITS = 12;
    private static final int POSITION_MASK = (1 << POSITION_BITS) - 1;
    /** Layout ids must leave the sign bit clear once shifted, so NONE never collides. */
    private static final int MAX_LAYOUT_ID = (1 << (31 - POSITION_BITS)) - 1;

    private PositionHint() {
    }

    /** A fresh positive layout id, or 0 (unhintable) once they run out. */
    static int nextLayoutId(AtomicInteger ids) {
        int id = ids.incrementAndGet();
        return id <= MAX_LAYOUT_ID ? id : 0;
    }

    /**
     * The hint for {@code key} in {@code ad}: {@code hint} itself when it still describes the
     * ad's layout, a recomputed one otherwise, or {@link #NONE}.
     */
    static int resolve(ClassAd ad, String key, int hint) {
        AttributeLayout layout = ad.layoutForHints();
        if (layout == null) {
            return NONE;
        }
        if ((hint >>> POSITION_BITS) == layout.id) {
            return hint;
        }
        int position = layout.find(key);
        if (position >= POSITION_MASK) {
            return NONE;
        }
        return (layout.id << POSITION_BITS) | (position + 1);
    }

    /** The expression a resolved hint points at in {@code ad}, or null if the ad lacks the attribute. */
    static Expr expr(ClassAd ad, int hint) {
        int at = hint & POSITION_MASK;
        return at == 0 ? null : ad.exprAt(at - 1);
    }
}
