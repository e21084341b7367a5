package org.harrier.exec.claim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import org.harrier.rules.Resources;

/**
 * Which named devices (GPU-0, GPU-1, ...) the partitionable slot still holds and which
 * dynamic slot holds the others. Immutable; {@link PartitionableSlot} keeps one.
 *
 * <p>Invariant: for every named resource, the ids held by dynamic slots are distinct and, with
 * the free ones, make up the machine's list; {@link #assign} and {@link #release} keep it and
 * refuse (IllegalArgumentException) what would break it. A dynamic slot gets the first free
 * ids in the machine's order, so the choice is reproducible.
 *
 * @param all  the machine's ids per resource (case-insensitive names), in declared order
 * @param held per dynamic slot name, the ids it holds per resource
 */
public record Devices(Map<String, List<String>> all, Map<String, Map<String, List<String>>> held) {
    public static final Devices NONE = new Devices(Map.of(), Map.of());

    public Devices {
        all = copy(all);
        Map<String, Map<String, List<String>>> h = new TreeMap<>();
        Map<String, Set<String>> taken = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (Map.Entry<String, Map<String, List<String>>> e : held.entrySet()) {
            Map<String, List<String>> ids = copy(e.getValue());
            for (Map.Entry<String, List<String>> r : ids.entrySet()) {
                List<String> known = all.getOrDefault(r.getKey(), List.of());
                for (String id : r.getValue()) {
                    if (!known.contains(id)) {
                        throw new IllegalArgumentException(e.getKey() + " holds " + r.getKey() + " " + id
                                + ", which the machine does not have");
                    }
                    if (!taken.computeIfAbsent(r.getKey(), k -> new HashSet<>()).add(id)) {
                        throw new IllegalArgumentException(r.getKey() + " " + id + " is held by two dynamic slots");
                    }
                }
            }
            if (!ids.isEmpty()) {
                h.put(e.getKey(), ids);
            }
        }
        held = Collections.unmodifiableMap(h);
    }

    public static Devices of(Map<String, List<String>> machineDevices) {
        return new Devices(machineDevices, Map.of());
    }

    private static Map<String, List<String>> copy(Map<String, List<String>> m) {
        Map<String, List<String>> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        m.forEach((k, v) -> {
            if (!v.isEmpty()) {
                out.put(k, List.copyOf(v));
            }
        });
        return Collections.unmodifiableMap(out);
    }

    /** The ids of {@code resource} no dynamic slot holds, in the machine's order. */
    public List<String> free(String resource) {
        List<String> ids = all.getOrDefault(resource, List.of());
        if (ids.isEmpty()) {
            return ids;
        }
        Set<String> used = new HashSet<>();
        for (Map<String, List<String>> h : held.values()) {
            used.addAll(h.getOrDefault(resource, List.of()));
        }
        List<String> out = new ArrayList<>();
        for (String id : ids) {
            if (!used.contains(id)) {
                out.add(id);
            }
        }
        return out;
    }

    /** What dynamic slot {@code slot} holds, per resource (empty if nothing). */
    public Map<String, List<String>> heldBy(String slot) {
        return held.getOrDefault(slot, Map.of());
    }

    /** Gives {@code slot} the first free ids of each named resource {@code amounts} asks for. */
    public Devices assign(String slot, Resources amounts) {
        if (held.containsKey(slot)) {
            throw new IllegalArgumentException(slot + " already holds devices");
        }
        Map<String, List<String>> mine = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (String resource : all.keySet()) {
            long n = amounts.amount(resource);
            if (n == 0) {
                continue;
            }
            List<String> free = free(resource);
            if (free.size() < n) {
                throw new IllegalArgumentException(slot + " needs " + n + " " + resource + ", " + free.size() + " free");
            }
            mine.put(resource, List.copyOf(free.subList(0, (int) n)));
        }
        Map<String, Map<String, List<String>>> next = new TreeMap<>(held);
        next.put(slot, mine);
        return new Devices(all, next);
    }

    /** Gives {@code slot}'s ids back (nothing if it holds none). */
    public Devices release(String slot) {
        if (!held.containsKey(slot)) {
            return this;
        }
        Map<String, Map<String, List<String>>> next = new TreeMap<>(held);
        next.remove(slot);
        return new Devices(all, next);
    }

    /**
     * The machine's lists as re-detected: new ids appear, vanished ones go, except ids a dynamic
     * slot holds, which stay until it gives them back (never take a device from a running job).
     */
    public Devices redetected(Map<String, List<String>> detected) {
        Map<String, List<String>> next = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        Set<String> names = new LinkedHashSet<>(all.keySet());
        names.addAll(detected.keySet());
        for (String resource : names) {
            Set<String> ids = new LinkedHashSet<>(detected.getOrDefault(resource, List.of()));
            for (String id : all.getOrDefault(resource, List.of())) {
                if (!free(resource).contains(id)) {
                    ids.add(id);
                }
            }
            next.put(resource, List.copyOf(ids));
        }
        return new Devices(next, held);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Devices d && all.equals(d.all) && held.equals(d.held);
    }

    @Override
    public int hashCode() {
        return Objects.hash(all.size(), held.keySet());
    }
}
