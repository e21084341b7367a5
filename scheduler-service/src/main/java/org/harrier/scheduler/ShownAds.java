package org.harrier.scheduler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.PrivateAttributes;

/**
 * Queued ads as a page of the Query method answers them, made at the cost of what the page
 * carries rather than of the whole ad. An ad as consoles see it has CustomId and GlobalJobId
 * written out and its private attributes hidden ({@link JobIdentity#literal},
 * {@link PrivateAttributes#hidden}); making that copy of every job in a walk built two new ads
 * per job, most of them only to be tested and dropped. Here:
 *
 * <ul>
 *   <li>A constraint is tested on the queued ad itself when it has no private attribute, own or
 *       inherited: a written-out CustomId or GlobalJobId evaluates to the string its inherited
 *       expression does, so the verdict is the same. Whether a cluster ad has a private
 *       attribute is found once per cluster, not once per proc.</li>
 *   <li>A projected answer is built from the named attributes alone (and those their
 *       expressions read), in the order the shown ad would list them, with CustomId and
 *       GlobalJobId written out as {@link QueuePage#projected} of the shown ad would have them.</li>
 * </ul>
 *
 * An ad with a private attribute (a claimed job's ClaimId) takes the plain way: the shown copy,
 * then the cut. Not thread-safe: one per page, on the query thread that walks it.
 */
final class ShownAds {
    private static final String CUSTOM_ID = Attr.CUSTOM_ID.toLowerCase(Locale.ROOT);
    private static final String GLOBAL_JOB_ID = Attr.GLOBAL_JOB_ID.toLowerCase(Locale.ROOT);
    private static final String CLUSTER_ID = Attr.CLUSTER_ID.toLowerCase(Locale.ROOT);
    private static final String PROC_ID = Attr.PROC_ID.toLowerCase(Locale.ROOT);

    private final Set<String> projection;
    /** The projection and the cursor's names: all a job needs when its projected attributes read nothing. */
    private final Set<String> plain;
    private final Map<Expr, Set<String>> references = new IdentityHashMap<>();
    private ClassAd parent;
    private boolean parentHides;
    private List<Inherited> parentAttributes;

    /** One attribute an ad inherits: its lower-cased key, its spelling, its expression. */
    private record Inherited(String key, String name, Expr expr) {
    }

    /** {@code projection}: lower-cased names, or null for whole ads. */
    ShownAds(Set<String> projection) {
        this.projection = projection;
        this.plain = projection == null ? null : cursorAnd(projection);
    }

    private static Set<String> cursorAnd(Set<String> projection) {
        Set<String> names = new HashSet<>(projection);
        names.add(CLUSTER_ID);
        names.add(PROC_ID);
        return names;
    }

    /** The ad to test a constraint on: {@code queued} itself when that gives the shown ad's verdict, else the shown ad. */
    ClassAd tested(ClassAd queued) {
        return hides(queued) ? PrivateAttributes.hidden(JobIdentity.literal(queued)) : queued;
    }

    /**
     * What the page carries of a selected job, given its queued ad and the ad {@link #tested}
     * returned for it: the shown ad, or its projection.
     */
    ClassAd answered(ClassAd queued, ClassAd tested) {
        if (tested != queued) {
            return projection == null ? tested : QueuePage.projected(tested, projection);
        }
        return projection == null ? JobIdentity.literal(queued) : projected(queued);
    }

    /**
     * {@link QueuePage#projected} of the shown ad, read from the queued ad (which has nothing to
     * hide), with the shown ad's order and spelling: own attributes first, then CustomId and
     * GlobalJobId where they were inherited and are written out ({@link JobIdentity#literal} makes
     * them the proc's own, spelled as {@link Attr} spells them), then the other inherited ones.
     */
    private ClassAd projected(ClassAd queued) {
        Set<String> needed = needed(queued);
        ClassAd.Builder out = ClassAd.builder();
        Set<String> own = new HashSet<>();
        queued.forEachOwn((name, e) -> {
            String key = name.toLowerCase(Locale.ROOT);
            own.add(key);
            if (needed.contains(key)) {
                Expr shown = written(queued, key, e);
                out.set(shown == e ? name : identityName(key), shown);
            }
        });
        for (String key : List.of(CUSTOM_ID, GLOBAL_JOB_ID)) {
            Expr e = own.contains(key) || !needed.contains(key) ? null : queued.lookup(key);
            if (e != null && written(queued, key, e) instanceof StringValue v && v != e) {
                out.set(identityName(key), v);
                own.add(key);
            }
        }
        if (queued.chainedParent() != null) {
            for (Inherited a : inherited(queued.chainedParent())) {
                if (needed.contains(a.key()) && !own.contains(a.key())) {
                    out.set(a.name(), a.expr());
                }
            }
        }
        return out.build();
    }

    private static String identityName(String key) {
        return key.equals(CUSTOM_ID) ? Attr.CUSTOM_ID : Attr.GLOBAL_JOB_ID;
    }

    /** The names projected, the cursor's, and, transitively, what their expressions read as the shown ad has them. */
    private Set<String> needed(ClassAd queued) {
        if (readsNothing(queued)) {
            return plain;
        }
        Set<String> needed = new HashSet<>(projection);
        needed.add(CLUSTER_ID);
        needed.add(PROC_ID);
        ArrayDeque<String> todo = new ArrayDeque<>(projection);
        while (!todo.isEmpty()) {
            String key = todo.pop();
            Expr e = queued.lookup(key);
            if (e == null || e instanceof Value || written(queued, key, e) != e) {
                continue; // a literal, or an identity the shown ad writes out, reads nothing
            }
            for (String read : references.computeIfAbsent(e, ShownAds::lowerCased)) {
                if (needed.add(read)) {
                    todo.push(read);
                }
            }
        }
        return needed;
    }

    /**
     * Whether each name projected is a literal in {@code queued}, or missing, or an identity the
     * shown ad writes out: then nothing more is needed (so -af ClusterId ProcId, and most of the
     * table's columns, cost no set of names a job).
     */
    private boolean readsNothing(ClassAd queued) {
        for (String key : projection) {
            Expr e = queued.lookup(key);
            if (e != null && !(e instanceof Value) && written(queued, key, e) == e) {
                return false;
            }
        }
        return true;
    }

    /** CustomId and GlobalJobId as the shown ad has them (the string, when an inherited expression makes one); else {@code e}. */
    private static Expr written(ClassAd queued, String key, Expr e) {
        if ((key.equals(CUSTOM_ID) || key.equals(GLOBAL_JOB_ID)) && !(e instanceof Value)
                && queued.evaluate(key) instanceof StringValue v) {
            return v;
        }
        return e;
    }

    private static Set<String> lowerCased(Expr e) {
        Set<String> out = new HashSet<>();
        e.references().forEach(r -> out.add(r.toLowerCase(Locale.ROOT)));
        return out;
    }

    /** Whether {@code queued} has a private attribute: its own are looked at each time, its cluster's once. */
    private boolean hides(ClassAd queued) {
        boolean[] found = {false};
        queued.forEachOwn((name, e) -> found[0] |= PrivateAttributes.isPrivate(name));
        ClassAd p = queued.chainedParent();
        if (found[0] || p == null) {
            return found[0];
        }
        remember(p);
        return parentHides;
    }

    private List<Inherited> inherited(ClassAd p) {
        remember(p);
        return parentAttributes;
    }

    /** Reads a cluster ad once for the run of its procs that a walk meets one after another. */
    private void remember(ClassAd p) {
        if (p == parent) {
            return;
        }
        List<Inherited> attributes = new ArrayList<>();
        boolean[] hidesAny = {false};
        p.forEach((name, e) -> {
            attributes.add(new Inherited(name.toLowerCase(Locale.ROOT), name, e));
            hidesAny[0] |= PrivateAttributes.isPrivate(name);
        });
        parent = p;
        parentHides = hidesAny[0];
        parentAttributes = attributes;
    }
}
