package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;

/**
 * The procs one queue statement makes, stored the way the scheduler stores a cluster: the ad of
 * its first proc ({@code shared}), and per proc only the attributes that differ between procs
 * ({@code perProc}, empty when none do). Proc {@code k} is {@code shared} with its own
 * attributes laid over it; a varying attribute a proc lacks is not in its ad. ClusterId and
 * ProcId are in neither: they are the scheduler's (and {@link SubmitDescription#jobs}' for -dump).
 */
record ProcBatch(ClassAd shared, Set<String> varying, List<ClassAd> perProc, int count) {
    ProcBatch {
        Objects.requireNonNull(shared, "shared");
        varying = Set.copyOf(varying);
        perProc = List.copyOf(perProc);
        if (count < 1) {
            throw new IllegalArgumentException("a batch has at least one proc, got " + count);
        }
        if (!perProc.isEmpty() && perProc.size() != count) {
            throw new IllegalArgumentException("perProc must be empty or one per proc: " + perProc.size() + " for " + count);
        }
    }

    /** A batch of {@code count} identical procs. */
    static ProcBatch uniform(ClassAd ad, int count) {
        return new ProcBatch(ad, Set.of(), List.of(), count);
    }

    /**
     * A batch from the first proc's full ad and every proc's attributes from the steps that read
     * per-proc variables; attributes those steps made alike for all procs are kept once only.
     */
    static ProcBatch of(ClassAd first, List<ClassAd> live) {
        Set<String> names = new LinkedHashSet<>();
        for (ClassAd part : live) {
            part.forEach((name, expr) -> names.add(Macros.key(name)));
        }
        Set<String> varying = new HashSet<>();
        ClassAd head = live.get(0);
        for (String name : names) {
            Expr e = head.lookup(name);
            for (ClassAd part : live) {
                if (!Objects.equals(e, part.lookup(name))) {
                    varying.add(Macros.key(name));
                    break;
                }
            }
        }
        if (varying.isEmpty()) {
            return uniform(first, live.size());
        }
        if (varying.size() == names.size()) {
            return new ProcBatch(first, varying, live, live.size());
        }
        List<ClassAd> own = new ArrayList<>(live.size());
        for (ClassAd part : live) {
            ClassAd.Builder b = ClassAd.builder();
            part.forEach((name, expr) -> {
                if (varying.contains(Macros.key(name))) {
                    b.set(name, expr);
                }
            });
            own.add(b.build());
        }
        return new ProcBatch(first, varying, own, live.size());
    }

    /** Proc {@code k}'s ad (without ClusterId and ProcId). */
    ClassAd proc(int k) {
        if (perProc.isEmpty()) {
            return shared;
        }
        ClassAd own = perProc.get(k);
        ClassAd.Builder b = shared.toBuilder();
        for (String name : shared.names()) {
            if (varying.contains(Macros.key(name)) && !own.contains(name)) {
                b.remove(name);
            }
        }
        own.forEach(b::set);
        return b.build();
    }
}
