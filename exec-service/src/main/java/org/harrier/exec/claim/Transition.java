package org.harrier.exec.claim;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link ClaimTable} transition decided: the table after it, its answer ({@code value},
 * null for none), the {@link Effect}s to apply in order, and {@code refusal} when the call was
 * refused in a way that still changes the table (a refused claim is counted per reason).
 * {@link OwnerThread#commit} takes the new table, applies the effects, then answers or throws the
 * refusal.
 */
public record Transition<T>(ClaimTable table, T value, List<Effect> effects, StartdFailure refusal) {
    public Transition {
        Objects.requireNonNull(table, "table");
        effects = List.copyOf(effects);
    }

    static <T> Transition<T> to(ClaimTable table, T value, List<Effect> effects) {
        return new Transition<>(table, value, effects, null);
    }

    static Transition<Void> to(ClaimTable table, List<Effect> effects) {
        return new Transition<>(table, null, effects, null);
    }

    static <T> Transition<T> refused(ClaimTable table, StartdFailure refusal) {
        return new Transition<>(table, null, List.of(), Objects.requireNonNull(refusal, "refusal"));
    }
}
