package org.harrier.collector.negotiation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Value;

/**
 * Slots that look the same to every request of a cycle: equal in every attribute any request's
 * expressions, or the slot's own Requirements, Rank and resources (transitively), read. A
 * request is judged against a class once, on its first member as advertised, instead of against
 * every slot: what lets one cycle cover 20,000 slots and 1,000 autoclusters. Each placement is
 * still confirmed on the member itself as it is then (partitionable slots shrink as they are
 * carved), so a class can only make a match be missed in a cycle, never a wrong one.
 *
 * <p>Belongs to one plan. {@code head} is the first member not yet wholly taken.
 */
final class SlotClass {
    final int order;
    final Candidate representative;
    final List<Candidate> members = new ArrayList<>();
    int head;

    private SlotClass(int order, SlotOffer first) {
        this.order = order;
        this.representative = new Candidate(first);
    }

    /** Advances {@code head} past members taken whole; the first member worth trying from {@code from}. */
    int firstFree(int from) {
        while (head < members.size() && members.get(head).taken()) {
            head++;
        }
        return Math.max(from, head);
    }

    /** Attributes every slot is judged by, whatever the requests read. */
    private static final List<String> ALWAYS = List.of("requirements", "rank", "start", "slottype", "state", "cpus",
            "memory", "disk", "machineresources", "slotweight", "withinresourcelimits");

    /** Groups {@code candidates} into classes, in order of their first member. */
    static List<SlotClass> group(List<Candidate> candidates, List<ResourceRequest> requests) {
        Set<String> significant = new TreeSet<>(ALWAYS);
        for (ResourceRequest r : requests) {
            r.ad().forEach((name, expr) -> {
                if (!(expr instanceof Value)) {
                    significant.addAll(lower(expr.references()));
                }
            });
        }
        Map<Expr, Set<String>> refs = new HashMap<>();
        for (Candidate c : candidates) {
            close(c.slot().ad(), significant, refs);
        }
        String[] names = significant.toArray(String[]::new);
        Map<Key, SlotClass> classes = new LinkedHashMap<>();
        for (Candidate c : candidates) {
            ClassAd ad = c.slot().ad();
            Expr[] values = new Expr[names.length];
            for (int i = 0; i < names.length; i++) {
                values[i] = ad.lookup(names[i]);
            }
            classes.computeIfAbsent(new Key(values), k -> new SlotClass(classes.size(), c.slot())).members.add(c);
        }
        return List.copyOf(classes.values());
    }

    /** Adds to {@code names} what {@code ad}'s own expressions for those names read, until nothing new appears. */
    private static void close(ClassAd ad, Set<String> names, Map<Expr, Set<String>> refs) {
        List<String> todo = new ArrayList<>(names);
        while (!todo.isEmpty()) {
            String name = todo.remove(todo.size() - 1);
            if (name.equals("machineresources")) {
                // Custom resources count through their own attributes and any consumption policy for them.
                Value v = ad.evaluate(name);
                if (v instanceof org.harrier.classad.StringValue s) {
                    for (String res : s.value().split("[,\\s]+")) {
                        String n = res.toLowerCase(Locale.ROOT);
                        for (String add : n.isEmpty() ? List.<String>of() : List.of(n, "consumption" + n, "total" + n)) {
                            if (names.add(add)) {
                                todo.add(add);
                            }
                        }
                    }
                }
            }
            Expr e = ad.lookup(name);
            if (e == null || e instanceof Value) {
                continue;
            }
            for (String r : refs.computeIfAbsent(e, x -> lower(x.references()))) {
                if (names.add(r)) {
                    todo.add(r);
                }
            }
        }
    }

    private static Set<String> lower(Set<String> names) {
        Set<String> out = new TreeSet<>();
        names.forEach(n -> out.add(n.toLowerCase(Locale.ROOT)));
        return out;
    }

    private record Key(Expr[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }
}
