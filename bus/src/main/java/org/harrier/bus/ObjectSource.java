package org.harrier.bus;

import java.util.function.Consumer;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Predicate;

/**
 * The objects of one class that their service keeps itself; the agent looks them up when a
 * request names one and walks them for a query, instead of holding each. A scheduler's jobs:
 * hosting 500,000 of them one by one cost more heap than the jobs did.
 *
 * <p>Its methods are called on the agent's threads, so they must be safe to call from any
 * thread; what they return is read like any hosted object's state.
 */
public interface ObjectSource {
    /** The object with {@code id} (of the source's class) now, or null. */
    ManagedObject find(ObjectId id);

    /** Every object of the class now. */
    void forEach(Consumer<ManagedObject> each);

    /**
     * The objects a query with {@code where} should consider: every object now, and the
     * source may add ones it keeps elsewhere that {@code where} names exactly (a job that
     * has left the queue, asked for by its id). The agent still tests each against
     * {@code where}.
     */
    default void forEach(Predicate where, Consumer<ManagedObject> each) {
        forEach(each);
    }

    /** The objects of a query that a ClassAd constraint narrows ({@link #selecting}). */
    interface Selection {
        /** As {@link ObjectSource#forEach(Predicate, Consumer)}, each object also satisfying the constraint. */
        void forEach(Predicate where, Consumer<ManagedObject> each);
    }

    /**
     * The objects that satisfy ClassAd expression {@code constraint} (Harrier's
     * {@code _harrier_constraint} on a query), for a source whose objects are ClassAds. The
     * default cannot evaluate one: IllegalArgumentException, answered as a bad parameter, as
     * is a constraint that is not an expression.
     */
    default Selection selecting(String constraint) {
        throw new IllegalArgumentException("objects of this class cannot be selected by a ClassAd constraint");
    }
}
